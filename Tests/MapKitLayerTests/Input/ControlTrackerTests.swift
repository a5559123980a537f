import Testing
@testable import MapEngine
@testable import MapKitLayer

/// The one press-and-release tracker behind every on-screen button.
@Suite struct ControlTrackerTests {
    func mouse(_ phase: PointerEvent.Phase, button: MouseButton? = .left) -> PointerEvent {
        PointerEvent(phase: phase, location: .zero, button: phase == .move ? nil : button)
    }

    @Test func aReleaseOverThePressedControlActivatesIt() {
        var tracker = ControlTracker<Int>()
        #expect(tracker.handle(mouse(.down), over: 2) == .handled)
        #expect(tracker.pressedTarget == 2)
        #expect(tracker.handle(mouse(.up), over: 2) == .activated(2))
        #expect(tracker.press == nil)
    }

    @Test func movingOffLooksUnpressedAndAReleaseElsewhereDoesNothing() {
        var tracker = ControlTracker<Int>()
        _ = tracker.handle(mouse(.down), over: 1)
        #expect(tracker.handle(mouse(.move), over: nil) == .handled)
        #expect(tracker.pressedTarget == nil && tracker.press != nil)
        #expect(tracker.handle(mouse(.move), over: 1) == .handled)
        #expect(tracker.pressedTarget == 1)
        #expect(tracker.handle(mouse(.up), over: 3) == .handled, "released over another control")
    }

    @Test func onlyTheLeftButtonOrAFingerPresses() {
        var tracker = ControlTracker<Int>()
        #expect(tracker.handle(mouse(.down, button: .right), over: 1) == .notMine)
        #expect(tracker.handle(mouse(.down), over: nil) == .notMine, "nothing of the control there")
        let finger = PointerEvent(phase: .down, location: .zero, kind: .touch, id: 4)
        #expect(tracker.handle(finger, over: 1) == .handled)
    }

    @Test func anotherPointerIsSwallowedOnDownAndIgnoredOtherwise() {
        var tracker = ControlTracker<Int>()
        _ = tracker.handle(PointerEvent(phase: .down, location: .zero, kind: .touch, id: 1), over: 1)
        #expect(tracker.handle(PointerEvent(phase: .down, location: .zero, kind: .touch, id: 2), over: 1) == .handled)
        #expect(tracker.handle(PointerEvent(phase: .up, location: .zero, kind: .touch, id: 2), over: 1) == .notMine)
        #expect(tracker.handle(PointerEvent(phase: .cancel, location: .zero, kind: .touch, id: 1), over: 1) == .handled)
        #expect(tracker.press == nil, "a cancel lets go without acting")
    }

    @Test func resetLetsGo() {
        var tracker = ControlTracker<Int>()
        _ = tracker.handle(mouse(.down), over: 1)
        tracker.reset()
        #expect(tracker.handle(mouse(.up), over: 1) == .notMine)
    }
}
