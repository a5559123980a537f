import Foundation
import Testing

/// The campaign's inputs, as a user would hand them to pinmap: each ends
/// with a clear message or a normal run, never a crash or a hang.
@Suite struct HostileInputCLITests {
    let cli = PinmapCLITests()

    func write(_ text: String, to url: URL) throws { try Data(text.utf8).write(to: url) }

    @Test func pinsPathsThatAreNotFilesSayWhatTheyAre() throws {
        let dir = try cli.temporaryFolder()
        mkfifo(dir.appendingPathComponent("fifo.geojson").path, 0o644)
        symlink("loop.geojson", dir.appendingPathComponent("loop.geojson").path)
        let cases = [(dir.path, "it is a folder, not a file"),
                     (dir.appendingPathComponent("fifo.geojson").path, "it is a named pipe (FIFO), not a regular file"),
                     (dir.appendingPathComponent("loop.geojson").path, "its symbolic links form a loop")]
        for (path, words) in cases {
            let outcome = try cli.pinmap(["--headless", "--pins", path, "--screenshot", dir.appendingPathComponent("x.png").path])
            #expect(outcome.status != 0)
            #expect(outcome.stderr.contains("\(path): cannot be read: \(words)"), "\(outcome.stderr)")
            #expect(!outcome.stderr.contains("NSCocoaErrorDomain"))
        }
    }

    @Test func farFutureScriptTimesAreRefusedAndLongWaitsAreQuick() throws {
        let dir = try cli.temporaryFolder()
        let far = dir.appendingPathComponent("far.json")
        try write(#"{"events":[{"at":1e308,"type":"quit"}]}"#, to: far)
        let refused = try cli.pinmap(["--headless", "--no-pins", "--script", far.path])
        #expect(refused.status != 0 && refused.stderr.contains("field \"at\""), "\(refused.stderr)")
        let hour = dir.appendingPathComponent("hour.json")
        try write(#"{"events":[{"at":3600,"type":"screenshot","path":"\#(dir.path)/hour.png"}]}"#, to: hour)
        let start = Date()
        let waited = try cli.pinmap(["--headless", "--no-pins", "--size", "200x150", "--script", hour.path])
        #expect(waited.status == 0, "\(waited.stderr)")
        #expect(Date().timeIntervalSince(start) < 30, "an idle hour of virtual time is skipped, not stepped")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("hour.png").path))
    }

    @Test func aHugeDroppedPinNumberInTheFileDoesNotOverflow() throws {
        let dir = try cli.temporaryFolder()
        let pins = dir.appendingPathComponent("pins.geojson")
        try write("""
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": "dropped-9223372036854775807", "geometry": {"type": "Point", "coordinates": [2.35, 48.85]}, "properties": {}}
            ]}
            """, to: pins)
        let script = dir.appendingPathComponent("l.json")
        try write(#"{"events":[{"at":0.1,"type":"key","key":"l"},{"at":1.5,"type":"quit"}]}"#, to: script)
        let outcome = try cli.pinmap(["--headless", "--pins", pins.path, "--location", "48.86,2.34", "--script", script.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let saved = try String(contentsOf: pins, encoding: .utf8)
        #expect(saved.contains("\"dropped-1\"") && saved.contains("dropped-9223372036854775807"))
    }

    @Test func deepZoomAndATinyCacheFinishQuickly() throws {
        let dir = try cli.temporaryFolder()
        let shot = dir.appendingPathComponent("deep.png")
        let deep = try cli.pinmap(["--headless", "--no-pins", "--center", "48.8566,2.3522", "--zoom", "12",
                                   "--size", "800x600", "--screenshot", shot.path])
        #expect(deep.status == 0, "\(deep.stderr)")
        let small = try cli.pinmap(["--headless", "--no-pins", "--tile-cache-mb", "2", "--zoom", "4.4",
                                    "--size", "1024x768", "--screenshot", shot.path])
        #expect(small.status == 0, "\(small.stderr)")
        #expect(small.stderr.contains("smaller than one screen of tiles needs"))
    }
}

/// Memory over a long session: once warmed up it stops growing.
@Suite struct MemorySoakCLITests {
    let cli = PinmapCLITests()

    @Test func residentMemoryStopsGrowingAfterWarmUp() throws {
        let outcome = try cli.pinmap(["bench", "--soak", "2400", "--json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let figures = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Double] ?? [:]
        let growth = try #require(figures["soak_rss_growth_second_half_pct"])
        #expect(growth < 10, "\(figures)")
        print("soak: \(figures)")
    }
}

/// The hostile-recordings corpus: a recording is someone else's file. Its
/// header may carry only the flags a recording writes; every problem is
/// said as the recording's, in one line, quoting nothing of other files.
@Suite struct HostileRecordingCLITests {
    let cli = PinmapCLITests()

    func recording(_ header: String, in dir: URL) throws -> String {
        let file = dir.appendingPathComponent("session-\(UUID().uuidString.prefix(8)).json")
        try Data(#"{"recording":\#(header),"events":[{"at":0.1,"type":"quit"}]}"#.utf8).write(to: file)
        return file.path
    }

    @Test func everyProblemIsTheRecordingsInOneLine() throws {
        let dir = try cli.temporaryFolder()
        let secret = dir.appendingPathComponent("secret.txt")
        try Data("root:$6$saltsalt$hash:19000:0:99999:7:::\n".utf8).write(to: secret)
        let many = Array(repeating: "\"--no-controls\"", count: 10_000).joined(separator: ",")
        let cases: [(String, String)] = [
            (#"{"width":1000000,"height":1000000,"flags":[]}"#, "its recorded window size 1000000x1000000 is out of range"),
            (#"{"width":800,"height":600,"flags":["--pins","\#(secret.path)"]}"#, "its recorded flags: \(secret.path):1:1: not JSON"),
            (#"{"width":800,"height":600,"flags":["--help"]}"#, "its recorded flags: \"--help\" is not a flag a recording carries"),
            (#"{"width":800,"height":600,"flags":["--record","/tmp/x.json"]}"#, "\"--record\" is not a flag a recording carries"),
            (#"{"width":800,"height":600,"flags":["--zoom","99"]}"#, "its recorded flags: --zoom: \"99\" is not a zoom level"),
            (#"{"width":800,"height":600,"flags":[\#(many)]}"#, "its recorded flags are 10000 words; a recording carries at most 100"),
        ]
        for (header, words) in cases {
            let file = try recording(header, in: dir)
            let start = Date()
            let outcome = try cli.pinmap(["--headless", "--script", file])
            #expect(outcome.status == 2)
            #expect(outcome.stderr.hasPrefix("pinmap: \(file): "), "\(outcome.stderr)")
            #expect(outcome.stderr.contains(words), "\(outcome.stderr)")
            #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
            #expect(!outcome.stderr.contains("root") && !outcome.stderr.contains("'r'"), "nothing of the file is quoted")
            #expect(Date().timeIntervalSince(start) < 5)
        }
    }

    @Test func aRecordingWithANegativeCentreStillReplays() throws {
        let dir = try cli.temporaryFolder()
        let file = try recording(#"{"width":400,"height":300,"flags":["--center","-33.86,151.2","--zoom","3","--no-pins"]}"#, in: dir)
        let shot = dir.appendingPathComponent("sydney.png").path
        let outcome = try cli.pinmap(["--headless", "--script", file, "--screenshot", shot])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(FileManager.default.fileExists(atPath: shot))
    }
}
