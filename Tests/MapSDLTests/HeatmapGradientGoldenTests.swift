import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapKit
import Testing

/// A style's `heatmap` and `line-gradient` layers over GeoJSON sources,
/// drawn as MapLibre draws them: three clusters of weighted points warm
/// from clear blue to red, and a route runs blue to lime to red along its
/// whole length across the tiles it crosses.
@Suite(.serialized) @MainActor struct HeatmapGradientGoldenTests {
    let suite = "VectorGoldenTests"

    /// Points on spirals around three centres (so the picture is the same every run), weighted 0.2 to 1.
    static func points() -> String {
        var features: [String] = []
        for (index, centre) in [(7.42, 43.73), (7.45, 43.74), (7.40, 43.75)].enumerated() {
            for step in 0..<120 {
                let angle = Double(step) * 2.4, distance = 0.0022 * Double(step).squareRoot()
                let weight = 0.2 + 0.8 * Double((step * 7 + index * 3) % 10) / 9
                features.append(#"{"type": "Feature", "properties": {"mag": \#(weight)}, "geometry": {"type": "Point", "coordinates": [\#(centre.0 + distance * cos(angle)), \#(centre.1 + distance * 0.7 * sin(angle))]}}"#)
            }
        }
        return #"{"type": "FeatureCollection", "features": [\#(features.joined(separator: ","))]}"#
    }

    static func style() -> String {
        #"""
        {"version": 8, "center": [7.43, 43.735], "zoom": 11.5,
         "sources": {"points": {"type": "geojson", "data": \#(points())},
                     "route": {"type": "geojson", "lineMetrics": true, "data": {"type": "LineString",
                               "coordinates": [[7.36, 43.70], [7.40, 43.72], [7.44, 43.70], [7.48, 43.73], [7.50, 43.78]]}}},
         "layers": [{"id": "page", "type": "background", "paint": {"background-color": "#eeeeff"}},
                    {"id": "heat", "type": "heatmap", "source": "points", "paint": {"heatmap-weight": ["get", "mag"], "heatmap-radius": 12}},
                    {"id": "route", "type": "line", "source": "route", "layout": {"line-cap": "round", "line-join": "round"},
                     "paint": {"line-width": 8, "line-gradient": ["interpolate", ["linear"], ["line-progress"], 0, "blue", 0.5, "lime", 1, "red"]}}]}
        """#
    }

    @Test func heatAndAGradientRoute() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("heat-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("style.json")
        try Data(Self.style().utf8).write(to: file)
        var map = try MapOptions(style: file)
        map.center = Coordinate(latitude: 43.735, longitude: 7.43)
        map.zoom = 11.6
        map.showsControls = false
        map.attribution = nil
        map.pins = nil
        let snapshot = try MapSnapshotter(options: MapSnapshotter.Options(mapOptions: map, size: Size(width: 480, height: 360))).snapshot()
        let image = snapshot.image
        assertGolden(image, named: "heatmap-gradient", suite: suite)
        func at(_ coordinate: Coordinate) -> Color {
            let point = snapshot.point(for: coordinate)
            return image.pixel(x: Int(point.x), y: Int(point.y))
        }
        // The route's start is blue, its middle (by length) lime, its end red.
        let start = at(Coordinate(latitude: 43.70, longitude: 7.36)), end = at(Coordinate(latitude: 43.78, longitude: 7.50))
        #expect(start.blue > 200 && start.red < 60, "\(start)")
        #expect(end.red > 200 && end.blue < 60, "\(end)")
        // The heat is warm where the clusters overlap (red pixels, which only the heat has, off the route's end),
        // cool at their hearts, and the page shows far from them.
        let heart = at(Coordinate(latitude: 43.73, longitude: 7.42))
        #expect(heart.green > 150 && heart.blue < 230, "\(heart)")
        var red = 0
        for y in 0..<image.height { for x in 0..<image.width * 3 / 4 {
            let pixel = image.pixel(x: x, y: y)
            if pixel.red > 200 && pixel.green < 110 && pixel.blue < 90 { red += 1 }
        } }
        #expect(red > 15, "\(red) red pixels")
        let far = at(Coordinate(latitude: 43.77, longitude: 7.37))
        #expect((far.red, far.green, far.blue) == (0xEE, 0xEE, 0xFF), "\(far)")
    }
}
