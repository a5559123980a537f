import Foundation
import MapEngine
import Testing
import TileSources

/// `pinmap download` and `pinmap areas` as a user meets them, against a
/// static server of the embedded world's tiles on 127.0.0.1.
@Suite struct DownloadCLITests {
    let cli = PinmapCLITests()

    static let tiles = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Resources/Tiles").standardized

    @Test func anAreaIsDownloadedListedDrawnOfflineAndDeleted() throws {
        let server = try StaticServer(folder: Self.tiles)
        let home = try cli.temporaryFolder()
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        let template = "\(server.base)/{z}/{x}/{y}.png"
        let download = try cli.pinmap(["download", "--bbox=-80,-170,80,170", "--zoom", "0-3", "--source", template, "--name", "world"],
                                      environment: environment)
        #expect(download.status == 0, "stderr: \(download.stderr)")
        #expect(download.stderr.contains("world: 85 tiles at zooms 0–3"), "the count and size are said first: \(download.stderr)")
        #expect(download.stderr.contains("85/85 tiles"), "progress lines off a terminal: \(download.stderr)")
        let file = home.appendingPathComponent("data/pinmap/areas/world.mbtiles")
        #expect(FileManager.default.fileExists(atPath: file.path))

        let again = try cli.pinmap(["download", "--bbox=-80,-170,80,170", "--zoom", "0-3", "--source", template, "--name", "world"],
                                   environment: environment)
        #expect(again.status == 0 && again.stderr.contains("85/85 tiles, 0.0 MB"), "a finished area fetches nothing: \(again.stderr)")

        let areas = try cli.pinmap(["areas"], environment: environment)
        #expect(areas.status == 0 && areas.stdout.contains("world\tzooms 0–3\t85 tiles"), "\(areas.stdout)")

        // With the server gone, the area draws the map.
        kill(server.process.processIdentifier, SIGKILL)
        server.process.waitUntilExit()
        let shot = home.appendingPathComponent("offline.png")
        let offline = try cli.pinmap(["--headless", "--no-pins", "--tiles", file.path, "--zoom", "2", "--size", "256x128",
                                      "--screenshot", shot.path], environment: environment)
        #expect(offline.status == 0, "stderr: \(offline.stderr)")
        #expect(FileManager.default.fileExists(atPath: shot.path))

        let delete = try cli.pinmap(["areas", "--delete", "world"], environment: environment)
        #expect(delete.status == 0 && !FileManager.default.fileExists(atPath: file.path))
    }

    @Test func bulkDownloadsFromOpenStreetMapAndAreasOverTheCapAreRefused() throws {
        let home = try cli.temporaryFolder()
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = home.path
        let osm = try cli.pinmap(["download", "--bbox", "47.3,8.4,47.4,8.6", "--source", "https://tile.openstreetmap.org/{z}/{x}/{y}.png"],
                                 environment: environment)
        #expect(osm.status != 0 && osm.stderr.contains("forbid bulk downloads"), "\(osm.stderr)")
        let large = try cli.pinmap(["download", "--bbox", "40,0,50,20", "--zoom", "9-14", "--source", "http://127.0.0.1:9/{z}/{x}/{y}.png"],
                                   environment: environment)
        #expect(large.status != 0 && large.stderr.contains("over the cap of 30000"), "\(large.stderr)")
        // The cap is a setting: areaMaxTiles in settings.json.
        let config = home.appendingPathComponent("config/pinmap")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data(#"{"areaMaxTiles": 50}"#.utf8).write(to: config.appendingPathComponent("settings.json"))
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        let capped = try cli.pinmap(["download", "--bbox=-80,-170,80,170", "--zoom", "0-3", "--source", "http://127.0.0.1:9/{z}/{x}/{y}.png"],
                                    environment: environment)
        #expect(capped.status != 0 && capped.stderr.contains("85 tiles is over the cap of 50"), "\(capped.stderr)")
        let bad = try cli.pinmap(["download", "--bbox", "47.4,8.4,47.3,8.6"], environment: environment)
        #expect(bad.status != 0 && bad.stderr.contains("south must be below its north"), "\(bad.stderr)")
    }

    @Test func anAreaIsUpdatedFromWhereItCameFromAndAnUnknownOneIsNamed() throws {
        let home = try cli.temporaryFolder()
        let www = home.appendingPathComponent("www")
        for z in 0...1 {
            try FileManager.default.createDirectory(at: www.appendingPathComponent("\(z)"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Self.tiles.appendingPathComponent("\(z)").appendingPathComponent("0"),
                                             to: www.appendingPathComponent("\(z)/0"))
            if z == 1 { try FileManager.default.copyItem(at: Self.tiles.appendingPathComponent("1/1"), to: www.appendingPathComponent("1/1")) }
        }
        let server = try StaticServer(folder: www)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        let download = try cli.pinmap(["download", "--bbox=-80,-170,80,170", "--zoom", "0-1", "--source", "\(server.base)/{z}/{x}/{y}.png",
                                       "--name", "small"], environment: environment)
        #expect(download.status == 0, "\(download.stderr)")
        // The server's tile changes; an update asks the server for every tile again, past the disk cache.
        let changed = try Data(contentsOf: Self.tiles.appendingPathComponent("3/4/2.png"))
        try changed.write(to: www.appendingPathComponent("1/1/0.png"))
        let update = try cli.pinmap(["areas", "--update", "small"], environment: environment)
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stderr.contains("5/5 tiles"), "\(update.stderr)")
        let area = try MBTilesSource(path: home.appendingPathComponent("data/pinmap/areas/small.mbtiles").path)
        #expect(try area.data(for: TileID(z: 1, x: 1, y: 0)) == changed)
        let unknown = try cli.pinmap(["areas", "--update", "nowhere"], environment: environment)
        #expect(unknown.status != 0 && unknown.stderr.contains("no area named nowhere"), "\(unknown.stderr)")
    }
}
