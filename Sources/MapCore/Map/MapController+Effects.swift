/// What the interactions (`MapInput`) ask of the map (`MapEffect`s),
/// applied in order: the camera through its rig, selection, overlays, undo.
extension MapController {
    func apply(_ effects: [MapEffect], at now: Double) -> [MapAction] {
        var actions: [MapAction] = []
        for effect in effects {
            switch effect {
            case .pan(let delta): rig.pan(by: delta)
            case .pinch(let levels, let from, let to): rig.pinch(levels: levels, from: from, to: to)
            case .stopCamera: rig.stop()
            case .animate(let motion, let duration): rig.animate(motion, at: now, duration: duration)
            case .glide(let world, let duration): rig.glide(toWorld: world, at: now, duration: duration)
            case .coast(let velocity, let decay): rig.coast(velocity: velocity, decay: decay, at: now)
            case .resetToHome: rig.reset(to: home)
            case .resize(let size): rig.resize(to: size)
            case .letGo: input.letGo(at: now)
            case .select(let view, let near):
                guard let cluster = view.annotation as? ClusterAnnotation else { selection.select(view, near: near); break }
                if let zoom = clusters.tapped(cluster, camera: camera, scale: displayScale) {
                    rig.animate(.zoom(to: zoom, about: convert(cluster.coordinate)), at: now,
                                duration: CameraRig.stepZoomDuration)
                }
            case .togglePositionReadout: chrome.showsPosition.toggle()
            case .deselectAll:
                clusters.spider.fold()
                selection.clear()
            case .selectOverlay(let point, let finger):
                if let overlay = overlayLayer.overlay(at: point, camera: camera, scale: displayScale, finger: finger) {
                    selectOverlay(overlay, near: point)
                }
            case .chooseOverlay(let overlay): selectOverlay(overlay)
            case .tap(let view): view.didTapWhileDraggable(at: now)
            case .closeDetails: closeDetails()
            case .dismiss:
                if detailsPanel.panel != nil { closeDetails() } else if !clusters.spider.fold() { selection.clear() }
            case .dropPinAtUserLocation: dropPinAtUserLocation(at: now)  // raises `.annotationsChanged`
            case .dropPin(let point): dropPin(at: camera.coordinate(at: point), at: now)
            case .dropNamedPin(let coordinate, let title): dropPin(at: coordinate, title: title, at: now)
            case .fly(let coordinate, let zoom, let duration): rig.fly(to: coordinate, zoom: zoom, at: now, duration: duration)
            case .nudge(let pin, let delta):
                if let finished = input.nudges.nudge(pin, by: delta, camera: camera, at: now) { history.keep(finished) }
            case .delete(let pin):
                deleteAnnotation(pin)
                showMessage(MessageBoard.deletion(of: pin), at: now, isError: false)
            case .cancelDrag: dragController.cancel(at: now)
            case .undo: actions += history.step(undo: true)
            case .redo: actions += history.step(undo: false)
            case .calloutControlTapped(let index): actions += tapCalloutControl(at: index)
            case .redraw: break
            case .report(let action): actions.append(action)
            }
        }
        if !effects.isEmpty { setNeedsDisplay() }
        return actions
    }
}
