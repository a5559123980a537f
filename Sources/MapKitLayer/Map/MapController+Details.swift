import MapEngine

/// The details panel: what the app shows when a callout's detail
/// disclosure button is tapped. Escape or its close button closes it.
extension MapController {
    /// Opens the panel for an annotation: its properties (or its title and
    /// subtitle) and its coordinate.
    public func showDetails(for annotation: any Annotation) {
        detailsPanel.open(DetailsPanel(describing: annotation, id: annotationLayer.id(of: annotation)), of: annotation)
    }

    /// Closes the panel.
    public func closeDetails() { detailsPanel.close() }

    /// The panel on screen, if any.
    var details: DetailsPanel? { detailsPanel.panel }

    /// Where a track's profile is plotted in the panel (screen pixels), as last laid out; nil without one.
    public var detailsProfileFrame: Rect? { detailsPanel.layout?.chart?.frame }

    /// Where on the map the profile's marker stands (the pointer is over the profile); nil when it is not.
    public var profileMarkerCoordinate: Coordinate? { detailsPanel.markerCoordinate }
}
