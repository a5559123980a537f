import Foundation
import Testing

/// Dragging a pin in a scripted headless run: the file is saved on the drop.
@Suite struct DragSaveCLITests {
    let cli = PinmapCLITests()

    static let original = """
        {"type": "FeatureCollection", "name": "trip", "features": [
          {"type": "Feature", "id": "here", "geometry": {"type": "Point", "coordinates": [2.35, 48.85]},
           "properties": {"title": "Paris", "note": "keep me", "marker-color": "#1e88e5"}},
          {"type": "Feature", "id": "there", "geometry": {"type": "Point", "coordinates": [12.5, 41.9]},
           "properties": {"title": "Rome"}}]}

        """

    /// Presses the Paris pin's head (the tip is on the centre of the 400x300
    /// view), carries it 80 px right and 50 px down, and drops it.
    func dragScript(in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("drag.json")
        try Data("""
            {"events":[{"at":0.0,"type":"mouse-down","x":200,"y":126,"button":"left"},
            {"at":0.05,"type":"mouse-move","x":206,"y":126},
            {"at":0.5,"type":"mouse-move","x":280,"y":176},
            {"at":0.6,"type":"mouse-up","x":280,"y":176,"button":"left"},
            {"at":1.0,"type":"dump-scene","path":"\(folder.path)/after.json"}]}
            """.utf8).write(to: url)
        return url
    }

    func run(_ pins: URL?, script: URL, in folder: URL, extra: [String] = []) throws -> PinmapCLITests.Outcome {
        try cli.pinmap(["--headless", "--size", "400x300", "--center", "48.85,2.35", "--zoom", "5",
                        "--script", script.path] + (pins.map { ["--pins", $0.path] } ?? []) + extra)
    }

    /// With --save-on-exit too, the exit writes nothing more: the .bak still
    /// holds the version before the drop.
    @Test(arguments: [[], ["--save-on-exit"]])
    func aDropSavesTheCoordinateWhereTheTipWasReleased(extra: [String]) throws {
        let folder = try cli.temporaryFolder()
        let pins = folder.appendingPathComponent("trip.geojson")
        try Data(DragSaveCLITests.original.utf8).write(to: pins)
        let outcome = try run(pins, script: try dragScript(in: folder), in: folder, extra: extra)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")

        // The tip hung 39 px above the carried point: released at (280, 200 - 39).
        let worldSize = 256.0 * 32
        let longitude = 2.35 + 80 / worldSize * 360
        let centerY = log(tan(.pi / 4 + 48.85 * .pi / 360))
        let y = centerY - (161 - 150) / worldSize * 2 * .pi
        let latitude = (2 * atan(exp(y)) - .pi / 2) * 180 / .pi
        let saved = try String(contentsOf: pins, encoding: .utf8)
        let data = try JSONSerialization.jsonObject(with: Data(saved.utf8)) as? [String: Any]
        let features = data?["features"] as? [[String: Any]] ?? []
        let coordinates = (features.first?["geometry"] as? [String: Any])?["coordinates"] as? [Double] ?? []
        let pixel = 360 / worldSize
        #expect(coordinates.count == 2)
        #expect(abs(coordinates[0] - longitude) <= pixel, "longitude \(coordinates)")
        #expect(abs(coordinates[1] - latitude) <= pixel, "latitude \(coordinates)")

        // Everything else is as it was, byte for byte; the old file is the .bak.
        let moved = try #require(saved.range(of: #"\[[-0-9.]+, [-0-9.]+\]"#, options: .regularExpression))
        #expect(saved.replacingCharacters(in: moved, with: "[2.35, 48.85]") == DragSaveCLITests.original)
        let backup = try String(contentsOf: pins.appendingPathExtension("bak"), encoding: .utf8)
        #expect(backup == DragSaveCLITests.original)
    }

    @Test func aFailedSaveIsShownAndReportedAndTheRunGoesOn() throws {
        let folder = try cli.temporaryFolder()
        let pins = folder.appendingPathComponent("trip.geojson")
        try Data(DragSaveCLITests.original.utf8).write(to: pins)
        // A directory where the backup must go makes the save fail, even for root.
        let blocker = pins.appendingPathExtension("bak")
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: blocker.appendingPathComponent("keep"))
        let outcome = try run(pins, script: try dragScript(in: folder), in: folder)
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("trip.geojson") && outcome.stderr.contains("cannot be written"))
        #expect(try String(contentsOf: pins, encoding: .utf8) == DragSaveCLITests.original, "the file is intact")
        let dump = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("after.json")))
        let texts = ((dump as? [String: Any])?["commands"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        #expect(texts.contains { $0.hasPrefix("Not saved:") }, "the window says so: \(texts)")
        let annotations = (dump as? [String: Any])?["annotations"] as? [[String: Any]] ?? []
        #expect(annotations.first?["coordinate"] as? [Double] != [48.85, 2.35], "the move stays in memory")
    }

    @Test func theDemoPinsAreNeverWritten() throws {
        let folder = try cli.temporaryFolder()
        let script = try dragScript(in: folder)
        for _ in 0..<2 {
            let outcome = try cli.pinmap(["--headless", "--size", "400x300", "--center", "48.8566,2.3522",
                                          "--zoom", "5", "--script", script.path])
            #expect(outcome.status == 0)
        }
        // Had the first run saved the demo file, the second would start from the moved pin.
        let start = folder.appendingPathComponent("start.json")
        _ = try cli.pinmap(["--headless", "--size", "400x300", "--dump-scene", start.path])
        let dump = try JSONSerialization.jsonObject(with: Data(contentsOf: start)) as? [String: Any]
        let paris = (dump?["annotations"] as? [[String: Any]])?.first { $0["id"] as? String == "paris" }
        #expect(paris?["coordinate"] as? [Double] == [48.8566, 2.3522])
    }

    /// With three files open, moving a pin of one writes that one alone: the
    /// others keep their bytes, their times and their folder's listing (no .bak).
    @Test func onlyTheFileHoldingTheMovedPinIsWritten() throws {
        let folder = try cli.temporaryFolder()
        let trip = folder.appendingPathComponent("trip.geojson")
        try Data(DragSaveCLITests.original.utf8).write(to: trip)
        let other = folder.appendingPathComponent("other.geojson")
        try Data(#"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [20, 60]}, "properties": {"title": "North"}}]}"#.utf8)
            .write(to: other)
        let walk = folder.appendingPathComponent("walk.gpx")
        try Data(OpenFileWindowTests.walk.utf8).write(to: walk)
        // Times in the past, so a rewrite within the same second still shows.
        let past = Date(timeIntervalSinceNow: -3600)
        for file in [trip, other, walk] { try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file.path) }
        let script = try dragScript(in: folder)
        let outcome = try cli.pinmap(["--headless", "--size", "400x300", "--center", "48.85,2.35", "--zoom", "5", "--script", script.path,
                                      "--pins", trip.path, "--pins", other.path, "--pins", walk.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        func modified(_ url: URL) throws -> Date? { try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date }
        #expect(try modified(trip)!.timeIntervalSince(past) > 60, "the moved pin's file was written")
        #expect(try abs(modified(other)!.timeIntervalSince(past)) < 1 && abs(modified(walk)!.timeIntervalSince(past)) < 1, "the others were not")
        let listing = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(listing == ["after.json", "drag.json", "other.geojson", "trip.geojson", "trip.geojson.bak", "walk.gpx"], "\(listing)")
    }
}
