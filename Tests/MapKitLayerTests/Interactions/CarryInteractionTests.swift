import Testing
@testable import MapEngine
@testable import MapKitLayer

/// The carry on its own: once a press on a draggable pin has become a
/// carry, the carry interaction takes every pointer event first and says
/// what the map must do with a drop, a cancel and a stray press.
@Suite @MainActor struct CarryInteractionTests {
    final class DraggablePins: MapViewDelegate {
        func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
            let view = PinAnnotationView(annotation: annotation)
            view.isDraggable = true
            return view
        }
    }

    let pins = DraggablePins()
    let paris = PointAnnotation(coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522), title: "Paris")

    func mouse(_ phase: PointerEvent.Phase, _ p: Point, button: MouseButton = .left) -> PointerEvent {
        PointerEvent(phase: phase, location: p, button: phase == .move ? nil : button)
    }

    /// A map whose pin is being carried by the mouse, 20 px right of where it was grabbed.
    func carrying() -> (MapController, grabbed: Point) {
        let map = makeAnnotationMap()
        map.delegate = pins
        map.addAnnotation(paris)
        _ = imageDraws(map)
        let head = map.convert(paris.coordinate) + Point(x: 0, y: -24)
        map.handle(.pointer(mouse(.down, head)), at: 0)
        map.handle(.pointer(mouse(.move, head + Point(x: 20, y: 0))), at: 0.05)
        return (map, head)
    }

    @Test func idleItLetsEverythingPass() {
        let map = makeAnnotationMap()
        let carry = CarryInteraction(map: map, drag: DragController(),
                                     press: MapPressInteraction(map: map, drag: DragController(), switches: GestureSwitches()))
        #expect(!carry.isActive)
        #expect(carry.handle(mouse(.down, Point(x: 10, y: 10)), at: 0) == .ignored)
    }

    @Test func aReleaseInsideTheMapDropsThePinAndAsksForASave() {
        let (map, head) = carrying()
        #expect(map.input.carry.isActive && map.isDragging)
        #expect(map.input.carry.handle(mouse(.move, head + Point(x: 40, y: 0)), at: 0.1) == .handled([]))
        #expect(map.input.carry.handle(mouse(.up, head + Point(x: 40, y: 0)), at: 0.15)
                == .handled([.report(.annotationsChanged)]))
        #expect(!map.input.carry.isActive)
        #expect(map.restingCoordinate(of: paris).longitude > 2.3522, "it landed east of Paris")
    }

    @Test func aReleaseOutsideTheMapSendsThePinHome() {
        let (map, _) = carrying()
        #expect(map.input.carry.handle(mouse(.up, Point(x: -30, y: 200)), at: 0.1) == .handled([]))
        #expect(!map.input.carry.isActive)
        #expect(map.restingCoordinate(of: paris) == Coordinate(latitude: 48.8566, longitude: 2.3522))
        #expect(map.view(for: paris)?.dragState == .canceling)
    }

    @Test func anotherPressCancelsTheCarryAndIsTakenSoNothingElseActsOnIt() {
        let (map, head) = carrying()
        #expect(map.input.carry.handle(mouse(.down, head, button: .right), at: 0.1) == .handled([]))
        #expect(!map.input.carry.isActive && map.view(for: paris)?.dragState == .canceling)
    }

    @Test func anotherPointersMovesAreSwallowedWhileCarrying() {
        let (map, head) = carrying()
        let finger = PointerEvent(phase: .move, location: head, kind: .touch, id: 7)
        #expect(map.input.carry.handle(finger, at: 0.1) == .handled([]))
        #expect(map.input.carry.isActive, "a stray move does not end the carry")
    }

    @Test func resetSendsThePinHome() {
        let (map, _) = carrying()
        map.input.carry.reset(at: 0.1)
        #expect(!map.input.carry.isActive && map.view(for: paris)?.dragState == .canceling)
    }
}
