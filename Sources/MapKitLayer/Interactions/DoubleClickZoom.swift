import MapEngine

/// Two clicks (or finger taps) close in time and place zoom in a level
/// about the second. Off with the zoom switch.
@MainActor
final class DoubleClickZoom {
    /// Two clicks this close in time and space make a double-click; 0.4 s is
    /// about the desktops' default double-click time.
    static let interval = 0.4
    static let clickDistance = 10.0
    /// Two finger taps land further apart than two clicks.
    static let tapDistance = 30.0

    private unowned let map: any InteractionHost
    private let switches: GestureSwitches
    private var lastClick: (time: Double, location: Point)?

    init(map: any InteractionHost, switches: GestureSwitches) {
        self.map = map
        self.switches = switches
    }

    /// A click on the empty map: the zoom when it is the second of two.
    func click(at location: Point, kind: PointerKind, now: Double) -> [MapEffect] {
        guard switches.zoom else { return [] }
        let reach = kind == .touch ? DoubleClickZoom.tapDistance : DoubleClickZoom.clickDistance
        if let previous = lastClick, now - previous.time <= DoubleClickZoom.interval,
           (location - previous.location).length <= reach {
            lastClick = nil
            return [.animate(.zoom(to: map.camera.zoom + 1, about: location), duration: CameraRig.stepZoomDuration)]
        }
        lastClick = (now, location)
        return []
    }

    /// A click elsewhere (on a view) breaks a double click.
    func forget() {
        lastClick = nil
    }
}
