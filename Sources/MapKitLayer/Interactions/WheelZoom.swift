import MapEngine

/// The wheel zooms about the pointer, half a level a notch, each notch
/// going on from where a running zoom was heading.
final class WheelZoom {
    /// Half a level per wheel notch: two notches double the scale, fine
    /// enough to settle on a view, quick enough to cross the world in a flick.
    static let levelsPerNotch = 0.5
    static let duration = 0.25

    private let rig: CameraRig
    private let switches: GestureSwitches

    init(rig: CameraRig, switches: GestureSwitches) {
        self.rig = rig
        self.switches = switches
    }

    func scroll(at location: Point, notches dy: Double) -> [MapEffect] {
        guard dy != 0, switches.zoom else { return [] }
        return [.animate(.zoom(to: rig.targetZoom + dy * WheelZoom.levelsPerNotch, about: location),
                         duration: WheelZoom.duration)]
    }
}
