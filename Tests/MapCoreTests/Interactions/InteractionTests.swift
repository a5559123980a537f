import Testing
@testable import MapCore

/// Each interaction on its own, driven directly rather than through the
/// router, on a map 800 x 600 at zoom 4 over western Europe.
@Suite struct InteractionTests {
    func mouse(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double) -> PointerEvent {
        PointerEvent(phase: phase, location: Point(x: x, y: y), button: phase == .move ? nil : .left)
    }

    @Test func mapPressPansOnlyPastTheClickTolerance() {
        let map = makeAnnotationMap()
        let press = map.pressInteraction
        let start = map.camera.center
        #expect(press.handle(mouse(.down, 400, 300), at: 0) == .handled([]))
        _ = press.handle(mouse(.move, 403, 300), at: 0.05)
        #expect(map.camera.center == start, "3 px is a shaky click")
        _ = press.handle(mouse(.move, 420, 300), at: 0.1)
        #expect(map.camera.center != start && press.isPanning(pointer: 0, kind: .mouse))
        _ = press.handle(mouse(.up, 420, 300), at: 0.15)
        #expect(!press.isPanning(pointer: 0, kind: .mouse))
    }

    @Test func mapPressZoomsInOnADoubleClickAndNotOnTwoFarApart() {
        let map = makeAnnotationMap()
        let press = map.pressInteraction
        for (t, x) in [(0.0, 400.0), (0.2, 404.0)] {
            _ = press.handle(mouse(.down, x, 300), at: t)
            _ = press.handle(mouse(.up, x, 300), at: t + 0.05)
        }
        #expect(map.animation?.targetZoom == 5)
        let other = makeAnnotationMap()
        for (t, x) in [(0.0, 400.0), (0.2, 450.0)] {
            _ = other.pressInteraction.handle(mouse(.down, x, 300), at: t)
            _ = other.pressInteraction.handle(mouse(.up, x, 300), at: t + 0.05)
        }
        #expect(other.animation == nil)
    }

    @Test func mapPressTakesNoRightButton() {
        let map = makeAnnotationMap()
        let right = PointerEvent(phase: .down, location: Point(x: 10, y: 10), button: .right)
        #expect(map.pressInteraction.handle(right, at: 0) == .ignored)
    }

    @Test func wheelNotchesAddUpFromWhereTheZoomIsHeading() {
        let map = makeAnnotationMap()
        map.wheel.scroll(at: Point(x: 400, y: 300), notches: 1, at: 0)
        map.wheel.scroll(at: Point(x: 400, y: 300), notches: 1, at: 0.05)
        #expect(map.animation?.targetZoom == 5)
        map.wheel.scroll(at: Point(x: 400, y: 300), notches: 0, at: 0.1)
        #expect(map.animation?.targetZoom == 5, "no notches, no change")
    }

    @Test func keyboardZoomsPansAndQuits() {
        let map = makeAnnotationMap()
        #expect(map.keyboard.handle(KeyPress("plus"), at: 0).isEmpty)
        #expect(map.animation?.targetZoom == 5)
        #expect(map.keyboard.handle(KeyPress("q", modifiers: .control), at: 0.1) == [.quit])
        #expect(map.keyboard.handle(KeyPress("q"), at: 0.2).isEmpty, "q alone does nothing")
    }

    @Test func theLocateButtonIsOnlyThereWithALocationSource() {
        let map = makeAnnotationMap()
        let corner = LocateButton.frame(viewport: map.camera.viewportSize).center
        let press = PointerEvent(phase: .down, location: corner, button: .left)
        #expect(map.locateInteraction.handle(press, at: 0) == .ignored)
        map.locationFeed = LocationFeed()
        #expect(map.locateInteraction.handle(press, at: 0) == .handled([]))
        #expect(map.locateInteraction.isPressed)
        _ = map.locateInteraction.handle(PointerEvent(phase: .up, location: corner, button: .left), at: 0.1)
        #expect(!map.locateInteraction.isPressed)
    }

    @Test func aSecondFingerLetsGoOfTheFirstFingersPress() {
        let map = makeAnnotationMap()
        func finger(_ phase: PointerEvent.Phase, _ id: Int, _ x: Double) -> PointerEvent {
            PointerEvent(phase: phase, location: Point(x: x, y: 300), kind: .touch, id: id)
        }
        _ = map.fingers.handle(finger(.down, 1, 300), at: 0)
        _ = map.fingers.handle(finger(.move, 1, 340), at: 0.05)
        #expect(map.pressInteraction.isPanning(pointer: 1, kind: .touch))
        _ = map.fingers.handle(finger(.down, 2, 500), at: 0.1)
        #expect(!map.pressInteraction.isPanning(pointer: 1, kind: .touch), "the pinch took over")
        let zoom = map.camera.zoom
        _ = map.fingers.handle(finger(.move, 2, 700), at: 0.15)
        #expect(map.camera.zoom > zoom, "fingers moving apart zoom in")
        _ = map.fingers.handle(finger(.up, 2, 700), at: 0.6)
        #expect(map.pressInteraction.isPanning(pointer: 1, kind: .touch), "the finger left behind pans on")
    }
}
