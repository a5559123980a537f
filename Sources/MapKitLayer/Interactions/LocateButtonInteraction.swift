import MapEngine

/// The locate button: a press acts on release over it and drops a pin at
/// the user's location; it looks pressed while the pointer is over it.
@MainActor
final class LocateButtonInteraction: MapInteraction {
    private unowned let map: any InteractionHost
    private var press = ControlTracker<LocateButton.Part>()

    init(map: any InteractionHost) {
        self.map = map
    }

    /// For drawing: pressed, with the pointer over it.
    var isPressed: Bool { press.pressedTarget != nil }

    func handle(_ event: PointerEvent, at now: Double) -> InteractionReply {
        let over = map.userLocation.feed != nil
            && LocateButton.frame(viewport: map.camera.viewportSize, scale: map.displayScale).contains(event.location)
        return switch press.handle(event, over: over ? .button : nil) {
        case .notMine: .ignored
        case .handled: .handled([.redraw])
        case .activated: .handled([.redraw, .dropPinAtUserLocation])
        }
    }

    func reset(at now: Double) {
        press.reset()
    }
}
