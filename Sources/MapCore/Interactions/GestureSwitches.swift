/// Which of the map's gestures a person may use, after MapKit's
/// `isScrollEnabled` and `isZoomEnabled` (and Leaflet's handlers, each of
/// which can be disabled). Each interaction reads the switch of its own
/// gesture; the map's code (`setCamera`, regions) moves it either way.
final class GestureSwitches {
    /// Panning: a mouse or finger dragging the map, a fling, the arrow keys.
    var scroll = true
    /// Zooming: the wheel, a pinch, a double click or tap, a two-finger tap, `+` and `-`.
    var zoom = true
    /// Dropping a pin: a right-click or a finger's long press on the map.
    var pinDrop = true
}
