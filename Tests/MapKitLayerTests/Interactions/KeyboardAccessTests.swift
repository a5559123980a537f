import Testing
@testable import MapEngine
@testable import MapKitLayer

/// Pins without a mouse: Tab through them, Enter to select, arrows to nudge
/// the selected one, Delete to remove it.
@Suite @MainActor struct KeyboardAccessTests {
    let views = MovablePins()
    // Reading order on an 800 x 600 map at zoom 4 over western Europe, top
    // to bottom: Oslo, Berlin (a degree north of London), London, Paris, Rome.
    let oslo = PointAnnotation(coordinate: Coordinate(latitude: 59.91, longitude: 10.75), title: "Oslo")
    let london = PointAnnotation(coordinate: Coordinate(latitude: 51.51, longitude: -0.13), title: "London")
    let berlin = PointAnnotation(coordinate: Coordinate(latitude: 52.52, longitude: 13.40), title: "Berlin")
    let paris = PointAnnotation(coordinate: Coordinate(latitude: 48.86, longitude: 2.35), title: "Paris")
    let rome = PointAnnotation(coordinate: Coordinate(latitude: 41.9, longitude: 12.5), title: "Rome")
    let tokyo = PointAnnotation(coordinate: Coordinate(latitude: 35.7, longitude: 139.7), title: "Tokyo")

    func setUp() -> MapController {
        let map = makeAnnotationMap(center: Coordinate(latitude: 50, longitude: 8), zoom: 4)
        map.delegate = views
        map.addAnnotations([rome, paris, tokyo, berlin, london, oslo])
        _ = imageDraws(map)
        return map
    }

    func key(_ map: MapController, _ name: String, _ modifiers: KeyPress.Modifiers = [], at t: Double) {
        map.handle(.key(KeyPress(name, modifiers: modifiers)), at: t)
        _ = imageDraws(map, at: t)
    }

    @Test func tabGoesThroughThePinsOnScreenInReadingOrderAndWraps() {
        let map = setUp()
        var seen: [String] = []
        for i in 0..<6 {
            key(map, "tab", at: Double(i) * 0.1)
            seen.append(map.input.focus.focused?.title ?? "none")
        }
        #expect(seen == ["Oslo", "Berlin", "London", "Paris", "Rome", "Oslo"], "Tokyo is off screen: \(seen)")
        key(map, "tab", .shift, at: 1)
        #expect(map.input.focus.focused === rome, "Shift+Tab goes back, wrapping")
        let ring = FrameComposer.scene(of: map, at: 1.1, tiles: NoTiles(), text: ZeroMetrics()).commands.filter {
            if case .line(_, _, let color, _) = $0 { color == FocusRing.color } else { false }
        }
        #expect(ring.count == 4, "a ring around the focused pin")
    }

    @Test func enterSelectsTheFocusedPin() {
        let map = setUp()
        key(map, "tab", at: 0)
        key(map, "tab", at: 0.1)
        key(map, "return", at: 0.2)
        #expect(map.selectedAnnotations.first === berlin)
        key(map, "escape", at: 0.3)
        #expect(map.selectedAnnotations.isEmpty && map.input.focus.focused === berlin, "focus stays on the pin")
    }

    @Test func arrowsNudgeTheSelectedPinAndABurstIsOneUndo() {
        let map = setUp()
        map.selectAnnotation(paris)
        let start = map.convert(paris.coordinate)
        key(map, "right", at: 1)
        key(map, "right", at: 1.1)
        key(map, "down", .shift, at: 1.2)
        let moved = map.convert(paris.coordinate)
        #expect(abs(moved.x - start.x - 2) < 0.01 && abs(moved.y - start.y - 10) < 0.01, "\(moved - start)")
        #expect(map.camera.center == makeAnnotationMap(center: Coordinate(latitude: 50, longitude: 8), zoom: 4).camera.center,
                "the map did not pan")
        let saved = map.handle(.pointer(PointerEvent(phase: .move, location: Point(x: 1, y: 1))), at: 2)
        #expect(saved.contains(.annotationsChanged), "the burst ended and asks for a save")
        key(map, "z", .control, at: 3)
        #expect((map.convert(paris.coordinate) - start).length < 0.01, "one undo puts the whole burst back")
    }

    @Test func aBurstOfNudgesLiftsThePinALittleAndDropsItWithABounce() throws {
        let map = setUp()
        map.selectAnnotation(paris)
        let pin = try #require(map.view(for: paris) as? PinAnnotationView)
        #expect(pin.pose == .rest)
        key(map, "right", at: 1)
        map.advance(to: 1.05)
        #expect(pin.pose.frame != .rest && pin.pose.lift == .zero, "the first nudge starts with the bounce frames")
        key(map, "right", at: 1.2)
        map.advance(to: 1.35)
        #expect(pin.pose == .nudged && pin.pose.lift.y == -PinMotion.nudgeLiftHeight, "held up a little, not carried")
        #expect(pin.dragState == .none && !map.isDragging, "a nudge is no carry")
        // The burst ends a moment after the last nudge: the pin falls and lands with a bounce.
        let end = 1.2 + KeyNudge.burstPause
        map.advance(to: end)
        map.advance(to: end + 0.1)
        #expect(pin.pose.lift.y < 0 && pin.pose.lift.y > -PinMotion.nudgeLiftHeight, "falling")
        map.advance(to: end + PinMotion.riseDuration + 0.01)
        #expect(pin.pose.frame == .bounce1, "lands with the bounce")
        map.advance(to: end + PinMotion.dragMotionDuration)
        #expect(pin.pose == .rest)
    }

    @Test func altArrowsAndArrowsWithoutASelectionPan() {
        let map = setUp()
        let before = paris.coordinate
        key(map, "left", at: 0)
        #expect(paris.coordinate == before)
        map.selectAnnotation(paris)
        key(map, "left", .alt, at: 1)
        #expect(paris.coordinate == before, "Alt+arrow pans instead")
    }

    @Test func deleteRemovesTheSelectedPinAndUndoBringsItBack() {
        let map = setUp()
        map.selectAnnotation(rome)
        let actions = map.handle(.key(KeyPress("delete")), at: 1)
        #expect(!map.contains(rome) && actions.contains(.annotationsChanged))
        map.handle(.key(KeyPress("z", modifiers: .control)), at: 2)
        #expect(map.contains(rome))
    }

    /// Pins whose callouts have two buttons.
    final class WithButtons: MapViewDelegate {
        var tapped: [String] = []
        func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
            let view = PinAnnotationView(annotation: annotation)
            view.canShowCallout = true
            view.leftCalloutAccessory = CalloutAccessory(.infoButton, identifier: "info")
            view.rightCalloutAccessory = CalloutAccessory(.detailDisclosure, identifier: "details")
            return view
        }
        func mapView(_ map: MapController, annotationView view: AnnotationView,
                     calloutAccessoryControlTapped control: CalloutAccessory) {
            let action = control.identifier
            tapped.append(action)
        }
    }

    @Test func tabGoesThroughAnOpenCalloutsButtonsAndEnterPressesOne() throws {
        let map = makeAnnotationMap(center: Coordinate(latitude: 50, longitude: 8), zoom: 4)
        let buttons = WithButtons()
        map.delegate = buttons
        map.addAnnotations([paris, rome])
        _ = FrameComposer.scene(of: map, at: 0, tiles: NoTiles(), text: ZeroMetrics())
        map.handle(.key(KeyPress("tab")), at: 0.1)
        map.handle(.key(KeyPress("return")), at: 0.2)
        _ = FrameComposer.scene(of: map, at: 1, tiles: NoTiles(), text: ZeroMetrics())
        #expect(map.selectedAnnotations.first === paris && map.calloutPlacement != nil)
        map.handle(.key(KeyPress("tab")), at: 1.1)
        #expect(map.input.focus.control != nil, "Tab moved into the callout")
        let first = map.input.focus.control
        map.handle(.key(KeyPress("tab")), at: 1.2)
        #expect(map.input.focus.control != first, "and on to its other button")
        map.handle(.key(KeyPress("tab")), at: 1.3)
        #expect(map.input.focus.control == first, "wrapping")
        let actions = map.handle(.key(KeyPress("return")), at: 1.4)
        #expect(buttons.tapped.count == 1)
        #expect(actions.contains { if case .calloutAction = $0 { true } else { false } }, "the same action as a click")
        map.handle(.key(KeyPress("escape")), at: 1.5)
        #expect(map.selectedAnnotations.isEmpty && map.input.focus.control == nil && map.input.focus.focused === paris,
                "Escape closes the callout and focus goes back to its pin")
    }
}
