import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import Testing
import VectorRaster

/// Overlays on the map, drawn per tile by Cairo between the map and the pins.
@Suite(.serialized) @MainActor struct OverlayGoldenTests {
    let suite = "OverlayGoldenTests"

    /// A route east of Zurich, a lake-like area with an island hole, and a 2 km circle.
    func run(scale: Double = 1) throws -> HeadlessRun {
        let options = try TestMaps.worldOptions(center: Coordinate(latitude: 47.37, longitude: 8.6), zoom: 10,
                                                size: Size(width: 640 * scale, height: 400 * scale), scale: scale)
        let run = try HeadlessRun(options: options)
        let route = Polyline(coordinates: (0...60).map { (i: Int) -> Coordinate in
            let t = Double(i)
            let latitude: Double = 47.30 + 0.002 * t + 0.01 * sin(t / 6)
            return Coordinate(latitude: latitude, longitude: 8.40 + 0.008 * t)
        })
        let area = Polygon(coordinates: [Coordinate(latitude: 47.45, longitude: 8.45), Coordinate(latitude: 47.45, longitude: 8.60),
                                         Coordinate(latitude: 47.40, longitude: 8.62), Coordinate(latitude: 47.38, longitude: 8.47)],
                           interiorPolygons: [Polygon(coordinates: [Coordinate(latitude: 47.43, longitude: 8.51),
                                                                    Coordinate(latitude: 47.43, longitude: 8.55),
                                                                    Coordinate(latitude: 47.41, longitude: 8.55),
                                                                    Coordinate(latitude: 47.41, longitude: 8.51)])])
        run.session.map.addOverlay(area)
        run.session.map.addOverlay(route)
        run.session.map.addOverlay(Circle(center: Coordinate(latitude: 47.33, longitude: 8.75), radius: 2_000), level: .aboveLabels)
        return run
    }

    @Test func linesAreasWithHolesAndCirclesAreDrawnOnTheMap() throws {
        let run = try self.run()
        let image = try run.renderImage()
        assertGolden(image, named: "route-area-circle", suite: suite)
        // The hole's middle shows the map; the area beside it is tinted blue.
        let pixels = image.argbPixels()
        func pixel(_ c: Coordinate) -> UInt32 {
            let p = run.session.map.camera.screenPoint(for: c)
            return pixels[Int(p.y) * image.width + Int(p.x)]
        }
        let hole = pixel(Coordinate(latitude: 47.42, longitude: 8.53)), area = pixel(Coordinate(latitude: 47.44, longitude: 8.48))
        #expect(hole & 0xFF < (area & 0xFF), "blue in the area, not in its hole: \(String(hole, radix: 16)) \(String(area, radix: 16))")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("overlays-\(UUID().uuidString).json").path
        try run.dumpScene(path: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"overlay\""))
        // The overlays list: ids, and the one selected.
        let route = try #require(run.session.map.overlays.first { $0 is Polyline })
        run.session.map.selectOverlay(route)
        try run.dumpScene(path: path)
        let dump = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let overlays = dump?["overlays"] as? [[String: Any]] ?? []
        #expect(overlays.map { $0["id"] as? String } == ["overlay-0", "overlay-1", "overlay-2"])
        #expect(overlays.map { $0["selected"] as? Bool } == [false, true, false])
    }

    @Test func theSameOverlaysOnA2xScreen() throws {
        assertGolden(try run(scale: 2).renderImage(), named: "route-area-circle-2x", suite: suite)
    }
}
