import Foundation
import MapEngine
import MapKitLayer
@testable import MapSDL
import Testing

/// When opaque tiles reach every pixel the renderer does not clear first;
/// nothing of the frame before may show through.
@Suite @MainActor struct OpaqueTilesTests {
    @Test func aFramePannedByAFractionIsTheFrameDrawnFresh() throws {
        let size = Size(width: 500, height: 400)
        let panned = try TestMaps.run(center: Coordinate(latitude: 30, longitude: 10), zoom: 3.37, size: size)
        _ = try panned.renderImage()
        panned.session.map.handle(.pointer(PointerEvent(phase: .down, location: Point(x: 250, y: 200), button: .left)), at: 0)
        panned.session.map.handle(.pointer(PointerEvent(phase: .move, location: Point(x: 143.6, y: 150.3))), at: 0)
        panned.session.map.handle(.pointer(PointerEvent(phase: .up, location: Point(x: 143.6, y: 150.3), button: .left)), at: 0)
        let after = try panned.renderImage()
        let scene = try panned.session.settledFrame(at: panned.now)
        #expect(scene.tilesCoverView, "the world is taller than the view")
        let drawn = scene.commands.compactMap { if case .tile(let draw) = $0 { draw.key } else { nil } }
        #expect(!drawn.isEmpty && drawn.allSatisfy { panned.session.tileTextures.texture(for: $0)?.isOpaque == true },
                "the clear is skipped: every tile drawn is opaque")
        let fresh = try TestMaps.run(center: panned.session.map.camera.centerCoordinate, zoom: 3.37, size: size)
        let comparison = try #require(ImageComparison(actual: after, expected: try fresh.renderImage(), channelTolerance: 0))
        #expect(comparison.differingPixels == 0, "\(comparison.differingPixels) pixels differ")
    }

    @Test func aWorldShorterThanTheViewIsClearedAroundIt() throws {
        let run = try TestMaps.run(center: Coordinate(latitude: 0, longitude: 0), zoom: 0, size: Size(width: 400, height: 400))
        let scene = try run.session.settledFrame(at: 0)
        #expect(!scene.tilesCoverView)
        let image = try run.renderImage()
        #expect(image.pixel(x: 200, y: 10) == SceneRenderer.clearColor, "beyond the pole")
    }
}
