extension MapController {
    /// Keyboard control: `+`/`=` and `-` zoom about the centre, arrows pan,
    /// `0` returns to the opening view, `L` drops a pin at the user's
    /// location, Escape cancels a drag, closes the details panel or deselects,
    /// Ctrl+Z undoes a drag's move, Ctrl+Shift+Z or Ctrl+Y redoes it, Ctrl+Q quits.
    func handleKey(_ key: KeyPress, at now: Double) -> [MapAction] {
        let center = camera.viewportSize.center
        if key.name == "escape", isDragging {
            cancelDrag(at: now)
            return []
        }
        let control = key.modifiers.contains(.control), shift = key.modifiers.contains(.shift)
        if control && (key.name == "y" || (key.name == "z" && shift)) { return redoMove() }
        if control && key.name == "z" { return undoMove() }
        switch (key.name, control) {
        case ("q", true):
            return [.quit]
        case ("plus", false), ("equals", false):
            stepZoom(by: 1, about: center, at: now)
        case ("minus", false):
            stepZoom(by: -1, about: center, at: now)
        case ("0", false):
            resetToHome()
        case ("l", false):
            dropPinAtUserLocation(at: now)  // `handle` returns its `.annotationsChanged`
        case ("escape", false):
            if detailsPanel != nil { closeDetails() } else { deselectAll() }
        case ("left", false): keyPan(Point(x: MapController.keyPanDistance, y: 0), at: now)
        case ("right", false): keyPan(Point(x: -MapController.keyPanDistance, y: 0), at: now)
        case ("up", false): keyPan(Point(x: 0, y: MapController.keyPanDistance), at: now)
        case ("down", false): keyPan(Point(x: 0, y: -MapController.keyPanDistance), at: now)
        default:
            break
        }
        return []
    }

    private func stepZoom(by levels: Double, about anchor: Point, at now: Double) {
        let from = animation?.targetZoom ?? camera.zoom
        animate(.zoom(to: from + levels, about: anchor), at: now, duration: MapController.stepZoomDuration)
    }

    /// Pans so the content moves by `delta` pixels, continuing from where a
    /// running pan was heading so repeated presses add up.
    private func keyPan(_ delta: Point, at now: Double) {
        var target = camera
        if let running = animation, case .pan = running.motion {
            target = running.camera(at: running.start + running.duration)
        }
        glide(toWorld: target.center - delta / camera.worldSize, at: now, duration: MapController.keyPanDuration)
    }
}
