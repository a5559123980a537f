import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import Testing

/// Whole frames from the headless renderer, compared with golden PNGs: the
/// embedded vector world pinmap opens with, and a raster folder with holes.
@Suite(.serialized) @MainActor struct GoldenScreenshotTests {
    let suite = "GoldenScreenshotTests"

    @Test func theWorldAtZoomZero() throws {
        let run = try TestMaps.world(center: Coordinate(latitude: 0, longitude: 0), zoom: 0,
                                     size: Size(width: 256, height: 256))
        assertGolden(try run.renderImage(), named: "world-z0", suite: suite)
    }

    @Test func theWorldRepeatsEastWestAndFillsBeyondThePoles() throws {
        let run = try TestMaps.world(center: Coordinate(latitude: 0, longitude: 150), zoom: 0.5,
                                   size: Size(width: 720, height: 420))
        assertGolden(try run.renderImage(), named: "world-wrap", suite: suite)
    }

    @Test func europeAtFractionalZoom() throws {
        let run = try TestMaps.world(center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 4.5,
                                   size: Size(width: 800, height: 600))
        assertGolden(try run.renderImage(), named: "europe-z4.5", suite: suite)
    }

    @Test func missingTilesFallBackAndBrokenOnesShowThePlaceholder() throws {
        let run = try TestMaps.run(tiles: TestMaps.fixtures.appendingPathComponent("partial-tiles"),
                                   center: Coordinate(latitude: 0, longitude: 0), zoom: 2,
                                   size: Size(width: 1024, height: 768))
        let loader = run.session.tiles
        let image = try run.renderImage()
        #expect(loader.status(of: TileID(z: 2, x: 2, y: 2)) == .failed)
        #expect(loader.status(of: TileID(z: 2, x: 1, y: 2)) == .failed, "an empty file is not an image")
        #expect(loader.status(of: TileID(z: 2, x: 1, y: 1)) == .missing)
        assertGolden(image, named: "partial-tiles", suite: suite)
    }

    @Test func aScriptedPanAndWheelZoom() throws {
        let run = try TestMaps.world(center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 4,
                                   size: Size(width: 800, height: 600))
        let script = Script(events: [
            ScriptEvent(at: 0, action: .input(.pointer(PointerEvent(phase: .down, location: Point(x: 400, y: 300),
                                                                     button: .left)))),
            ScriptEvent(at: 0.1, action: .input(.pointer(PointerEvent(phase: .move, location: Point(x: 300, y: 250))))),
            ScriptEvent(at: 0.2, action: .input(.pointer(PointerEvent(phase: .up, location: Point(x: 250, y: 200),
                                                                     button: .left)))),
            ScriptEvent(at: 0.3, action: .input(.wheel(at: Point(x: 200, y: 150), dx: 0, dy: 1))),
            ScriptEvent(at: 1.0, action: .quit),
        ])
        try run.play(script)
        #expect(run.session.map.camera.zoom == 4.5)
        assertGolden(try run.renderImage(), named: "scripted-pan-wheel", suite: suite)
    }

    @Test func twoRendersOfTheSameViewAreIdentical() throws {
        func render() throws -> Surface {
            try TestMaps.world(center: Coordinate(latitude: -33.9, longitude: 151.2), zoom: 3.3,
                             size: Size(width: 400, height: 300)).renderImage()
        }
        let comparison = ImageComparison(actual: try render(), expected: try render(), channelTolerance: 0)
        #expect(comparison?.differingPixels == 0)
    }
}
