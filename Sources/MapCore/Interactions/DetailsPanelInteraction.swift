/// The details panel takes presses on it: its close button closes it on
/// release, the rest of it swallows them.
final class DetailsPanelInteraction: MapInteraction {
    private unowned let map: MapController
    private var press = ControlTracker<DetailsPanel.Part>()

    init(map: MapController) {
        self.map = map
    }

    func handle(_ event: PointerEvent, at now: Double) -> InteractionReply {
        guard map.detailsPanel != nil else { return .ignored }
        var part: DetailsPanel.Part?
        if let frame = map.detailsLayout?.frame, frame.contains(event.location) {
            part = DetailsPanel.closeButton(in: frame).contains(event.location) ? .closeButton : .body
        }
        switch press.handle(event, over: part) {
        case .notMine: return .ignored
        case .activated(.closeButton): map.closeDetails()
        case .activated, .handled: break
        }
        return .handled([])
    }

    func reset(at now: Double) {
        press.reset()
    }
}
