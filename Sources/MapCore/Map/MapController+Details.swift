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
        detailsPanel.open(DetailsPanel(title: annotation.title ?? "", rows: rows,
                                  annotationID: annotationLayer.id(of: annotation)))
        setNeedsDisplay()
    }

    public func closeDetails() {
        detailsPanel.close()
        setNeedsDisplay()
    }

    /// The panel on screen, if any.
    public var details: DetailsPanel? { detailsPanel.panel }
}
