import Foundation
import MapEngine
import MapKitLayer
@testable import MapSDL
import Testing

/// Selecting an overlay changes its highlight and nothing else: every
/// frame between the click and the repainted tiles still draws every
/// overlay, the earlier picture standing in (it blanked for seconds before).
@Suite(.serialized) @MainActor struct OverlaySelectionTests {
    /// How many pixels of `image` differ from `base` (the map without overlays).
    static func overlayPixels(_ image: [UInt32], over base: [UInt32]) -> Int {
        zip(image, base).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) }
    }

    func frames(after change: (HeadlessRun) -> Void) throws -> (before: Int, during: [Int]) {
        let bare = try HeadlessRun(options: try TestMaps.worldOptions(center: Coordinate(latitude: 47.37, longitude: 8.6), zoom: 10,
                                                                       size: Size(width: 640, height: 400)))
        let base = try bare.renderImage().argbPixels()
        let run = try OverlayGoldenTests().run()
        let before = Self.overlayPixels(try run.renderImage().argbPixels(), over: base)
        change(run)
        var during: [Int] = []
        for step in 0..<12 {
            let scene = run.session.frame(at: run.now + 0.01 * Double(step))
            run.session.draw(scene)
            during.append(Self.overlayPixels(try run.canvas.renderer.readPixels().argbPixels(), over: base))
            Thread.sleep(forTimeInterval: 0.005)
        }
        return (before, during)
    }

    @Test func noFrameBetweenSelectingAndRepaintingDrawsFewerOverlayPixels() throws {
        let (before, during) = try frames { run in
            if let area = run.session.map.overlays.first(where: { $0 is MapEngine.Polygon }) { run.session.map.selectOverlay(area) }
        }
        #expect(before > 10_000, "the overlays cover much of the view: \(before)")
        #expect(during.allSatisfy { $0 >= before * 99 / 100 }, "before \(before), frames after the selection \(during)")
    }

    @Test func noFrameBetweenDeselectingAndRepaintingBlanksEither() throws {
        let (before, during) = try frames { run in
            // Selected, then at once let go (Escape): two new versions before either is painted.
            if let area = run.session.map.overlays.first { run.session.map.selectOverlay(area) }
            run.session.map.deselectOverlay()
        }
        #expect(during.allSatisfy { $0 >= before * 99 / 100 }, "before \(before), frames after \(during)")
    }
}
