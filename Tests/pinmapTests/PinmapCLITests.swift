import Foundation
import Testing

/// Runs the built `pinmap` binary as a user would and checks its output,
/// exit codes and messages.
@Suite struct PinmapCLITests {
    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The folder of built products, where the test binary itself lives.
    static let products: URL = {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: here.appendingPathComponent("pinmap").path) { return here }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug")
    }()

    /// Runs pinmap and waits for it; one still running after `timeout`
    /// seconds is killed (a hang fails its test rather than the whole run).
    func pinmap(_ arguments: [String], executable: URL = products.appendingPathComponent("pinmap"),
                environment: [String: String]? = nil, timeout: Double = 180) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // No test reaches another address: the embedded world's street detail stays off unless a test sets it.
        process.environment = (environment ?? ProcessInfo.processInfo.environment).merging(["PINMAP_OFFLINE": "1"]) { own, _ in own }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                       stderr: String(decoding: stderr, as: UTF8.self))
    }

    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func headlessScreenshotsAndDumpsAreByteIdenticalAcrossRuns() throws {
        let dir = try temporaryFolder()
        let script = dir.appendingPathComponent("s.json")
        try Data("""
            {"events":[{"at":0.0,"type":"mouse-down","x":400,"y":300,"button":"left"},
            {"at":0.1,"type":"mouse-move","x":450,"y":300},
            {"at":0.2,"type":"mouse-up","x":450,"y":300,"button":"left"},
            {"at":0.3,"type":"wheel","x":400,"y":300,"dy":1},
            {"at":0.4,"type":"key","key":"escape"},
            {"at":1.0,"type":"screenshot","path":"\(dir.path)/mid.png"}]}
            """.utf8).write(to: script)
        var files: [[Data]] = []
        for run in 0..<2 {
            let png = dir.appendingPathComponent("out\(run).png"), json = dir.appendingPathComponent("out\(run).json")
            let outcome = try pinmap(["--headless", "--size", "800x600", "--center", "48.85,2.35", "--zoom", "4.5",
                                      "--script", script.path, "--screenshot", png.path, "--dump-scene", json.path])
            #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
            files.append([try Data(contentsOf: png), try Data(contentsOf: json),
                          try Data(contentsOf: dir.appendingPathComponent("mid.png"))])
        }
        #expect(files[0] == files[1])
        let dump = try JSONSerialization.jsonObject(with: files[0][1]) as? [String: Any]
        let camera = dump?["camera"] as? [String: Any]
        #expect(camera?["zoom"] as? Double == 5, "the wheel notch zoomed half a level")
        #expect(camera?["size"] as? [Double] == [800, 600])
        let commands = dump?["commands"] as? [[String: Any]] ?? []
        #expect(commands.contains { $0["kind"] as? String == "tile" && $0["z"] as? Int == 5 })
        // The credit line names both sources: the tiles and the place names.
        #expect(commands.last?["text"] as? String == "Made with Natural Earth · Shores: GSHHG · Place names: GeoNames")
    }

    @Test(arguments: [
        (["--headless", "--screenshot", "x.png", "--center", "95,0"], "--center: latitude 95.0 is outside -90...90"),
        (["--headless", "--screenshot", "x.png", "--center", "paris"], "--center: \"paris\" is not LAT,LON"),
        (["--headless", "--screenshot", "x.png", "--zoom", "21"], "--zoom: \"21\" is not a zoom level from 0 to 20"),
        (["--headless", "--screenshot", "x.png", "--size", "800"], "--size: \"800\" is not WIDTHxHEIGHT"),
        (["--headless", "--screenshot", "x.png", "--size", "0x600"], "--size: 0x600 is out of range"),
        (["--headless", "--screenshot", "x.png", "--tiles", "/nonexistent/tiles"], "--tiles: /nonexistent/tiles: no such folder"),
        (["--headless", "--screenshot", "x.png", "--tiles", "/nonexistent/town.mbtiles"], "--tiles: /nonexistent/town.mbtiles: no such file"),
        (["--headless", "--screenshot", "x.png", "--tiles", "/nonexistent/town.pmtiles"], "--tiles: /nonexistent/town.pmtiles: no such file"),
        (["--headless", "--screenshot", "x.png", "--tiles", "/tmp/pinmap-empty-tiles"], "--tiles: /tmp/pinmap-empty-tiles: no tiles found"),
        (["--headless", "--script", "/nonexistent/s.json"], "/nonexistent/s.json: cannot be read"),
        (["--headless"], "--headless needs something to write"),
        (["--frobnicate"], "Unknown option '--frobnicate'"),
        (["--headless", "--screenshot", "x.png", "--tile-cache-disk-mb", "9223372036854775807"],
         "--tile-cache-disk-mb: 9223372036854775807 is out of range: 1 to 1048576 MB (1 TB)"),
        (["--headless", "--screenshot", "x.png", "--tile-cache-mb=-1"], "--tile-cache-mb: -1 is out of range"),
    ])
    func badInputGetsOneLineAndExitCode2(_ arguments: [String], _ message: String) throws {
        try FileManager.default.createDirectory(atPath: "/tmp/pinmap-empty-tiles", withIntermediateDirectories: true)
        let outcome = try pinmap(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("pinmap: " + message), "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1)
    }

    @Test func anInvalidScriptNamesTheEventAndField() throws {
        let dir = try temporaryFolder()
        let script = dir.appendingPathComponent("bad.json")
        try Data(#"{"events":[{"at":0,"type":"quit"},{"at":1,"type":"wheel","x":"left","y":2}]}"#.utf8).write(to: script)
        let outcome = try pinmap(["--headless", "--script", script.path])
        #expect(outcome.status == 2)
        #expect(outcome.stderr == "pinmap: \(script.path): event 1: field \"x\": must be a number\n")
    }

    @Test func withoutADisplayTheWindowSuggestsHeadless() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        let outcome = try pinmap([], environment: environment)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("no display") && outcome.stderr.contains("--headless"))
    }

    @Test func aCorruptTileIsReportedOnceByNameAndTheRunSucceeds() throws {
        let dir = try temporaryFolder()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("tiles/0/0"), withIntermediateDirectories: true)
        try Data("garbage".utf8).write(to: dir.appendingPathComponent("tiles/0/0/0.png"))
        let outcome = try pinmap(["--headless", "--tiles", dir.appendingPathComponent("tiles").path, "--zoom", "0",
                                  "--size", "256x256", "--screenshot", dir.appendingPathComponent("o.png").path])
        #expect(outcome.status == 0)
        let warnings = outcome.stderr.split(separator: "\n").filter { $0.contains("0/0/0.png") }
        #expect(warnings.count == 1, "stderr: \(outcome.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("o.png").path))
    }

    @Test func aCopiedBinaryFindsItsCopiedBundle() throws {
        let dir = try temporaryFolder()
        let bundle = try FileManager.default.contentsOfDirectory(atPath: Self.products.path)
            .first { $0.hasSuffix("PinmapResources.resources") }
        let bundleName = try #require(bundle)
        try FileManager.default.copyItem(at: Self.products.appendingPathComponent("pinmap"),
                                         to: dir.appendingPathComponent("pinmap"))
        try FileManager.default.copyItem(at: Self.products.appendingPathComponent(bundleName),
                                         to: dir.appendingPathComponent(bundleName))
        let copied = dir.appendingPathComponent("pinmap")
        let where_ = try pinmap(["resources"], executable: copied)
        #expect(where_.stdout.contains("tiles \(dir.path)/\(bundleName)/Tiles"), "stdout: \(where_.stdout)")
        #expect(where_.stdout.contains("world \(dir.path)/\(bundleName)/World/world.mbtiles"), "stdout: \(where_.stdout)")
        let shot = dir.appendingPathComponent("o.png")
        let outcome = try pinmap(["--headless", "--zoom", "1", "--size", "300x200", "--screenshot", shot.path],
                                 executable: copied)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(FileManager.default.fileExists(atPath: shot.path))
    }
}
