/// Which gestures a person may use, after MapKit's `isScrollEnabled` and
/// `isZoomEnabled`: turning one off stops the gestures, not the code
/// (`setCamera`, regions) nor the zoom buttons, which are a control.
extension MapController {
    /// Panning by mouse or finger, flinging, the arrow keys. On by default.
    public var isScrollEnabled: Bool { get { input.switches.scroll } set { input.switches.scroll = newValue } }

    /// The wheel, a pinch, a double click or tap, a two-finger tap, `+` and `-`. On by default.
    public var isZoomEnabled: Bool { get { input.switches.zoom } set { input.switches.zoom = newValue } }

    /// A right-click or a finger's long press on the map drops a pin there. On by default.
    public var isPinDropEnabled: Bool { get { input.switches.pinDrop } set { input.switches.pinDrop = newValue } }
}
