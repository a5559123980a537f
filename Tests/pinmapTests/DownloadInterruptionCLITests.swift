import Foundation
import MapEngine
import Testing
import TileSources

/// A download cut off every way it can be (killed at random points, its
/// server killed, its disk full) leaves a readable area file, and the same
/// command carries on to a file with every tile, byte for byte what the
/// server holds. The server is Python's on 127.0.0.1, over the embedded
/// world's tiles, a little slow so that there is a middle to cut into.
@Suite struct DownloadInterruptionCLITests {
    let cli = PinmapCLITests()
    static let plan = try! AreaPlan(south: -80, west: -170, north: 80, east: 170, zooms: 0...4)

    func environment(_ home: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        return environment
    }

    func arguments(_ server: StaticServer) -> [String] {
        ["download", "--bbox=-80,-170,80,170", "--zoom", "0-4", "--source", "\(server.base)/{z}/{x}/{y}.png", "--name", "world"]
    }

    /// Starts pinmap without waiting for it.
    func start(_ arguments: [String], environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = PinmapCLITests.products.appendingPathComponent("pinmap")
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Every tile of the plan is in the area file, as the server's file.
    func expectEveryTileAsServed(_ home: URL) throws {
        let area = try MBTilesSource(path: home.appendingPathComponent("data/pinmap/areas/world.mbtiles").path)
        var missing = 0
        for tile in Self.plan.tiles {
            let served = try Data(contentsOf: DownloadCLITests.tiles.appendingPathComponent("\(tile.z)/\(tile.x)/\(tile.y).png"))
            if try area.data(for: tile) != served { missing += 1 }
        }
        #expect(missing == 0, "\(missing) of \(Self.plan.tileCount) tiles missing or different")
    }

    @Test func aDownloadKilledAtRandomPointsResumesToEveryTileByteForByte() throws {
        let server = try StaticServer(folder: DownloadCLITests.tiles, delay: 0.01)
        let home = try cli.temporaryFolder()
        var random = SystemRandomNumberGenerator()
        for _ in 0..<3 {
            let run = try start(arguments(server), environment: environment(home))
            Thread.sleep(forTimeInterval: Double.random(in: 0.3...0.9, using: &random))
            kill(run.processIdentifier, SIGKILL)
            run.waitUntilExit()
            // What a killed run leaves is a readable file: SQLite's journal undoes a batch cut in the middle.
            let area = home.appendingPathComponent("data/pinmap/areas/world.mbtiles")
            if FileManager.default.fileExists(atPath: area.path) { _ = try AreaFile(path: area.path).tiles() }
        }
        let last = try cli.pinmap(arguments(server), environment: environment(home))
        #expect(last.status == 0, "\(last.stderr)")
        try expectEveryTileAsServed(home)
    }

    @Test func aServerKilledMidDownloadStopsTheRunSoonAndTheNextRunCarriesOn() throws {
        let www = DownloadCLITests.tiles
        var server = try StaticServer(folder: www, delay: 0.02)
        let home = try cli.temporaryFolder()
        let started = Date()
        let pid = server.process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.6) { kill(pid, SIGKILL) }
        let result = try cli.pinmap(arguments(server), environment: environment(home), timeout: 60)
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("stopped: the server did not answer"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 20, "the run stops soon after its server goes, instead of waiting out every tile")
        server.kill()
        server = try StaticServer(folder: www, port: server.port)
        let again = try cli.pinmap(arguments(server), environment: environment(home))
        #expect(again.status == 0, "\(again.stderr)")
        try expectEveryTileAsServed(home)
    }

    @Test func aFullDiskStopsTheDownloadWithItsTilesWholeAndTheNextRunCarriesOn() throws {
        let server = try StaticServer(folder: DownloadCLITests.tiles)
        let home = try cli.temporaryFolder()
        // The file may not grow past 600 KB (a full disk, as a write sees it).
        let full = try cli.pinmap(["-c", "ulimit -f 600; exec \"$0\" \"$@\"", PinmapCLITests.products.appendingPathComponent("pinmap").path]
                                  + arguments(server), executable: URL(fileURLWithPath: "/bin/sh"), environment: environment(home))
        #expect(full.status != 0, "the run fails when its file cannot grow")
        #expect(full.stderr.contains("tiles could not be written") && full.stderr.contains("is the disk full?"), "\(full.stderr)")
        let file = home.appendingPathComponent("data/pinmap/areas/world.mbtiles")
        let kept = try AreaFile(path: file.path).tiles()
        #expect(!kept.isEmpty && kept.count < Self.plan.tileCount, "\(kept.count) tiles kept, whole")
        let again = try cli.pinmap(arguments(server), environment: environment(home))
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("\(Self.plan.tileCount)/\(Self.plan.tileCount) tiles"), "\(again.stderr)")
        try expectEveryTileAsServed(home)
    }
}
