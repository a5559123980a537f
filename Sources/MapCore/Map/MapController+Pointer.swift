/// Pointers: fingers go through the touch gestures first (see
/// `MapController+Touch`); the mouse, and a lone finger, go to the
/// interactions through the router, in this order: a carried view, the
/// details panel, the locate button, the callout's controls, then the map
/// itself (pan, click, double click, the start of a drag).
extension MapController {
    /// A finger's smallest target: Apple's 44 points.
    static let fingerTarget = 44.0

    /// The map's interactions, in the order a press is offered to them.
    func makeInteractions() -> [MapInteraction] {
        [carryInteraction, DetailsPanelInteraction(map: self), locateInteraction,
         CalloutControlsInteraction(map: self), pressInteraction]
    }

    func handlePointer(_ event: PointerEvent, at now: Double) -> [MapAction] {
        event.kind == .touch ? fingers.handle(event, at: now) : router.route(event, at: now)
    }

    /// The topmost view under a press, with a finger's larger target.
    func annotationView(at location: Point, kind: PointerKind, at now: Double) -> AnnotationView? {
        annotationLayer.update(camera: camera, scale: displayScale, now: now)
        return annotationLayer.hitTest(location, camera: camera, scale: displayScale,
                                       minimumTarget: kind == .touch ? MapController.fingerTarget : 0)
    }
}
