@testable import MapEngine
@testable import MapKitLayer
import Testing

/// A frame is two steps: `prepareFrame` changes what time and layout
/// change, `makeScene` only reads. So hit testing holds without a frame
/// being built, and building one twice gives the same frame.
@Suite @MainActor struct FrameStepTests {
    let callouts = CalloutTests()

    @Test func aCalloutCanBeTappedAfterTheLayoutStepAlone() throws {
        // Where the button is, found on a twin map from its frames.
        let twin = CalloutTests()
        let seen = twin.setUp([twin.paris])
        seen.selectAnnotation(twin.paris)
        _ = twin.scene(seen, at: 1)
        let button = try #require(twin.controls(twin.scene(seen, at: 2)).first).rect.center
        // This map only ever lays out; it builds no frame after the selection.
        let map = callouts.setUp([callouts.paris])
        map.selectAnnotation(callouts.paris)
        map.prepareFrame(at: 1, text: callouts.metrics)
        map.prepareFrame(at: 2, text: callouts.metrics)
        callouts.mouse(map, .down, button, at: 2)
        let actions = callouts.mouse(map, .up, button, at: 2.1)
        #expect(actions == [.calloutAction(annotation: "paris", action: "details")])
    }

    @Test func buildingAFrameChangesNothing() {
        let map = callouts.setUp([callouts.paris])
        map.selectAnnotation(callouts.paris)
        map.showMessage("hello", at: 0.5, isError: false)
        map.prepareFrame(at: 0.6, text: callouts.metrics)
        let camera = map.camera, placement = map.calloutPlacement, flag = map.needsDisplay
        let first = FrameComposer.makeScene(of: map, tiles: NoTiles(), text: callouts.metrics)
        let second = FrameComposer.makeScene(of: map, tiles: NoTiles(), text: callouts.metrics)
        #expect(first.commands == second.commands && first.tileRequests == second.tileRequests)
        #expect(map.camera == camera && map.calloutPlacement == placement && map.needsDisplay == flag)
    }

    @Test func theMessageExpiresInTheLayoutStep() {
        let map = callouts.setUp([])
        map.showMessage("hello", at: 0, isError: false)
        map.prepareFrame(at: 1, text: callouts.metrics)
        let shown = FrameComposer.makeScene(of: map, tiles: NoTiles(), text: callouts.metrics).commands.count
        map.prepareFrame(at: MessageOverlay.duration + 1, text: callouts.metrics)
        let gone = FrameComposer.makeScene(of: map, tiles: NoTiles(), text: callouts.metrics).commands.count
        #expect(gone < shown)
    }
}
