import MapEngine

/// The details panel, while open: it owns the panel and where the last
/// layout put it. Presses on it are its own: its close button closes it
/// on release, its Edit button (a pin one may name) opens the pin editor, the rest of it swallows them. A pointer over a track's
/// profile (hovering, or a finger held on it) puts a marker there and on the
/// track.
@MainActor
final class DetailsPanelInteraction: MapInteraction, HoverInteraction {
    private(set) var panel: DetailsPanel?
    /// The annotation described, for the Edit button.
    private(set) weak var annotation: (any Annotation)?
    /// The panel as the last layout placed it, for hit tests and drawing.
    private(set) var layout: (frame: Rect, commands: [DrawCommand], chart: ProfileChart?)?
    /// Metres along the track's profile under the pointer (or finger); nil when off it.
    private(set) var marker: Double?
    private var press = ControlTracker<DetailsPanel.Part>()
    /// Told when the panel opens or closes, to ask for a frame.
    var changed: () -> Void = {}

    func open(_ panel: DetailsPanel, of annotation: (any Annotation)? = nil) {
        self.panel = panel
        self.annotation = annotation
        layout = nil
        marker = nil
        press.reset()
        changed()
    }

    func close() {
        panel = nil
        layout = nil
        marker = nil
        press.reset()
        changed()
    }

    /// Places the panel for the next frame.
    func layOut(viewport: Size, metrics: TextMeasuring) {
        layout = panel?.drawn(viewport: viewport, metrics: metrics, marker: marker)
    }

    /// Where on the map the profile's marker stands, if the pointer is on the profile.
    var markerCoordinate: Coordinate? {
        marker.flatMap { panel?.profile?.coordinate(atDistance: $0) }
    }

    /// A pointer (held or hovering) at `location`: the marker follows it
    /// along the profile and goes when it leaves.
    func hover(_ location: Point?) {
        let distance = location.flatMap { layout?.chart?.distance(at: $0) }
        guard distance != marker else { return }
        marker = distance
        changed()
    }

    func handle(_ event: PointerEvent, at now: Double) -> InteractionReply {
        guard panel != nil else { return .ignored }
        if event.phase == .down || event.phase == .move { hover(event.location) }
        var part: DetailsPanel.Part?
        if let frame = layout?.frame, frame.contains(event.location) {
            part = DetailsPanel.closeButton(in: frame).contains(event.location) ? .closeButton : .body
            if panel?.isEditable == true, DetailsPanel.editButton(in: frame).contains(event.location) { part = .editButton }
        }
        return switch press.handle(event, over: part) {
        case .notMine: .ignored
        case .activated(.closeButton): .handled([.closeDetails])
        case .activated(.editButton): .handled((annotation as? any EditablePin).map { [.editPin($0)] } ?? [])
        case .activated, .handled: .handled([])
        }
    }

    func reset(at now: Double) {
        press.reset()
    }
}
