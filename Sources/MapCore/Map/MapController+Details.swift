/// The details panel: what the app shows when a callout's detail
/// disclosure button is tapped. Escape or its close button closes it.
extension MapController {
    /// Opens the panel for an annotation: its properties (or its title and
    /// subtitle) and its coordinate.
    public func showDetails(for annotation: any Annotation) {
        var rows: [DetailsPanel.Row] = []
        if let properties = (annotation as? AnnotationProperties)?.properties {
            rows = properties.map { DetailsPanel.Row(key: $0.key, value: $0.value) }
        } else if let subtitle = annotation.subtitle, !subtitle.isEmpty {
            rows = [DetailsPanel.Row(key: "subtitle", value: subtitle)]
        }
        rows.append(DetailsPanel.Row(key: "coordinate", value: annotation.coordinate.displayText))
        detailsPanel = DetailsPanel(title: annotation.title ?? "", rows: rows,
                                    annotationID: annotationLayer.id(of: annotation))
        needsDisplay = true
    }

    public func closeDetails() {
        detailsPanel = nil
        detailsLayout = nil
        detailsPress.reset()
        needsDisplay = true
    }

    /// The panel on screen, if any.
    public var details: DetailsPanel? { detailsPanel }

    /// A press on the panel is the panel's: its close button closes it on
    /// release, the rest of it does nothing. Nil when the event is not the panel's.
    func handleDetailsPointer(_ event: PointerEvent) -> [MapAction]? {
        guard detailsPanel != nil else { return nil }
        var part: DetailsPanel.Part?
        if let frame = detailsLayout?.frame, frame.contains(event.location) {
            part = DetailsPanel.closeButton(in: frame).contains(event.location) ? .closeButton : .body
        }
        switch detailsPress.handle(event, over: part) {
        case .notMine: return nil
        case .activated(.closeButton): closeDetails()
        case .activated, .handled: break
        }
        return []
    }
}
