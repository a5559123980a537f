/// The details panel, while open: it owns the panel and where the last
/// layout put it. Presses on it are its own: its close button closes it
/// on release, the rest of it swallows them.
final class DetailsPanelInteraction: MapInteraction {
    private(set) var panel: DetailsPanel?
    /// The panel as the last layout placed it, for hit tests and drawing.
    private(set) var layout: (frame: Rect, commands: [DrawCommand])?
    private var press = ControlTracker<DetailsPanel.Part>()
    /// Told when the panel opens or closes, to ask for a frame.
    var changed: () -> Void = {}

    func open(_ panel: DetailsPanel) {
        self.panel = panel
        layout = nil
        press.reset()
        changed()
    }

    func close() {
        panel = nil
        layout = nil
        press.reset()
        changed()
    }

    /// Places the panel for the next frame.
    func layOut(viewport: Size, metrics: TextMeasuring) {
        layout = panel?.drawn(viewport: viewport, metrics: metrics)
    }

    func handle(_ event: PointerEvent, at now: Double) -> InteractionReply {
        guard panel != nil else { return .ignored }
        var part: DetailsPanel.Part?
        if let frame = layout?.frame, frame.contains(event.location) {
            part = DetailsPanel.closeButton(in: frame).contains(event.location) ? .closeButton : .body
        }
        return switch press.handle(event, over: part) {
        case .notMine: .ignored
        case .activated(.closeButton): .handled([.closeDetails])
        case .activated, .handled: .handled([])
        }
    }

    func reset(at now: Double) {
        press.reset()
    }
}
