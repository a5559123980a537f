/// The wheel zooms about the pointer, half a level a notch, each notch
/// going on from where a running zoom was heading.
final class WheelZoom {
    /// Half a level per wheel notch: two notches double the scale, fine
    /// enough to settle on a view, quick enough to cross the world in a flick.
    static let levelsPerNotch = 0.5
    static let duration = 0.25

    private unowned let map: MapController

    init(map: MapController) {
        self.map = map
    }

    func scroll(at location: Point, notches dy: Double, at now: Double) {
        guard dy != 0 else { return }
        let from = map.animation?.targetZoom ?? map.camera.zoom
        map.animate(.zoom(to: from + dy * WheelZoom.levelsPerNotch, about: location), at: now,
                    duration: WheelZoom.duration)
    }
}
