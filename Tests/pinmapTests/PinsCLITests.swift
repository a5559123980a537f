import Foundation
import Testing

/// `--pins`, `--no-pins` and `--save-on-exit` as a user meets them.
@Suite struct PinsCLITests {
    let cli = PinmapCLITests()

    func write(_ text: String, named name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    func dump(_ extra: [String], in folder: URL) throws -> (PinmapCLITests.Outcome, [String: Any]?) {
        let json = folder.appendingPathComponent("dump.json")
        let outcome = try cli.pinmap(["--headless", "--size", "400x300", "--dump-scene", json.path] + extra)
        let data = try? Data(contentsOf: json)
        return (outcome, data.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] })
    }

    @Test func demoPinsShowWithoutAFileAndNoneWithNoPins() throws {
        let folder = try cli.temporaryFolder()
        let (outcome, scene) = try dump([], in: folder)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let ids = (scene?["annotations"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
        #expect(ids.contains("greenwich") && ids.count >= 4)
        let (_, bare) = try dump(["--no-pins"], in: folder)
        #expect((bare?["annotations"] as? [Any])?.isEmpty == true)
    }

    @Test func pinsFromAFileAreDumpedWithTheirImages() throws {
        let folder = try cli.temporaryFolder()
        let pins = try write("""
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": "here", "geometry": {"type": "Point", "coordinates": [2.35, 48.85]},
               "properties": {"title": "Paris", "marker-color": "green"}},
              {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}}]}
            """, named: "pins.geojson", in: folder)
        let (outcome, scene) = try dump(["--pins", pins.path, "--center", "48.85,2.35", "--zoom", "5"], in: folder)
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty, "a line is drawn, not skipped: \(outcome.stderr)")
        let overlays = (scene?["commands"] as? [[String: Any]])?.filter { $0["role"] as? String == "overlay" }
        #expect(overlays?.isEmpty == false, "the line's overlay tiles are in the scene")
        let annotations = scene?["annotations"] as? [[String: Any]]
        #expect(annotations?.count == 1 && annotations?.first?["id"] as? String == "here")
        #expect(annotations?.first?["coordinate"] as? [Double] == [48.85, 2.35])
        let images = (scene?["commands"] as? [[String: Any]])?.filter { $0["kind"] as? String == "image" }
        #expect(images?.count == 1)
        #expect(images?.first?["name"] as? String == "pin-green" && images?.first?["role"] as? String == "annotation")
        // The needle tip (8, 33.5 in the 32x39 image) sits on the centre of the 400x300 view;
        // the drawn file is the painted part, from (1, 2), 14x32.
        #expect(images?.first?["rect"] as? [Double] == [193, 119, 14, 32])
    }

    @Test func brokenPinFilesStopWithOneLineAndCodeTwo() throws {
        let folder = try cli.temporaryFolder()
        let malformed = try write("{\"type\": \"FeatureCollection\",\n \"features\": [,]}", named: "bad.geojson", in: folder)
        let badPoint = try write("""
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [10, 95]}}]}
            """, named: "far.geojson", in: folder)
        let cases = [
            (malformed.path, "pinmap: \(malformed.path):2:15: unexpected ',', expected a value\n"),
            (badPoint.path, "pinmap: \(badPoint.path): feature 0: bad coordinates: latitude 95 is out of range (-90 to 90)\n"),
        ]
        for (path, message) in cases {
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let outcome = try cli.pinmap(["--headless", "--pins", path, "--save-on-exit", "--screenshot",
                                          folder.appendingPathComponent("x.png").path])
            #expect(outcome.status == 2)
            #expect(outcome.stderr == message)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "a file that failed to load is never written")
        }
    }

    @Test func saveOnExitNeedsAPinsFileAndLeavesAnUnchangedOneAlone() throws {
        let folder = try cli.temporaryFolder()
        let shot = folder.appendingPathComponent("x.png").path
        let outcome = try cli.pinmap(["--headless", "--save-on-exit", "--screenshot", shot])
        #expect(outcome.status == 2)
        #expect(outcome.stderr == "pinmap: --save-on-exit needs --pins FILE to save to\n")
        let text = #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]}}]}"#
        let pins = try write(text, named: "pins.geojson", in: folder)
        let saved = try cli.pinmap(["--headless", "--pins", pins.path, "--save-on-exit", "--screenshot", shot])
        #expect(saved.status == 0, "stderr: \(saved.stderr)")
        #expect(try String(contentsOf: pins, encoding: .utf8) == text)
        #expect(!FileManager.default.fileExists(atPath: pins.path + ".bak"), "nothing moved, nothing written")
    }
}
