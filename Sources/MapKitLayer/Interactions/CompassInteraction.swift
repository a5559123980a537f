import MapEngine

/// The compass: a press acts on release over it and turns the map back to
/// north and flat with an animation; it looks pressed while the pointer is over it.
@MainActor
final class CompassInteraction: MapInteraction {
    /// How long the turn back to north takes, in seconds.
    static let duration = 0.5

    private unowned let map: any InteractionHost
    private var press = ControlTracker<Compass.Part>()

    init(map: any InteractionHost) {
        self.map = map
    }

    /// For drawing: pressed, with the pointer over it.
    var isPressed: Bool { press.pressedTarget != nil }

    func handle(_ event: PointerEvent, at now: Double) -> InteractionReply {
        let over = map.chrome.showsControls && Compass.shows(for: map.camera)
            && Compass.frame(viewport: map.camera.viewportSize, scale: map.displayScale).contains(event.location)
        return switch press.handle(event, over: over ? .button : nil) {
        case .notMine: .ignored
        case .handled: .handled([.redraw])
        case .activated: .handled([.redraw, .animate(.orient(heading: 0, pitch: 0), duration: CompassInteraction.duration)])
        }
    }

    func reset(at now: Double) {
        press.reset()
    }
}
