import MapEngine

/// What the map draws around itself: the zoom buttons, the scale bar and
/// the position readout (MapKit's `showsZoomControls`, `showsScale`).
/// Changing a setting redraws the map.
///
///     map.chrome.showsControls = false        // clean screenshots (--no-controls)
///     map.chrome.units = .imperial            // the scale bar in feet and miles
///     map.chrome.showsPosition = true         // the readout (key P)
package final class MapChrome {
    /// The zoom buttons and the scale bar.
    package var showsControls = true { didSet { changed?() } }
    /// Whether the scale bar counts in kilometres or miles.
    package var units = DistanceUnits.metric { didSet { changed?() } }
    /// The readout of the coordinate under the pointer and the zoom.
    package var showsPosition = false { didSet { changed?() } }
    /// Where the mouse pointer last hovered, for the readout; nil on touch
    /// (the readout then reads the map's centre).
    private(set) var pointer: Point?
    /// The menu a right-click opened, while it is open.
    package var menu: ContextMenu?
    /// The path being measured ("Measure from here"), while it is.
    package var ruler: Ruler?
    /// The names of the files the app opened lately, most recent first: the
    /// F1 card lists them, Ctrl+1 … 9 open them (`MapAction.openRecent`).
    package var recentFiles: [String] = []
    /// Whether the card of keys and clicks (F1, `?`) is shown.
    package var showsShortcuts = false
    /// Whether the controls, callouts, search and cards are drawn dark (see `ChromeAppearance`).
    package var isDark = false
    var changed: (() -> Void)?

    /// A mouse moved to `point`, or a finger touched (nil). True when the
    /// readout shows and must be drawn again.
    func pointerMoved(to point: Point?) -> Bool {
        pointer = point
        return showsPosition
    }

    func commands(camera: Camera, scale: Double, hasLocateButton: Bool, pressed: ZoomButtons.Part?,
                  zoomLimits: ClosedRange<Double>, metrics: TextMeasuring) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        var taken = 0.0
        if showsControls {
            let bar = ScaleBar.commands(camera: camera, scale: scale, units: units, metrics: metrics)
            if let first = bar.first { taken = camera.viewportSize.height - first.rect.minY }
            commands += bar
            commands += ZoomButtons.commands(viewport: camera.viewportSize, scale: scale, hasLocateButton: hasLocateButton,
                                             pressed: pressed, canZoomIn: camera.zoom < zoomLimits.upperBound - 1e-9,
                                             canZoomOut: camera.zoom > zoomLimits.lowerBound + 1e-9)
        }
        if showsPosition {
            commands += PositionReadout.commands(camera: camera, pointer: pointer, scale: scale,
                                                 above: max(taken, ScaleBar.margin * scale), metrics: metrics)
        }
        return commands
    }
}
