import MapEngine

/// The annotation side of the map (MKMapView's role): adding and removing
/// annotations, view reuse, selection in code and conversions.
///
///     map.delegate = pins
///     map.addAnnotations(places)
///     map.selectAnnotation(places[0])
///     let tip = map.point(for: places[0].coordinate)   // points
extension MapController {
    /// Puts an annotation on the map (once: adding it again does nothing).
    public func addAnnotation(_ annotation: any Annotation) {
        guard annotationLayer.add(annotation) else { return }
        placemarks.track(annotation)
        if annotation.givesWay { clusters.markStale() }
        setNeedsDisplay()
    }

    /// Puts annotations on the map, those not on it already.
    public func addAnnotations(_ annotations: [any Annotation]) {
        let added = annotationLayer.add(contentsOf: annotations)
        for annotation in added {
            placemarks.track(annotation)
            if annotation.givesWay { clusters.markStale() }
        }
        if !added.isEmpty { setNeedsDisplay() }
    }

    /// Takes an annotation off the map, deselecting it first; its view goes back to the reuse
    /// queue.
    public func removeAnnotation(_ annotation: any Annotation) {
        dragController.forget(annotation)
        removeFromMap(annotation)
    }

    /// Deletes an annotation as the user asked, so that Ctrl+Z brings it
    /// back; the next `handle` returns `.annotationsChanged` for saving.
    public func deleteAnnotation(_ annotation: any Annotation) {
        guard annotationLayer.store.slot(of: annotation) != nil else { return }
        dragController.stopTracking(annotation)
        removeFromMap(annotation)
        dragController.recordDeletion(annotation)
        raise(.annotationsChanged)
    }

    func removeFromMap(_ annotation: any Annotation) {
        deselectAnnotation(annotation)
        if let id = annotationLayer.id(of: annotation), detailsPanel.panel?.annotationID == id { closeDetails() }
        annotationLayer.remove(annotation)
        placemarks.untrack(annotation)
        if annotation.givesWay { clusters.markStale() }
        setNeedsDisplay()
    }

    /// Whether the annotation is on the map.
    public func contains(_ annotation: any Annotation) -> Bool { annotationLayer.store.slot(of: annotation) != nil }

    /// Takes these annotations off the map.
    public func removeAnnotations(_ annotations: [any Annotation]) {
        for annotation in annotations { removeAnnotation(annotation) }
    }

    /// Every annotation, in the order they were added.
    public var annotations: [any Annotation] {
        let all = annotationLayer.store.inAddingOrder
        return clusters.shown.isEmpty ? all : all.filter { !($0 is ClusterAnnotation) }
    }

    /// How many annotations the map holds.
    public var annotationCount: Int { annotationLayer.store.count - clusters.shown.count }

    /// The view showing the annotation, or nil when it has none: off screen,
    /// or not shown in a frame yet.
    public func view(for annotation: any Annotation) -> AnnotationView? { annotationLayer.view(for: annotation) }

    /// A view that left the screen, ready to show another annotation, with
    /// `prepareForReuse()` already called; nil when none waits.
    public func dequeueReusableAnnotationView(withIdentifier identifier: String) -> AnnotationView? {
        annotationLayer.dequeue(identifier: identifier)
    }

    /// How many views exist for annotations right now.
    public var liveAnnotationViewCount: Int { annotationLayer.liveViewCount }

    /// The name an annotation has in scene dumps and saved files.
    public func identifier(of annotation: any Annotation) -> String? { annotationLayer.id(of: annotation) }

    // MARK: Selection

    /// The selected annotations (MapKit's `selectedAnnotations`): the one whose callout shows, or
    /// none.
    public var selectedAnnotations: [any Annotation] { annotationLayer.selectedView?.annotation.map { [$0] } ?? [] }

    /// Selects the annotation if its view is on screen and may be selected;
    /// otherwise nothing happens. Any other selection ends first.
    public func selectAnnotation(_ annotation: any Annotation) { selection.select(annotation) }

    /// Deselects `annotation` if it is selected, closing its callout.
    public func deselectAnnotation(_ annotation: any Annotation) { selection.deselect(annotation) }

    /// Moves the map so the coordinate is in the middle of the screen,
    /// gliding there when `animated`.
    public func setCenter(_ coordinate: Coordinate, animated: Bool) {
        rig.center(on: coordinate, animated: animated, at: clock)
        setNeedsDisplay()
    }

    // MARK: Conversions

    /// The screen point in pixels of a coordinate, nearest the centre (an app works in points: `point(for:)`).
    package func convert(_ coordinate: Coordinate) -> Point { camera.screenPoint(for: coordinate) }

    /// The coordinate under a screen point in pixels (see `convert(_:)`).
    package func convert(_ point: Point) -> Coordinate { camera.coordinate(at: point) }

    /// The annotations whose coordinates lie in a screen rectangle (pixels).
    public func annotations(in rect: Rect) -> [any Annotation] {
        annotationLayer.annotations(inScreenRect: rect, camera: camera)
    }
}
