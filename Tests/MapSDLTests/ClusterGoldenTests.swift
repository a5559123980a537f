import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import Testing

/// Clusters as they look: 400 pins in three colours over central Europe
/// that cluster, seen at zoom 2 (a few large clusters) and 6 (small ones
/// among single pins), at scale 1 and 2.
@Suite(.serialized) @MainActor struct ClusterGoldenTests {
    let suite = "ClusterGoldenTests"

    func pins() throws -> PinDocument {
        var state: UInt64 = 42
        func unit() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let colours = ["red", "green", "purple"]
        let features = (0..<400).map { i -> (String, Double, Double, String) in
            let lat = 44 + unit() * 8, lon = 5 + unit() * 14
            // Most pins of the east are green, so clusters there take green.
            let colour = lon > 14 ? (i % 4 == 0 ? "red" : "green") : colours[i % 3]
            return ("p\(i)", lat, lon, #""cluster": "europe", "marker-color": "\#(colour)""#)
        }
        return try TestMaps.pins(features)
    }

    @Test func clustersAtZoomTwo() throws {
        let run = try TestMaps.run(center: Coordinate(latitude: 48, longitude: 12), zoom: 2,
                                   size: Size(width: 480, height: 320), pins: pins())
        assertGolden(try run.renderImage(), named: "clusters-z2", suite: suite)
    }

    @Test func clustersAndSinglePinsAtZoomSix() throws {
        let run = try TestMaps.run(center: Coordinate(latitude: 48, longitude: 12), zoom: 6,
                                   size: Size(width: 640, height: 480), pins: pins())
        assertGolden(try run.renderImage(), named: "clusters-z6", suite: suite)
    }

    @Test func clustersAtScaleTwo() throws {
        let run = try TestMaps.run(center: Coordinate(latitude: 48, longitude: 12), zoom: 5,
                                   size: Size(width: 640, height: 480), pins: pins(), scale: 2)
        assertGolden(try run.renderImage(), named: "clusters-z5-scale2", suite: suite)
    }

    @Test func aSpiderfiedGroup() throws {
        let colours = ["red", "green", "purple"]
        let building = try TestMaps.pins((0..<7).map { i in
            ("flat\(i)", 48.2082, 16.3738, #""cluster": "building", "marker-color": "\#(colours[i % 3])""#)
        })
        let run = try TestMaps.run(center: Coordinate(latitude: 48.2082, longitude: 16.3738), zoom: 14,
                                   size: Size(width: 320, height: 240), pins: building)
        _ = try run.renderImage()
        let middle = Point(x: 160, y: 120)
        _ = run.send(.pointer(PointerEvent(phase: .down, location: middle, button: .left)))
        _ = run.send(.pointer(PointerEvent(phase: .up, location: middle, button: .left)))
        run.advance(to: 1)
        assertGolden(try run.renderImage(), named: "spiderfied", suite: suite)
    }

    @Test func aSplitHalfWay() throws {
        let run = try TestMaps.run(center: Coordinate(latitude: 48, longitude: 12), zoom: 5,
                                   size: Size(width: 480, height: 320), pins: pins())
        _ = try run.renderImage()
        _ = run.send(.key(KeyPress("plus")))  // a 0.3 s zoom to 6; the clusters split as it lands
        // Half of the 0.25 s flight out of the clusters.
        run.advance(to: 0.3 + 0.125)
        let halfway = try run.renderImage()
        assertGolden(halfway, named: "split-halfway", suite: suite)
        run.advance(to: 1)
        let landed = try run.renderImage()
        let comparison = try #require(ImageComparison(actual: halfway, expected: landed, channelTolerance: 8))
        #expect(comparison.differingPixels > 500, "half-way is not where they land")
    }
}
