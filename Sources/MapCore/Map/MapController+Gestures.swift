/// Which gestures a person may use on the map, after MapKit's
/// `MKMapView.isScrollEnabled` and `isZoomEnabled`. Turning one off stops
/// the gestures, not the code: `setCamera`, regions and `showAnnotations`
/// still move the map, and the zoom buttons (a control, hidden with the
/// other controls) still zoom.
extension MapController {
    /// Whether a person can pan the map: dragging it with the mouse or a
    /// finger, flinging it, the arrow keys. On by default.
    public var isScrollEnabled: Bool {
        get { input.switches.scroll }
        set { input.switches.scroll = newValue }
    }

    /// Whether a person can zoom the map: the wheel, a pinch, a double
    /// click or tap, a two-finger tap, `+` and `-`. On by default.
    public var isZoomEnabled: Bool {
        get { input.switches.zoom }
        set { input.switches.zoom = newValue }
    }

    /// Whether a right-click or a finger's long press on the map drops a
    /// pin there. On by default.
    public var isPinDropEnabled: Bool {
        get { input.switches.pinDrop }
        set { input.switches.pinDrop = newValue }
    }

    /// The topmost annotation view under a press (screen pixels), with a finger's larger target.
    func annotationView(at location: Point, kind: PointerKind, at now: Double) -> AnnotationView? {
        annotationLayer.update(camera: camera, scale: displayScale, now: now)
        return annotationLayer.hitTest(location, camera: camera, scale: displayScale,
                                       minimumTarget: kind == .touch ? MapPressInteraction.fingerTarget : 0)
    }
}
