import MapEngine

/// What the interactions (`MapInput`) ask of the map (`MapEffect`s),
/// applied to it in order: the camera through its rig, selection, overlays,
/// undo. The controller hands every event's effects here.
@MainActor
enum EffectApplier {
    static func apply(_ effects: [MapEffect], to map: MapController, at now: Double) -> [MapAction] {
        var actions: [MapAction] = []
        for effect in effects {
            switch effect {
            case .pan(let delta): map.rig.pan(by: delta)
            case .drag(let from, let to): map.rig.drag(from: from, to: to)
            case .twist(let degrees, let anchor, let tilt): map.rig.twist(by: degrees, about: anchor, tilt: tilt)
            case .spin(let speed, let anchor): map.rig.spin(speed: speed, about: anchor, decay: FingerGestures.coastDecay, at: now)
            case .pinch(let levels, let from, let to): map.rig.pinch(levels: levels, from: from, to: to)
            case .stopCamera: map.rig.stop()
            case .animate(let motion, let duration): map.rig.animate(motion, at: now, duration: duration)
            case .glide(let world, let duration): map.rig.glide(toWorld: world, at: now, duration: duration)
            case .coast(let velocity, let decay): map.rig.coast(velocity: velocity, decay: decay, at: now)
            case .resetToHome: map.rig.reset(to: map.home)
            case .resize(let size): map.rig.resize(to: size)
            case .letGo: map.input.letGo(at: now)
            case .select(let view, let near):
                guard let cluster = view.annotation as? ClusterAnnotation else { map.selection.select(view, near: near); break }
                if let zoom = map.clusters.tapped(cluster, camera: map.camera, scale: map.displayScale) {
                    map.rig.animate(.zoom(to: zoom, about: map.convert(cluster.coordinate)), at: now,
                                    duration: CameraRig.stepZoomDuration)
                }
            case .togglePositionReadout: map.chrome.showsPosition.toggle()
            case .deselectAll:
                map.clusters.spider.fold()
                map.selection.clear()
            case .selectOverlay(let point, let finger):
                if let overlay = map.overlayLayer.overlay(at: point, camera: map.camera, scale: map.displayScale, finger: finger) {
                    map.selectOverlay(overlay, near: point)
                }
            case .chooseOverlay(let overlay): map.selectOverlay(overlay)
            case .tap(let view): view.didTapWhileDraggable(at: now)
            case .closeDetails: map.closeDetails()
            case .dismiss:
                if map.detailsPanel.panel != nil { map.closeDetails() } else if !map.clusters.spider.fold() { map.selection.clear() }
            case .dropPinAtUserLocation: map.dropPinAtUserLocation(at: now)  // raises `.annotationsChanged`
            case .openMenu(let point, let byKeyboard): map.openMenu(at: point, byKeyboard: byKeyboard)
            case .highlightMenu(let item): map.chrome.menu?.highlighted = item
            case .closeMenu: map.chrome.menu = nil
            case .toggleShortcuts: map.chrome.showsShortcuts.toggle()
            case .openAreaPanel: actions += map.openAreaPanel()
            case .closeAreaPanel: map.closeAreaPanel()
            case .stepAreaZooms(let from, let to):
                map.input.areaPanel.panel?.stepFrom(by: from)
                map.input.areaPanel.panel?.stepTo(by: to)
            case .measure(let edit): measure(edit, on: map)
            case .chooseMenu(let item): actions += choose(item, on: map, at: now)
            case .dropNamedPin(let coordinate, let title): map.dropPin(at: coordinate, title: title, at: now)
            case .fly(let coordinate, let zoom, let duration): map.rig.fly(to: coordinate, zoom: zoom, at: now, duration: duration)
            case .nudge(let pin, let delta):
                if let finished = map.input.nudges.nudge(pin, by: delta, camera: map.camera, at: now) { map.history.keep(finished) }
            case .delete(let pin):
                map.deleteAnnotation(pin)
                map.showMessage(MessageBoard.deletion(of: pin), at: now, isError: false)
            case .cancelDrag: map.dragController.cancel(at: now)
            case .editPin(let pin): map.naming.edit(pin)
            case .renamePin(let pin, let text): actions += map.naming.rename(pin, to: text)
            case .cancelPinEdit: map.naming.close()
            case .undo: actions += map.history.step(undo: true)
            case .redo: actions += map.history.step(undo: false)
            case .calloutControlTapped(let index): actions += tapCalloutControl(at: index, on: map)
            case .redraw: break
            case .report(let action): actions.append(action)
            }
        }
        if !effects.isEmpty { map.setNeedsDisplay() }
        return actions
    }

    /// An item of the map's menu chosen: it closes, and the item is done.
    private static func choose(_ item: ContextMenu.Item, on map: MapController, at now: Double) -> [MapAction] {
        guard let menu = map.chrome.menu else { return [] }
        map.chrome.menu = nil
        switch item {
        case .dropPin: map.dropPin(at: menu.coordinate, at: now)  // raises `.annotationsChanged`
        case .whatsHere: map.selection.showPlace(at: menu.coordinate)
        case .measure: map.chrome.ruler = Ruler(start: menu.coordinate)
        case .closeFile: return [.closeFile]
        case .downloadArea: return map.openAreaPanel()
        case .centre: map.rig.glide(toWorld: WebMercator.project(menu.coordinate), at: now, duration: KeyboardInteraction.panDuration)
        case .copyCoordinates:
            map.showMessage("Copied " + ContextMenu.coordinateText(menu.coordinate), at: now, isError: false)
            return [.copyText(ContextMenu.coordinateText(menu.coordinate))]
        }
        return []
    }

    /// The measured path changed: a point added where the view shows it, the path closed, its last step undone, or ended.
    private static func measure(_ edit: RulerEdit, on map: MapController) {
        switch edit {
        case .start(let point): map.chrome.ruler = Ruler(start: map.camera.coordinate(at: point).wrapped)
        case .add(let point): map.chrome.ruler?.add(map.camera.coordinate(at: point).wrapped)
        case .close: map.chrome.ruler?.close()
        case .removeLast: map.chrome.ruler?.removeLast()
        case .end: map.chrome.ruler = nil
        }
    }

    /// A control of the open callout was tapped: a button of the map's own
    /// callouts (a track's Profile and Colour) does its work whatever the
    /// delegate; the delegate hears of it, and the program gets a
    /// `callout-action` (with anything the delegate raised, such as a deletion).
    private static func tapCalloutControl(at index: Int, on map: MapController) -> [MapAction] {
        guard let shown = map.callouts.shown, let elements = shown.body?.elements, elements.indices.contains(index),
              let control = elements[index].control else { return [] }
        // The name first: the delegate may delete the annotation.
        let id = map.identifier(of: shown.annotation) ?? ""
        _ = (shown.annotation as? OverlayCallout)?.perform(control.action, on: map)
        map.delegate?.mapView(map, annotationView: shown.view, calloutAccessoryControlTapped: control.accessory)
        return [.calloutAction(annotation: id, action: control.action)] + map.takePendingActions()
    }
}
