import Testing
@testable import MapEngine
@testable import MapKitLayer

/// The gestures that need no annotation, each on its own and driven
/// directly (not through the router or the controller): what each asks of
/// the map, as `MapEffect`s, on a map 800 x 600 at zoom 4 over western Europe.
@Suite @MainActor struct InteractionTests {
    func mouse(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double) -> PointerEvent {
        PointerEvent(phase: phase, location: Point(x: x, y: y), button: phase == .move ? nil : .left)
    }

    @Test func mapPressPansOnlyPastTheClickTolerance() {
        let map = makeAnnotationMap()
        let press = MapPressInteraction(map: map, drag: DragController(), switches: GestureSwitches())
        #expect(press.handle(mouse(.down, 400, 300), at: 0) == .handled([.stopCamera]))
        #expect(press.handle(mouse(.move, 403, 300), at: 0.05) == .handled([]), "3 px is a shaky click")
        #expect(press.handle(mouse(.move, 420, 300), at: 0.1) == .handled([.drag(from: Point(x: 400, y: 300), to: Point(x: 420, y: 300))]))
        #expect(press.isPanning(pointer: 0, kind: .mouse))
        #expect(press.handle(mouse(.up, 425, 300), at: 0.15) == .handled([.drag(from: Point(x: 420, y: 300), to: Point(x: 425, y: 300))]),
                "a pan that ends is no click: nothing is deselected")
        #expect(!press.isPanning(pointer: 0, kind: .mouse))
    }

    @Test func mapPressZoomsInOnADoubleClickAndNotOnTwoFarApart() {
        let map = makeAnnotationMap()
        let press = MapPressInteraction(map: map, drag: DragController(), switches: GestureSwitches())
        _ = press.handle(mouse(.down, 400, 300), at: 0)
        // A click deselects, and selects the overlay under it if there is one.
        #expect(press.handle(mouse(.up, 400, 300), at: 0.05)
                == .handled([.deselectAll, .selectOverlay(at: Point(x: 400, y: 300), finger: false)]))
        _ = press.handle(mouse(.down, 404, 300), at: 0.2)
        #expect(press.handle(mouse(.up, 404, 300), at: 0.25) == .handled([
            .deselectAll, .selectOverlay(at: Point(x: 404, y: 300), finger: false),
            .animate(.zoom(to: 5, about: Point(x: 404, y: 300)), duration: CameraRig.stepZoomDuration),
        ]))
        let other = MapPressInteraction(map: map, drag: DragController(), switches: GestureSwitches())
        for (t, x) in [(0.0, 400.0), (0.2, 450.0)] {
            _ = other.handle(mouse(.down, x, 300), at: t)
            #expect(other.handle(mouse(.up, x, 300), at: t + 0.05)
                    == .handled([.deselectAll, .selectOverlay(at: Point(x: x, y: 300), finger: false)]))
        }
    }

    @Test func aRightClickOnTheMapOpensItsMenuOnReleaseAndNeverPans() {
        let map = makeAnnotationMap()
        let pin = PointAnnotation(coordinate: map.convert(Point(x: 400, y: 300)), title: "Pin")
        map.addAnnotation(pin)
        let switches = GestureSwitches()
        let press = MapPressInteraction(map: map, drag: DragController(), switches: switches)
        let right = RightPressInteraction(map: map, press: press, switches: switches)
        let down = PointerEvent(phase: .down, location: Point(x: 10, y: 10), button: .right)
        let up = PointerEvent(phase: .up, location: Point(x: 11, y: 10), button: .right)
        #expect(press.handle(down, at: 0) == .ignored, "the press is the left button's and a finger's")
        #expect(right.handle(down, at: 0) == .handled([.stopCamera]), "held: a click or a drag")
        #expect(press.handle(mouse(.move, 20, 20), at: 0.1) == .ignored, "no press, nothing to follow")
        #expect(right.handle(up, at: 0.1) == .handled([.openMenu(at: Point(x: 10, y: 10))]), "a click opens the menu where it pressed")
        let onPin = PointerEvent(phase: .down, location: Point(x: 400, y: 290), button: .right)
        #expect(right.handle(onPin, at: 0.2) == .ignored, "not on a pin")
        switches.pinDrop = false
        #expect(right.handle(down, at: 0.3) == .handled([.stopCamera]))
        #expect(right.handle(up, at: 0.35) == .handled([.openMenu(at: Point(x: 10, y: 10))]), "its menu then offers no pin")
    }

    @Test func aRightDragTurnsAndTiltsTheMapAndDropsNoPin() {
        let map = makeAnnotationMap()
        let switches = GestureSwitches()
        let press = MapPressInteraction(map: map, drag: DragController(), switches: switches)
        let right = RightPressInteraction(map: map, press: press, switches: switches)
        let centre = map.camera.viewportSize.center
        _ = right.handle(PointerEvent(phase: .down, location: Point(x: 100, y: 100), button: .right), at: 0)
        #expect(right.handle(mouse(.move, 102, 100), at: 0.01) == .handled([]), "within the click tolerance")
        #expect(right.handle(mouse(.move, 110, 100), at: 0.02)
                == .handled([.twist(degrees: 8, about: centre, tilt: 0)]), "sideways turns, 0.8° a pixel")
        #expect(right.handle(mouse(.move, 110, 90), at: 0.5)
                == .handled([.twist(degrees: 0, about: centre, tilt: 5)]), "up tilts back, 0.5° a pixel")
        let up = PointerEvent(phase: .up, location: Point(x: 110, y: 90), button: .right)
        #expect(right.handle(up, at: 0.7) == .handled([]), "a slow drag ends there: no pin, no spin")
        switches.rotate = false
        _ = right.handle(PointerEvent(phase: .down, location: Point(x: 100, y: 100), button: .right), at: 1)
        #expect(right.handle(mouse(.move, 120, 100), at: 1.01) == .handled([]), "turning off: sideways does nothing")
    }

    @Test func aQuickRightDragLeavesTheMapSpinning() {
        let map = makeAnnotationMap()
        let switches = GestureSwitches()
        let right = RightPressInteraction(map: map, press: MapPressInteraction(map: map, drag: DragController(), switches: switches),
                                          switches: switches)
        _ = right.handle(PointerEvent(phase: .down, location: Point(x: 100, y: 100), button: .right), at: 0)
        for step in 1...5 { _ = right.handle(mouse(.move, 100 + Double(step) * 20, 100), at: Double(step) * 0.016) }
        let up = PointerEvent(phase: .up, location: Point(x: 200, y: 100), button: .right)
        guard case .handled(let effects) = right.handle(up, at: 0.09), case .spin(let speed, _)? = effects.first else {
            Issue.record("a fast turn spins on")
            return
        }
        #expect(speed > 500, "16 degrees every 16 ms is about 1000°/s: \(speed)")
    }

    @Test func wheelNotchesAddUpFromWhereTheZoomIsHeading() {
        let rig = CameraRig(makeAnnotationMap().camera)
        let wheel = WheelZoom(rig: rig, switches: GestureSwitches())
        let cursor = Point(x: 100, y: 300)
        #expect(wheel.scroll(at: cursor, notches: 1) == [.animate(.zoom(to: 4.5, about: cursor), duration: 0.25)])
        rig.animate(.zoom(to: 4.5, about: cursor), at: 0, duration: 0.25)
        #expect(wheel.scroll(at: cursor, notches: 1) == [.animate(.zoom(to: 5, about: cursor), duration: 0.25)])
        #expect(wheel.scroll(at: cursor, notches: 0).isEmpty, "no notches, no change")
    }

    /// A map with pins and its camera rig (held for as long as the keyboard
    /// driving them, which keeps the map unowned), and the keyboard.
    static func keyboard() -> (held: (map: MapController, rig: CameraRig), keys: KeyboardInteraction) {
        let map = makeAnnotationMap()
        let rig = CameraRig(map.camera)
        let keys = KeyboardInteraction(map: map, rig: rig, focus: FocusRing(map: map), search: SearchInteraction(map: map, box: map.search),
                                       pinEditor: PinEditorInteraction(map: map, editor: map.pinEditor), ruler: RulerInteraction(map: map), areaPanel: AreaPanelInteraction(map: map),
                                       switches: GestureSwitches())
        return ((map, rig), keys)
    }

    @Test func keyboardZoomsPansDismissesAndQuits() {
        let (held, keys) = Self.keyboard()
        defer { withExtendedLifetime(held) {} }
        let center = Point(x: 400, y: 300)
        #expect(keys.handle(KeyPress("plus")) == [.animate(.zoom(to: 5, about: center), duration: 0.3)])
        #expect(keys.handle(KeyPress("q", modifiers: .control)) == [.report(.quit)])
        #expect(keys.handle(KeyPress("q")).isEmpty, "q alone does nothing")
        #expect(keys.handle(KeyPress("escape")) == [.dismiss])
        #expect(keys.handle(KeyPress("z", modifiers: .control)) == [.undo])
        #expect(keys.handle(KeyPress("z", modifiers: [.control, .shift])) == [.redo])
        #expect(keys.handle(KeyPress("y", modifiers: .control)) == [.redo])
        #expect(keys.handle(KeyPress("0")) == [.resetToHome])
        #expect(keys.handle(KeyPress("l")) == [.dropPinAtUserLocation])
    }

    @Test func ctrlPlusMinusAndZeroZoomAsInABrowserAndF11AsksForTheFullScreen() {
        let (held, keys) = Self.keyboard()
        defer { withExtendedLifetime(held) {} }
        let center = Point(x: 400, y: 300)
        #expect(keys.handle(KeyPress("equals", modifiers: .control)) == [.animate(.zoom(to: 5, about: center), duration: 0.3)])
        #expect(keys.handle(KeyPress("minus", modifiers: .control)) == [.animate(.zoom(to: 3, about: center), duration: 0.3)])
        #expect(keys.handle(KeyPress("0", modifiers: .control)) == [.resetToHome])
        #expect(keys.handle(KeyPress("f11")) == [.report(.toggleFullScreen)])
        #expect(keys.handle(KeyPress("o", modifiers: .control)) == [.report(.openFile)])
        #expect(keys.handle(KeyPress("o")).isEmpty, "o alone does nothing")
        #expect(KeyPress.parse("f11") == KeyPress("f11"))
    }

    @Test func arrowKeysGlideAndRepeatedPressesAddUp() throws {
        let (held, keys) = Self.keyboard()
        let rig = held.rig
        let step = KeyboardInteraction.panDistance / rig.camera.worldSize
        guard case .glide(let first, _) = try #require(keys.handle(KeyPress("left")).first) else {
            Issue.record("an arrow glides")
            return
        }
        #expect(abs(first.x - (rig.camera.center.x - step)) < 1e-12 && first.y == rig.camera.center.y)
        rig.glide(toWorld: first, at: 0, duration: 0.2)
        guard case .glide(let second, _) = try #require(keys.handle(KeyPress("left")).first) else { return }
        #expect(abs(second.x - (first.x - step)) < 1e-12, "the second press goes on from the first's end")
    }

    @Test func theLocateButtonIsOnlyThereWithALocationSource() {
        let map = makeAnnotationMap()
        let button = LocateButtonInteraction(map: map)
        let corner = LocateButton.frame(viewport: map.camera.viewportSize).center
        let press = PointerEvent(phase: .down, location: corner, button: .left)
        #expect(button.handle(press, at: 0) == .ignored)
        map.userLocation.feed = LocationFeed()
        #expect(button.handle(press, at: 0) == .handled([.redraw]))
        #expect(button.isPressed)
        let release = PointerEvent(phase: .up, location: corner, button: .left)
        #expect(button.handle(release, at: 0.1) == .handled([.redraw, .dropPinAtUserLocation]))
        #expect(!button.isPressed)
        _ = button.handle(press, at: 0.2)
        button.reset(at: 0.3)
        #expect(!button.isPressed && button.handle(release, at: 0.4) == .ignored, "a reset press never acts")
    }

    @Test func aSecondFingerLetsGoOfTheFirstFingersPressAndPinches() {
        let map = makeAnnotationMap()
        let press = MapPressInteraction(map: map, drag: DragController(), switches: GestureSwitches())
        let router = InteractionRouter([press])
        let rig = CameraRig(map.camera)
        let fingers = FingerGestures(router: router, press: press, rig: rig, switches: GestureSwitches())
        func finger(_ phase: PointerEvent.Phase, _ id: Int, _ x: Double) -> PointerEvent {
            PointerEvent(phase: phase, location: Point(x: x, y: 300), kind: .touch, id: id)
        }
        _ = fingers.handle(finger(.down, 1, 300), at: 0)
        _ = fingers.handle(finger(.move, 1, 340), at: 0.05)
        #expect(press.isPanning(pointer: 1, kind: .touch))
        #expect(fingers.handle(finger(.down, 2, 500), at: 0.1) == [.stopCamera, .redraw])
        #expect(!press.isPanning(pointer: 1, kind: .touch), "the pinch took over")
        guard case .pinch(let levels, _, _) = fingers.handle(finger(.move, 2, 700), at: 0.15).first else {
            Issue.record("two fingers moving pinch")
            return
        }
        #expect(levels > 0, "fingers moving apart zoom in")
        #expect(fingers.handle(finger(.up, 2, 700), at: 0.6).isEmpty)
        #expect(press.isPanning(pointer: 1, kind: .touch), "the finger left behind pans on")
    }

    @Test func aFastLiftFlingsTheMapOn() {
        let map = makeAnnotationMap()
        let press = MapPressInteraction(map: map, drag: DragController(), switches: GestureSwitches())
        let fingers = FingerGestures(router: InteractionRouter([press]), press: press, rig: CameraRig(map.camera), switches: GestureSwitches())
        func finger(_ phase: PointerEvent.Phase, _ x: Double, _ t: Double) -> [MapEffect] {
            fingers.handle(PointerEvent(phase: phase, location: Point(x: x, y: 300), kind: .touch, id: 1), at: t)
        }
        _ = finger(.down, 100, 0)
        for step in 1...5 { _ = finger(.move, 100 + Double(step) * 20, Double(step) * 0.016) }
        guard case .coast(let velocity, _) = finger(.up, 200, 0.09).last else {
            Issue.record("a fast lift coasts")
            return
        }
        #expect(velocity.x > FingerGestures.flingMinimumSpeed)
    }
}
