import Foundation
import Testing

/// kill -9 while pinmap saves, again and again: the pins file is always a
/// whole version, the .bak too, and no staging file outlives the next start.
/// `make test` kills 12 runs; `make fuzz` sets PINMAP_KILL_RUNS=300.
@Suite struct KillDuringSaveTests {
    let cli = PinmapCLITests()
    static let runs = Int(ProcessInfo.processInfo.environment["PINMAP_KILL_RUNS"] ?? "") ?? 12
    static let others = 3000

    /// A pin at the map's centre and thousands of others far away, so each
    /// save writes a few hundred kilobytes.
    static func pinsText() -> String {
        var features = [#"{"type": "Feature", "id": "moved", "geometry": {"type": "Point", "coordinates": [10, 30]}, "properties": {"title": "Moved"}}"#]
        for i in 0..<others {
            let lon = -170 + Double(i % 300), lat = -60 + Double(i / 300) * 0.5
            features.append(#"{"type": "Feature", "id": "p\#(i)", "geometry": {"type": "Point", "coordinates": [\#(lon), \#(lat)]}, "properties": {"title": "Pin \#(i)"}}"#)
        }
        return "{\"type\": \"FeatureCollection\", \"features\": [\n  " + features.joined(separator: ",\n  ") + "\n]}\n"
    }

    /// Drags the centre pin right and back, 6,000 times: each drop saves.
    static func scriptText() -> String {
        var events: [String] = []
        var t = 0.0
        for i in 0..<6000 {
            let (from, to) = i % 2 == 0 ? (400.0, 430.0) : (430.0, 400.0)
            events.append(#"{"at":\#(t),"type":"mouse-down","x":\#(from),"y":280,"button":"left"}"#)
            events.append(#"{"at":\#(t + 0.02),"type":"mouse-move","x":\#(from + (to - from) / 2),"y":280}"#)
            events.append(#"{"at":\#(t + 0.04),"type":"mouse-move","x":\#(to),"y":280}"#)
            events.append(#"{"at":\#(t + 0.06),"type":"mouse-up","x":\#(to),"y":280,"button":"left"}"#)
            t += 1
        }
        return "{\"events\":[" + events.joined(separator: ",\n") + "]}"
    }

    /// Nil when `text` is a whole version of the file: it parses, holds
    /// every pin, and only the moved one may differ from the original.
    static func problem(with bytes: Data, original: [String]) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any],
              let features = object["features"] as? [[String: Any]] else { return "not a whole JSON file" }
        guard features.count == others + 1 else { return "\(features.count) features" }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        guard lines.count == original.count else { return "\(lines.count) lines, not \(original.count)" }
        for (line, before) in zip(lines, original) where line != before && !line.contains("\"moved\"") {
            return "a pin that never moved changed: \(line)"
        }
        return nil
    }

    static func inode(of url: URL) -> UInt64? {
        var info = stat()
        return stat(url.path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    @Test func theFileIsAlwaysAWholeVersion() throws {
        let dir = try cli.temporaryFolder()
        let pins = dir.appendingPathComponent("pins.geojson"), script = dir.appendingPathComponent("drag.json")
        let original = KillDuringSaveTests.pinsText()
        try Data(original.utf8).write(to: pins)
        try Data(KillDuringSaveTests.scriptText().utf8).write(to: script)
        let originalLines = original.split(separator: "\n").map(String.init)
        var random = SystemRandomNumberGenerator()
        var leftovers = 0, sawBackup = false
        for run in 0..<KillDuringSaveTests.runs {
            let process = Process()
            process.executableURL = PinmapCLITests.products.appendingPathComponent("pinmap")
            process.arguments = ["--headless", "--pins", pins.path, "--center", "30,10", "--zoom", "4",
                                 "--size", "800x600", "--script", script.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            // Each run starts from the original, so its first drag finds the pin.
            try Data(original.utf8).write(to: pins)
            let before = KillDuringSaveTests.inode(of: pins)
            try process.run()
            // Kill once saving is under way (the file was replaced at least
            // once), however slowly a busy machine started the run.
            let deadline = Date().addingTimeInterval(30)
            while KillDuringSaveTests.inode(of: pins) == before && Date() < deadline && process.isRunning {
                Thread.sleep(forTimeInterval: 0.01)
            }
            Thread.sleep(forTimeInterval: Double.random(in: 0...0.6, using: &random))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "run \(run) was still saving when killed")
            let problem = KillDuringSaveTests.problem(with: try Data(contentsOf: pins), original: originalLines)
            #expect(problem == nil, "run \(run): pins.geojson: \(problem ?? "")")
            let backup = dir.appendingPathComponent("pins.geojson.bak")
            if FileManager.default.fileExists(atPath: backup.path) {
                sawBackup = true
                let problem = KillDuringSaveTests.problem(with: try Data(contentsOf: backup), original: originalLines)
                #expect(problem == nil, "run \(run): pins.geojson.bak: \(problem ?? "")")
            }
            leftovers += try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }.count
        }
        #expect(sawBackup, "the runs got as far as saving")
        // The next start clears what any killed run left.
        let shot = dir.appendingPathComponent("after.png")
        let outcome = try cli.pinmap(["--headless", "--pins", pins.path, "--size", "64x64", "--screenshot", shot.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == ["after.png", "drag.json", "pins.geojson", "pins.geojson.bak"])
        print("kill loop: \(KillDuringSaveTests.runs) kills, \(leftovers) staging files seen right after a kill, 0 after the next start")
    }
}
