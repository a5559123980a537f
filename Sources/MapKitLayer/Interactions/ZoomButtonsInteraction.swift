import MapEngine

/// The `+` and `−` buttons: a press acts on release over the same button
/// and zooms a level about the centre, as the keys do; the button looks
/// pressed while the pointer is over it.
@MainActor
final class ZoomButtonsInteraction: MapInteraction {
    private unowned let map: any InteractionHost
    private let rig: CameraRig
    private var press = ControlTracker<ZoomButtons.Part>()

    init(map: any InteractionHost, rig: CameraRig) {
        self.map = map
        self.rig = rig
    }

    /// For drawing: the button pressed, with the pointer over it.
    var pressed: ZoomButtons.Part? { press.pressedTarget }

    func handle(_ event: PointerEvent, at now: Double) -> InteractionReply {
        let over = map.chrome.showsControls
            ? ZoomButtons.part(at: event.location, viewport: map.camera.viewportSize, scale: map.displayScale,
                               hasLocateButton: map.userLocation.feed != nil)
            : nil
        return switch press.handle(event, over: over) {
        case .notMine: .ignored
        case .handled: .handled([.redraw])
        case .activated(let part): .handled([.redraw, .stepZoom(by: part == .zoomIn ? 1 : -1, rig: rig)])
        }
    }

    func reset(at now: Double) {
        press.reset()
    }
}
