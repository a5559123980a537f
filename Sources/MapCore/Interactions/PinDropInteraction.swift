/// A right-click on the empty map drops a pin there (a right-click on a
/// view is left to the others). Off with the pin-drop switch, and while
/// another button holds a press on the map.
final class PinDropInteraction: MapInteraction {
    private unowned let map: MapController
    private let press: MapPressInteraction
    private let switches: GestureSwitches

    init(map: MapController, press: MapPressInteraction, switches: GestureSwitches) {
        self.map = map
        self.press = press
        self.switches = switches
    }

    func handle(_ event: PointerEvent, at now: Double) -> InteractionReply {
        guard switches.pinDrop, event.phase == .down, event.kind == .mouse, event.button == .right, !press.isHolding,
              map.annotationLayer.pressedView(at: event.location, kind: event.kind, camera: map.camera,
                                              scale: map.displayScale, at: now) == nil else { return .ignored }
        return .handled([.dropPin(at: event.location)])
    }

    func reset(at now: Double) {}
}
