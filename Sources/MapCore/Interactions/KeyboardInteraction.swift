/// Keyboard control: `+`/`=` and `-` zoom about the centre, arrows pan,
/// `0` returns to the opening view, `L` drops a pin at the user's location,
/// Escape cancels a drag, closes the details panel or deselects, Ctrl+Z
/// undoes a move or a deletion, Ctrl+Shift+Z or Ctrl+Y redoes it, Ctrl+Q
/// quits.
final class KeyboardInteraction {
    private unowned let map: MapController

    init(map: MapController) {
        self.map = map
    }

    func handle(_ key: KeyPress, at now: Double) -> [MapAction] {
        let center = map.camera.viewportSize.center
        if key.name == "escape", map.isDragging {
            map.cancelDrag(at: now)
            return []
        }
        let control = key.modifiers.contains(.control), shift = key.modifiers.contains(.shift)
        if control && (key.name == "y" || (key.name == "z" && shift)) { return map.redoMove() }
        if control && key.name == "z" { return map.undoMove() }
        switch (key.name, control) {
        case ("q", true):
            return [.quit]
        case ("plus", false), ("equals", false):
            stepZoom(by: 1, about: center, at: now)
        case ("minus", false):
            stepZoom(by: -1, about: center, at: now)
        case ("0", false):
            map.resetToHome()
        case ("l", false):
            map.dropPinAtUserLocation(at: now)  // `handle` returns its `.annotationsChanged`
        case ("escape", false):
            if map.detailsPanel != nil { map.closeDetails() } else { map.deselectAll() }
        case ("left", false): pan(Point(x: MapController.keyPanDistance, y: 0), at: now)
        case ("right", false): pan(Point(x: -MapController.keyPanDistance, y: 0), at: now)
        case ("up", false): pan(Point(x: 0, y: MapController.keyPanDistance), at: now)
        case ("down", false): pan(Point(x: 0, y: -MapController.keyPanDistance), at: now)
        default:
            break
        }
        return []
    }

    private func stepZoom(by levels: Double, about anchor: Point, at now: Double) {
        let from = map.animation?.targetZoom ?? map.camera.zoom
        map.animate(.zoom(to: from + levels, about: anchor), at: now, duration: MapController.stepZoomDuration)
    }

    /// Pans so the content moves by `delta` pixels, continuing from where a
    /// running pan was heading so repeated presses add up.
    private func pan(_ delta: Point, at now: Double) {
        var target = map.camera
        if let running = map.animation, case .pan = running.motion {
            target = running.camera(at: running.start + running.duration)
        }
        map.glide(toWorld: target.center - delta / map.camera.worldSize, at: now,
                  duration: MapController.keyPanDuration)
    }
}
