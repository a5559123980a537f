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
