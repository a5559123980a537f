import Testing
@testable import MapEngine
@testable import MapKitLayer

/// Dropping a pin anywhere from the map's menu: a right-click (or
/// Ctrl+click, which the window turns into one) or a finger held still on
/// the map for the long-press time opens it; a finger that moves pans, one
/// on a pin lifts it.
@MainActor struct DropPinTests {
    let views = MovablePins()

    func finger(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double) -> InputEvent {
        .pointer(PointerEvent(phase: phase, location: Point(x: x, y: y), kind: .touch, id: 1))
    }

    func dropped(_ map: MapController) -> [any Annotation] {
        map.annotations.filter { $0.title == DroppedPin.title }
    }

    /// A finger held still opens the map's menu there (as a right-click
    /// does); its first item drops a selected pin where the finger rested.
    @Test func aFingerHeldStillOnTheMapOpensTheMenuThatDropsAPinThere() throws {
        let map = makeAnnotationMap()
        map.delegate = views
        let spot = map.convert(Point(x: 250, y: 200))
        map.handle(finger(.down, 250, 200), at: 0)
        #expect(map.isAnimating, "time runs while the finger rests")
        map.advance(to: 0.3)
        #expect(map.chrome.menu == nil, "not yet")
        map.handle(finger(.move, 251, 201), at: 0.35)  // a hand's tremble is no pan
        map.advance(to: 0.6)
        #expect(map.chrome.menu?.anchor == Point(x: 250, y: 200))
        let camera = map.camera
        map.handle(finger(.move, 300, 260), at: 0.7)
        map.handle(finger(.up, 300, 260), at: 0.8)
        #expect(map.camera == camera && map.chrome.menu != nil, "the finger is done: no pan, the menu stays to choose from")
        try ContextMenuTests.choose(.dropPin, on: map, time: 1)
        let pin = try #require(dropped(map).first)
        #expect(abs(pin.coordinate.latitude - spot.latitude) < 1e-9 && abs(pin.coordinate.longitude - spot.longitude) < 1e-9)
        #expect(map.selectedAnnotations.first === pin, "selected, its callout open")
        #expect(dropped(map).count == 1)
    }

    @Test func aFingerThatMovesPansAndDropsNothing() {
        let map = makeAnnotationMap()
        let camera = map.camera
        map.handle(finger(.down, 250, 200), at: 0)
        map.handle(finger(.move, 290, 200), at: 0.1)
        map.advance(to: 1)
        map.handle(finger(.up, 290, 200), at: 1)
        #expect(dropped(map).isEmpty && map.camera != camera)
    }

    @Test func aFingerHeldOnAPinLiftsItInstead() {
        let map = makeAnnotationMap()
        map.delegate = views
        let pin = PointAnnotation(coordinate: map.convert(Point(x: 400, y: 300)), title: "Paris")
        map.addAnnotation(pin)
        _ = imageDraws(map)
        map.handle(finger(.down, 400, 285), at: 0)
        map.advance(to: 0.6)
        #expect(map.isDragging && dropped(map).isEmpty)
    }

    @Test func aRightClicksMenuDropsAPinAndUndoTakesItBack() throws {
        let map = makeAnnotationMap()
        map.delegate = views
        map.handle(.pointer(PointerEvent(phase: .down, location: Point(x: 300, y: 250), button: .right)), at: 0)
        #expect(dropped(map).isEmpty && map.chrome.menu == nil, "a right press may yet turn the map: the menu opens on release")
        map.handle(.pointer(PointerEvent(phase: .up, location: Point(x: 300, y: 250), button: .right)), at: 0.1)
        let actions = try ContextMenuTests.choose(.dropPin, on: map, time: 0.5)
        #expect(actions.contains(.annotationsChanged))
        let pin = try #require(dropped(map).first as? PointAnnotation)
        #expect(pin.isPlacemark && map.identifier(of: pin) == "dropped-1" && map.selectedAnnotations.first === pin)
        #expect(map.handle(.key(KeyPress("z", modifiers: .control)), at: 1).contains(.annotationsChanged))
        #expect(dropped(map).isEmpty, "undo takes it off")
        map.handle(.key(KeyPress("z", modifiers: [.control, .shift])), at: 2)
        #expect(dropped(map).first === pin, "redo puts it back")
        ContextMenuTests.rightClick(map, at: Point(x: 100, y: 100), time: 3)
        try ContextMenuTests.choose(.dropPin, on: map, time: 3.5)
        #expect(dropped(map).count == 2 && map.identifier(of: dropped(map)[1]) == "dropped-2", "numbered on")
    }

    @Test func aQuickTapDropsNothing() {
        let map = makeAnnotationMap()
        map.handle(finger(.down, 250, 200), at: 0)
        map.handle(finger(.up, 250, 200), at: 0.1)
        map.advance(to: 2)
        #expect(dropped(map).isEmpty && !map.isAnimating)
    }
}
