import MapEngine

/// What is selected on the map: one annotation view, its callout open, or
/// one overlay, drawn with a halo and its callout on a stand-in annotation
/// (`OverlayCallout`) where it was touched. Selecting anything ends the
/// selection before; the delegate hears of each change.
@MainActor
final class Selection {
    private unowned let map: MapController
    /// The selected overlay's callout stand, taken away with its selection.
    private var stand: OverlayCallout?
    /// The "What's here?" callout's stand, taken away with its selection.
    private var place: PlaceCallout?

    init(map: MapController) {
        self.map = map
    }

    /// Selects `view`, its callout over `point` (screen pixels) where the world repeats.
    func select(_ view: AnnotationView, near point: Point? = nil) {
        guard !view.isSelected else { return }
        clear()
        map.annotationLayer.setSelected(view.slot)
        map.callouts.open(view, near: point)
        map.setNeedsDisplay()
        map.delegate?.mapView(map, didSelect: view)
    }

    /// Selects `annotation` if its view is on screen and may be selected (in code, as MapKit's `selectAnnotation`).
    func select(_ annotation: any Annotation) {
        let layer = map.annotationLayer
        layer.update(camera: map.camera, scale: map.displayScale, now: layer.lastNow)
        guard let view = layer.view(for: annotation), view.canBeSelected,
              layer.isOnScreen(view, camera: map.camera, scale: map.displayScale) else { return }
        select(view)
    }

    /// Ends the selection if it is `annotation`'s.
    func deselect(_ annotation: any Annotation) {
        guard let view = map.annotationLayer.selectedView, view.annotation === annotation else { return }
        clear()
    }

    /// Ends the selection, annotation or overlay, closing its callout.
    func clear() {
        guard let view = map.annotationLayer.selectedView else { return clearOverlay() }
        map.annotationLayer.setSelected(nil)
        map.closeCallout()
        map.setNeedsDisplay()
        if view.annotation is OverlayCallout { clearOverlay() } else if view.annotation is PlaceCallout { clearPlace() }
        else { map.delegate?.mapView(map, didDeselect: view) }
    }

    /// Opens a callout at `coordinate` saying where it is: its coordinates,
    /// then its place's name and region once the geocoder answers.
    func showPlace(at coordinate: Coordinate) {
        clear()
        let stand = PlaceCallout(coordinate: coordinate)
        place = stand
        map.addAnnotation(stand)
        map.selectAnnotation(stand)
    }

    /// Takes the "What's here?" stand away.
    private func clearPlace() {
        if let place { map.removeAnnotation(place) }
        place = nil
    }

    /// Selects `overlay`, its callout over `point` (screen pixels) or its own coordinate.
    func select(_ overlay: any Overlay, near point: Point?) {
        guard map.overlayLayer.renderer(for: overlay) != nil else { return }
        clear()
        let stand = OverlayCallout(overlay: overlay, coordinate: point.map { map.camera.coordinate(at: $0) } ?? overlay.coordinate)
        self.stand = stand
        map.addAnnotation(stand)
        map.selectAnnotation(stand)
        map.overlayLayer.select(overlay)  // after the callout's selection, which ends any other first
        map.delegate?.mapView(map, didSelect: overlay)
    }

    /// Ends an overlay's selection, taking its callout's stand away.
    func clearOverlay() {
        guard let overlay = map.overlayLayer.selected else { return }
        map.overlayLayer.select(nil)
        if let stand { map.removeAnnotation(stand) }
        stand = nil
        map.delegate?.mapView(map, didDeselect: overlay)
    }
}
