import Foundation
import Testing

/// Clusters from the command line: `--cluster` and the `cluster` property,
/// seen in the scene dump, and a click on a cluster zooming in.
@Suite struct ClusterCLITests {
    let cli = PinmapCLITests()

    /// 50 pins within a few hundred metres of Vienna's centre.
    func crowd(in dir: URL, property: Bool) throws -> URL {
        let features = (0..<50).map { i in
            let lat = 48.2 + Double(i % 7) * 0.002, lon = 16.37 + Double(i / 7) * 0.002
            let cluster = property ? #", "cluster": "vienna""# : ""
            return #"{"type": "Feature", "id": "v\#(i)", "geometry": {"type": "Point", "coordinates": [\#(lon), \#(lat)]}, "properties": {"title": "Pin \#(i)"\#(cluster)}}"#
        }
        let file = dir.appendingPathComponent("crowd.geojson")
        try Data(("{\"type\": \"FeatureCollection\", \"features\": [\n" + features.joined(separator: ",\n") + "\n]}\n").utf8)
            .write(to: file)
        return file
    }

    func dump(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test func theDumpListsAClusterWithItsCountAndMembers() throws {
        let dir = try cli.temporaryFolder()
        let pins = try crowd(in: dir, property: false)
        let out = dir.appendingPathComponent("scene.json")
        let run = try cli.pinmap(["--headless", "--pins", pins.path, "--cluster", "--center", "48.2,16.37",
                                  "--zoom", "4", "--size", "400x300", "--dump-scene", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let annotations = try #require(try dump(out)["annotations"] as? [[String: Any]])
        let clusters = annotations.filter { $0["cluster"] as? Bool == true }
        #expect(clusters.count == 1)
        #expect(clusters.first?["count"] as? Int == 50)
        #expect((clusters.first?["members"] as? [String])?.count == 20)
        #expect(annotations.count == 51, "the 50 pins and their cluster")
    }

    @Test func clickingAClusterZoomsInToWhereItSplits() throws {
        let dir = try cli.temporaryFolder()
        let pins = try crowd(in: dir, property: true)
        let script = dir.appendingPathComponent("click.json")
        try Data(#"{"events": [{"at": 0.5, "type": "mouse-down", "x": 200, "y": 150, "button": "left"}, {"at": 0.55, "type": "mouse-up", "x": 200, "y": 150, "button": "left"}, {"at": 2, "type": "mouse-move", "x": 10, "y": 10}]}"#.utf8)
            .write(to: script)
        let out = dir.appendingPathComponent("scene.json")
        let run = try cli.pinmap(["--headless", "--pins", pins.path, "--center", "48.206,16.376", "--zoom", "4",
                                  "--size", "400x300", "--script", script.path, "--dump-scene", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let camera = try #require(try dump(out)["camera"] as? [String: Any])
        let zoom = try #require(camera["zoom"] as? Double)
        #expect(zoom >= 5, "zoomed in from 4 to \(zoom)")
    }

    @Test func clusteringNeedsAPinsFile() throws {
        let run = try cli.pinmap(["--headless", "--cluster", "--screenshot", "/tmp/x.png"])
        #expect(run.status != 0 && run.stderr.contains("--cluster needs --pins FILE"))
    }
}

/// The keyboard alone, as a user without a mouse: from opening the map to a
/// pin moved and saved.
@Suite struct KeyboardCLITests {
    let cli = PinmapCLITests()

    @Test func tabEnterAndArrowsMoveAPinAndSaveIt() throws {
        let dir = try cli.temporaryFolder()
        let pins = dir.appendingPathComponent("pins.geojson")
        let original = """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "id": "paris", "geometry": {"type": "Point", "coordinates": [2.3522, 48.8566]}, "properties": {"title": "Paris"}}
        ]}

        """
        try Data(original.utf8).write(to: pins)
        let keys = ["tab", "return", "shift+right", "shift+right", "shift+down", "escape"]
        let events = keys.enumerated().map { i, key in #"{"at": \#(0.5 + Double(i) * 0.1), "type": "key", "key": "\#(key)"}"# }
            + [#"{"at": 3, "type": "key", "key": "minus"}"#]
        let script = dir.appendingPathComponent("keys.json")
        try Data(("{\"events\": [" + events.joined(separator: ", ") + "]}").utf8).write(to: script)
        let run = try cli.pinmap(["--headless", "--pins", pins.path, "--center", "48.8566,2.3522", "--zoom", "6",
                                  "--size", "400x300", "--script", script.path])
        #expect(run.status == 0, "\(run.stderr)")
        let saved = try String(contentsOf: pins, encoding: .utf8)
        #expect(saved != original && saved.contains("\"paris\""), "the pin moved and was saved")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(saved.utf8)) as? [String: Any])
        let feature = try #require((object["features"] as? [[String: Any]])?.first)
        let coordinates = try #require((feature["geometry"] as? [String: Any])?["coordinates"] as? [Double])
        #expect(coordinates[0] > 2.3522 && coordinates[1] < 48.8566, "east (20 px) and south (10 px): \(coordinates)")
    }
}
