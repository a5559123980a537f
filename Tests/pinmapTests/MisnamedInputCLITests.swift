import Foundation
import Testing

/// Input that was read as something it is not, or blamed on a flag nobody
/// gave, from the hostile-input campaign: each is now named for what it is
/// and where it came from.
@Suite struct MisnamedInputCLITests {
    let cli = PinmapCLITests()

    func shoot(_ arguments: [String], in dir: URL) throws -> PinmapCLITests.Outcome {
        try cli.pinmap(["--headless", "--size", "200x100", "--screenshot", dir.appendingPathComponent("shot.png").path] + arguments,
                       timeout: 60)
    }

    @Test func aStylesViewOutOfRangeIsNamedAsTheStyles() throws {
        let dir = try cli.temporaryFolder()
        let style = dir.appendingPathComponent("view.json")
        try Data(#"{"version": 8, "bearing": 1e308, "center": [1e308, 1e308], "zoom": 1e308, "sources": {}, "layers": [{"id": "b", "type": "background"}]}"#.utf8)
            .write(to: style)
        let outcome = try shoot(["--no-pins", "--style", style.path], in: dir)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("--bearing"), "no flag was given: \(outcome.stderr)")
        #expect(outcome.stderr.contains(#"view.json: "center" is not [longitude, latitude] within -180 to 180 and -90 to 90; left out"#), "\(outcome.stderr)")
        #expect(outcome.stderr.contains(#"view.json: "zoom" is 1e+308, past 0 to 19; it opens at 19"#), "\(outcome.stderr)")
        try Data(#"{"version": 8, "center": [0, 91], "sources": {}, "layers": []}"#.utf8).write(to: style)
        #expect(try shoot(["--no-pins", "--style", style.path], in: dir).stderr.contains(#""center" is not [longitude, latitude]"#))
    }

    @Test(arguments: [("--bearing", "0x10"), ("--zoom", "0x4"), ("--pitch", "inf"), ("--center", "0x10,5")])
    func aNumberIsWrittenInDecimal(_ flag: String, _ value: String) throws {
        let dir = try cli.temporaryFolder()
        let outcome = try shoot(["--no-pins", "\(flag)=\(value)"], in: dir)
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("pinmap: \(flag): "), "\(outcome.stderr)")
    }

    @Test func aFileNameThatIsNotUTF8IsNamedAsSuch() throws {
        let dir = try cli.temporaryFolder()
        // "walk\xE9.gpx", a Latin-1 name, made by its bytes.
        let name = Array(dir.path.utf8) + Array("/walk".utf8) + [0xE9] + Array(".gpx".utf8) + [0]
        let descriptor = name.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644) }
        #expect(descriptor >= 0)
        close(descriptor)
        let process = Process()
        // Process takes Strings, which are UTF-8: the name's bytes go through the shell's printf instead.
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" --headless --size 100x100 --screenshot \"$1\"/o.png \"$1\"/\"$(printf 'walk\\351.gpx')\"",
                             PinmapCLITests.products.appendingPathComponent("pinmap").path, dir.path]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(stderr.contains("this name is not UTF-8 text") && !stderr.contains("no such file"), "\(stderr)")
    }

    @Test func aFeatureCollectionWithStyleLikeMembersIsStillPins() throws {
        let dir = try cli.temporaryFolder()
        let file = dir.appendingPathComponent("places.json")
        try Data(#"{"type": "FeatureCollection", "version": 8, "layers": [], "features": [{"type": "Feature", "properties": {"title": "Here"}, "geometry": {"type": "Point", "coordinates": [8.5, 47.4]}}]}"#.utf8)
            .write(to: file)
        let dump = dir.appendingPathComponent("scene.json")
        let outcome = try cli.pinmap(["--headless", "--size", "200x100", "--dump-scene", dump.path, file.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try String(contentsOf: dump, encoding: .utf8).contains(#""coordinate":[47.4,8.5]"#), "the pin is shown")
    }

    @Test func aGeoJSONSourcesWarningNamesTheSource() throws {
        let dir = try cli.temporaryFolder()
        let expression = HostileStyleCLITests.doublingText
        let style = dir.appendingPathComponent("names.json")
        try Data(#"""
            {"version": 8, "sources": {"pts": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {"name": "x"}, "geometry": {"type": "Point", "coordinates": [0, 0]}}]}}},
             "layers": [{"id": "names", "type": "symbol", "source": "pts", "layout": {"text-field": \#(expression)}}]}
            """#.utf8).write(to: style)
        let outcome = try shoot(["--no-pins", "--style", style.path, "--center", "0,0", "--zoom", "1"], in: dir)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(#"the GeoJSON source "pts", tile 0/0/0: layer "names""#), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("the style has no vector source"))
    }

    /// Southern and western values as people type them, after a space.
    @Test func negativeNumbersAfterASpaceAreTheFlagsValues() throws {
        let dir = try cli.temporaryFolder()
        let dump = dir.appendingPathComponent("scene.json")
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--size", "100x100", "--dump-scene", dump.path, "--center", "-33.9,18.4",
                                      "--bearing", "-20", "--zoom", "5", "--location", "-41.3,174.8"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let camera = try #require((try JSONSerialization.jsonObject(with: Data(contentsOf: dump)) as? [String: Any])?["camera"] as? [String: Any])
        #expect(camera["center"] as? [Double] == [-33.9, 18.4] && camera["heading"] as? Double == 340, "\(camera)")
        let refused = try cli.pinmap(["--headless", "--no-pins", "--size", "100x100", "--dump-scene", dump.path, "--zoom", "-3"])
        #expect(refused.status == 2 && refused.stderr.contains(#"--zoom: "-3" is not a zoom level"#), "\(refused.stderr)")
    }
}
