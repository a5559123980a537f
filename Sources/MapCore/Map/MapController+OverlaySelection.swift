/// Selecting overlays, beyond MapKit: a click within 22 points of a line (a
/// finger's 44), or inside an area and not in one of its holes, selects the
/// overlay; it is drawn with a halo and a callout opens where it was
/// touched with its title and description. `Escape` or a tap elsewhere
/// deselects it; the delegate hears of both.
extension MapController {
    /// The selected overlay, if any.
    public var selectedOverlay: (any Overlay)? { overlayStore.selected }

    /// Selects `overlay` (on the map), its callout over `point` (screen
    /// pixels) or its own coordinate; any other selection ends first.
    public func selectOverlay(_ overlay: any Overlay, near point: Point? = nil) {
        guard overlays.contains(where: { $0 === overlay }) else { return }
        deselectAll()
        let marker = OverlayCallout(overlay: overlay, coordinate: point.map { camera.coordinate(at: $0) } ?? overlay.coordinate)
        addAnnotation(marker)
        selectAnnotation(marker)
        // After the callout's selection, which ends any other first.
        overlayStore.select(overlay)
        setNeedsDisplay()
        delegate?.mapView(self, didSelect: overlay)
    }

    /// Ends the overlay's selection, closing its callout.
    public func deselectOverlay() {
        guard let overlay = overlayStore.selected else { return }
        overlayStore.select(nil)
        for marker in annotations.compactMap({ $0 as? OverlayCallout }) { removeAnnotation(marker) }
        setNeedsDisplay()
        delegate?.mapView(self, didDeselect: overlay)
    }

    /// Each overlay's id (its title, else "overlay-N" by its place in
    /// `overlays`) and whether it is selected, for scene dumps.
    public func overlaySummaries() -> [(id: String, selected: Bool)] {
        overlays.enumerated().map { index, overlay in (overlay.title ?? "overlay-\(index)", overlay === selectedOverlay) }
    }

    /// The overlay under a screen point (pixels), with a mouse's reach or a finger's.
    public func overlay(at point: Point, finger: Bool = false) -> (any Overlay)? {
        let reach = (finger ? 44 : 22) * displayScale / camera.worldSize
        return overlayStore.overlay(at: camera.worldPoint(at: point), reach: reach)
    }
}

/// Where a selected overlay's callout stands: an annotation with no pin,
/// titled as the overlay ("Line" or "Area" when it has no title).
public final class OverlayCallout: PointAnnotation {
    /// The overlay it speaks for.
    public let overlay: any Overlay

    init(overlay: any Overlay, coordinate: Coordinate) {
        self.overlay = overlay
        let kind: String
        if case .areas = overlay.geometry { kind = "Area" } else { kind = "Line" }
        super.init(coordinate: coordinate, title: overlay.title ?? kind, subtitle: overlay.subtitle)
    }

    /// Its view: no image, only the callout.
    static func view(for annotation: OverlayCallout) -> AnnotationView {
        let view = AnnotationView(annotation: annotation, reuseIdentifier: nil)
        view.canShowCallout = true
        return view
    }
}
