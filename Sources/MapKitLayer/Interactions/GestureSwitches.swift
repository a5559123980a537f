import MapEngine

/// Which of the map's gestures a person may use, after MapKit's
/// `isScrollEnabled`, `isZoomEnabled`, `isRotateEnabled` and `isPitchEnabled` (and Leaflet's handlers, each of
/// which can be disabled). Each interaction reads the switch of its own
/// gesture; the map's code (`setCamera`, regions) moves it either way.
final class GestureSwitches {
    /// Panning: a mouse or finger dragging the map, a fling, the arrow keys.
    var scroll = true
    /// Zooming: the wheel, a pinch, a double click or tap, a two-finger tap, `+` and `-`.
    var zoom = true
    /// Dropping a pin: a right-click or a finger's long press on the map.
    var pinDrop = true
    /// Turning the map: two fingers twisting, a right-drag sideways, Shift+← and →.
    var rotate = true
    /// Tilting the map: two fingers moving up or down together, a right-drag up or down, Shift+↑ and ↓.
    var pitch = true
}
