import Foundation
import Testing

/// Finding a place from the command line: `geocode --search`, and a
/// scripted session that searches, flies there and saves the found place
/// as a pin.
struct SearchCLITests {
    let cli = PinmapCLITests()

    @Test func geocodeSearchPrintsTheMatchesBestFirst() throws {
        let outcome = try cli.pinmap(["geocode", "--search", "paris"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n")
        #expect(lines.count == 8)
        #expect(lines.first == "Paris, Ile-de-France, FR\t48.85341,2.3488")
        // Places named Paris (in Texas, Ontario...) before those Paris is only another name of (Parys, ZA).
        #expect(lines.filter { $0.hasPrefix("Paris, ") }.count == 8)
        #expect(try cli.pinmap(["geocode", "--search", "qqqqzz"]).stdout.isEmpty, "nothing found: nothing printed")
    }

    @Test func aSessionSearchesFliesThereAndSavesThePlaceAsAPin() throws {
        let dir = try cli.temporaryFolder()
        let pins = dir.appendingPathComponent("pins.geojson")
        try Data(#"{"type": "FeatureCollection", "features": []}"#.utf8).write(to: pins)
        let script = dir.appendingPathComponent("search.json")
        let scene = dir.appendingPathComponent("scene.json")
        try Data("""
            {"events":[{"at":0.1,"type":"key","key":"ctrl+f"},{"at":0.2,"type":"text","text":"zurich"},
            {"at":0.3,"type":"key","key":"return"},{"at":1.5,"type":"key","key":"return"},
            {"at":3,"type":"dump-scene","path":"\(scene.path)"}]}
            """.utf8).write(to: script)
        let outcome = try cli.pinmap(["--headless", "--pins", pins.path, "--size", "640x480", "--script", script.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let dump = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: scene)) as? [String: Any])
        let camera = try #require(dump["camera"] as? [String: Any])
        let center = try #require(camera["center"] as? [Double])
        #expect(abs(center[0] - 47.36667) < 0.01 && abs(center[1] - 8.55) < 0.01, "flown to Zurich: \(center)")
        let saved = try String(contentsOf: pins, encoding: .utf8)
        #expect(saved.contains(#""id": "dropped-1""#) && saved.contains(#""title": "Zürich""#), "\(saved)")
        #expect(saved.contains("[8.55, 47.36667]"), "\(saved)")
    }
}
