import Foundation
import MapSDL
import Testing

/// A style's clustered GeoJSON source, drawn and labelled through the
/// command line: each cluster's label stands on its own circle, at whole
/// zooms and between them, where the data of the level below is drawn.
@Suite struct GeoJSONClusterCLITests {
    let cli = PinmapCLITests()

    /// 300 points on a slanted grid around 47° N 10° E, each with a number of beds.
    func style(in dir: URL) throws -> URL {
        var features: [String] = []
        for i in 0..<300 {
            let longitude = 4 + Double(i % 20) * 0.61 + Double(i / 20) * 0.07
            let latitude = 44 + Double(i / 20) * 0.41
            features.append(#"{"type": "Feature", "properties": {"beds": \#(i % 7 + 1)}, "geometry": {"type": "Point", "coordinates": [\#(longitude), \#(latitude)]}}"#)
        }
        try Data(#"{"type": "FeatureCollection", "features": [\#(features.joined(separator: ","))]}"#.utf8)
            .write(to: dir.appendingPathComponent("beds.geojson"))
        let style = dir.appendingPathComponent("style.json")
        try Data(#"""
        {"version": 8, "center": [10, 47], "zoom": 4,
         "sources": {"p": {"type": "geojson", "data": "beds.geojson", "cluster": true, "clusterRadius": 60,
                           "clusterProperties": {"beds": ["+", ["get", "beds"]]}}},
         "layers": [{"id": "c", "type": "circle", "source": "p",
                     "paint": {"circle-radius": ["case", ["has", "point_count"], 18, 5], "circle-color": "#e0603a"}},
                    {"id": "n", "type": "symbol", "source": "p", "filter": ["has", "point_count"],
                     "layout": {"text-field": ["concat", ["get", "point_count"], " / ", ["get", "beds"]], "text-size": 11}}]}
        """#.utf8).write(to: style)
        return style
    }

    @Test(arguments: [6.0, 6.3, 6.6, 6.9])
    func eachClustersLabelStandsOnItsCircle(zoom: Double) throws {
        let dir = try cli.temporaryFolder()
        let style = try style(in: dir)
        let shot = dir.appendingPathComponent("shot.png"), dump = dir.appendingPathComponent("scene.json")
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--no-controls", "--style", style.path, "--zoom", "\(zoom)",
                                      "--size", "600x400", "--screenshot", shot.path, "--dump-scene", dump.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let scene = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: dump)) as? [String: Any])
        let labels = (scene["commands"] as? [[String: Any]] ?? []).filter { $0["role"] as? String == "label" }
        let pixels = try Surface.load(path: shot.path).argbPixels().map { $0 & 0xFFFFFF }
        var checked = 0
        for label in labels {
            let rect = try #require(label["rect"] as? [Double])
            let text = label["text"] as? String ?? ""
            #expect(text.contains(" / "), "a count and its beds: \(text)")
            let x = Int(rect[0] + rect[2] / 2), y = Int(rect[1] + rect[3] / 2) + 10
            guard rect[0] >= 0, rect[1] >= 0, rect[0] + rect[2] <= 600, y < 400 else { continue }
            // 10 points under the label's middle: inside its circle of 18, below its 13-point text.
            #expect(pixels[y * 600 + x] == 0xE0603A, "the label \(text) at \(rect) stands off its circle")
            checked += 1
        }
        #expect(checked >= 5, "\(checked) labels on screen")
    }
}
