import Foundation
import Testing

/// Heatmaps from the hostile-input campaign: every legal radius draws
/// (the spec's minimum of 1 trapped on a backwards range of cells), and a
/// heap of points at a wide radius costs the grid, not points times radius.
@Suite struct HeatmapCLITests {
    let cli = PinmapCLITests()

    /// A style of one heatmap over `count` points scattered round Zürich.
    func style(in dir: URL, radius: String, count: Int) throws -> URL {
        var state: UInt64 = 7
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var features: [String] = []
        for _ in 0..<count {
            features.append(#"{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[\#(8.3 + next() * 2 - 1),\#(47 + next() * 2 - 1)]}}"#)
        }
        let points = dir.appendingPathComponent("points.geojson")
        try Data(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.utf8).write(to: points)
        let style = dir.appendingPathComponent("heat.json")
        try Data(#"""
            {"version": 8, "sources": {"p": {"type": "geojson", "data": "points.geojson"}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                        {"id": "heat", "type": "heatmap", "source": "p", "paint": {"heatmap-radius": \#(radius)}}]}
            """#.utf8).write(to: style)
        return style
    }

    @Test(arguments: ["1", "1.5", "0.5", "0", "-1", "2"])
    func everyRadiusDraws(_ radius: String) throws {
        let dir = try cli.temporaryFolder()
        let shot = dir.appendingPathComponent("shot.png")
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--style", try style(in: dir, radius: radius, count: 400).path,
                                      "--center", "47,8.3", "--zoom", "8", "--size", "400x300", "--screenshot", shot.path], timeout: 60)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(FileManager.default.fileExists(atPath: shot.path))
        if (Double(radius) ?? 1) < 1 {
            #expect(outcome.stderr.contains(#""heatmap-radius""#), "a radius under the spec's minimum is said: \(outcome.stderr)")
        }
    }

    @Test func manyPointsAtAWideRadiusDrawInSeconds() throws {
        let dir = try cli.temporaryFolder()
        let shot = dir.appendingPathComponent("shot.png")
        let start = Date()
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--style", try style(in: dir, radius: "200", count: 30_000).path,
                                      "--center", "47,8.3", "--zoom", "7", "--size", "800x600", "--screenshot", shot.path], timeout: 120)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        // Summed kernel by kernel, these 30,000 points cost about 30,000 × 129² cells per tile: minutes in a debug build.
        #expect(Date().timeIntervalSince(start) < 60, "\(Date().timeIntervalSince(start)) s")
    }
}
