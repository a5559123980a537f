import MapEngine

/// Which gestures a person may use, after MapKit's `isScrollEnabled`,
/// `isZoomEnabled`, `isRotateEnabled` and `isPitchEnabled`: turning one off stops the gestures, not the code
/// (`setCamera`, regions) nor the zoom buttons, which are a control.
extension MapController {
    /// Panning by mouse or finger, flinging, the arrow keys. On by default.
    public var isScrollEnabled: Bool { get { input.switches.scroll } set { input.switches.scroll = newValue } }

    /// The wheel, a pinch, a double click or tap, a two-finger tap, `+` and `-`. On by default.
    public var isZoomEnabled: Bool { get { input.switches.zoom } set { input.switches.zoom = newValue } }

    /// "Drop a pin here" in the map's menu (a right-click, a finger's long press, the Menu key). On by default.
    public var isPinDropEnabled: Bool { get { input.switches.pinDrop } set { input.switches.pinDrop = newValue } }

    /// Two fingers twisting, a right-drag or Ctrl+drag sideways, Shift+← and → turn the map. On by
    /// default; turning it off (a north-up lock, `--north-up`) also turns the map back to north.
    public var isRotateEnabled: Bool {
        get { input.switches.rotate }
        set { input.switches.rotate = newValue; if !newValue && camera.heading != 0 { camera = camera.turned(heading: 0, pitch: camera.pitch) } }
    }

    /// Two fingers moving up or down together, a right-drag or Ctrl+drag up and down, Shift+↑ and ↓
    /// tilt the map. On by default.
    public var isPitchEnabled: Bool { get { input.switches.pitch } set { input.switches.pitch = newValue } }
}
