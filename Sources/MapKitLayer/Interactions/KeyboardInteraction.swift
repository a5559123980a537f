import MapEngine

/// Keyboard control: `+`/`=` and `-` zoom about the centre (with or without
/// Ctrl, as in a browser or a document viewer), arrows pan,
/// Shift+← and → turn the map, Shift+↑ and ↓ tilt it (with no pin selected:
/// then they nudge it), `0` returns to the opening view, north up and flat, `L` drops a pin at the user's location,
/// Enter or F2 on the selected pin opens the pin editor (its name and note),
/// Escape cancels a drag, closes the details panel or deselects, Ctrl+Z
/// undoes a move or a deletion, Ctrl+Shift+Z or Ctrl+Y redoes it, Ctrl+Q
/// quits, Ctrl+O asks the app for a file to open, Ctrl+E (Ctrl+Shift+E) for the
/// view written to a PNG (a PDF), Ctrl+W for the selected pin's or track's file closed,
/// Ctrl+1 … 9 for a recent file opened, Ctrl+D opens "Download this area for offline use" (when the app offers it), F11 asks the window to fill
/// the screen or to leave it, F1 or `?` shows the card of them all, the Menu
/// key or Shift+F10 opens the map's menu at the selected pin or the centre.
@MainActor
final class KeyboardInteraction {
    static let panDistance = 128.0
    static let panDuration = 0.2
    /// Degrees one Shift+← or → turns the map, and one Shift+↑ or ↓ tilts it.
    static let turnStep = 15.0
    static let tiltStep = 10.0
    static let turnDuration = 0.25

    private unowned let map: any InteractionHost
    private let rig: CameraRig
    private let focus: FocusRing
    private let search: SearchInteraction
    private let pinEditor: PinEditorInteraction
    private let switches: GestureSwitches
    private let ruler: RulerInteraction
    private let areaPanel: AreaPanelInteraction

    init(map: any InteractionHost, rig: CameraRig, focus: FocusRing, search: SearchInteraction, pinEditor: PinEditorInteraction,
         ruler: RulerInteraction, areaPanel: AreaPanelInteraction, switches: GestureSwitches) {
        self.ruler = ruler
        self.areaPanel = areaPanel
        self.pinEditor = pinEditor
        self.map = map
        self.rig = rig
        self.focus = focus
        self.search = search
        self.switches = switches
    }

    func handle(_ key: KeyPress) -> [MapEffect] {
        if let menu = map.chrome.menu { return menuKeys(key, menu) }
        if map.chrome.showsShortcuts { return [.toggleShortcuts] }  // any key puts the card away
        if let editing = pinEditor.handle(key) { return editing }  // the pin editor has every key while open
        if let typing = search.handle(key) { return typing }  // the search field has the keys while open
        if let measuring = ruler.handle(key) { return measuring }
        if let area = areaPanel.key(key) { return area }
        if (key.name == "f1" && key.modifiers.isEmpty) || (key.name == "slash" && key.modifiers == .shift) {
            return [.toggleShortcuts]  // F1, or ? (Shift+/)
        }
        if (key.name == "f" && key.modifiers == .control) || (key.name == "slash" && key.modifiers.isEmpty) {
            return search.open()
        }
        if (key.name == "menu" && key.modifiers.isEmpty) || (key.name == "f10" && key.modifiers == .shift) {
            return [.openMenu(at: menuPlace(), byKeyboard: true)]
        }
        if key.name == "escape", map.isDragging { return [.cancelDrag] }
        let control = key.modifiers.contains(.control), shift = key.modifiers.contains(.shift)
        if control && (key.name == "y" || (key.name == "z" && shift)) { return [.redo] }
        if control && key.name == "z" { return [.undo] }
        let step = KeyboardInteraction.panDistance
        if let nudge = nudge(key) { return nudge }
        if key.name == "escape" { focus.leaveCallout() }  // focus goes back to the pin
        return switch (key.name, control) {
        case ("tab", false): focus.move(backwards: shift)
        case ("return", false) where focus.control == nil && (focus.focused == nil || focus.focused === map.selectedAnnotations.first):
            // Enter on the selected pin names it (the focus ring, when elsewhere, selects first).
            map.selectedPin.map { [.editPin($0)] } ?? focus.activate()
        case ("f2", false): map.selectedPin.map { [.editPin($0)] } ?? []
        case ("return", false), ("space", false): focus.activate()
        case ("delete", false), ("backspace", false): selectedMovablePin().map { [.delete($0)] } ?? []
        case ("q", true): [.report(.quit)]
        case ("f11", false): [.report(.toggleFullScreen)]
        case ("o", true): [.report(.openFile)]
        case ("e", true): [.report(.export(shift ? .pdf : .png))]
        case ("w", true): [.report(.closeFile)]
        case ("d", true) where map.offersAreaDownload: [.openAreaPanel]
        case (let digit, true) where digit.count == 1 && ("1"..."9").contains(digit) && !map.chrome.recentFiles.isEmpty:
            Int(digit).map { $0 - 1 < map.chrome.recentFiles.count ? [.report(.openRecent($0 - 1))] : [] } ?? []
        case ("plus", _), ("equals", _): stepZoom(by: 1)
        case ("minus", _): stepZoom(by: -1)
        case ("0", _): [.resetToHome]
        case ("l", false): [.dropPinAtUserLocation]
        case ("p", false): [.togglePositionReadout]
        case ("escape", false): [.dismiss]
        case ("left", false) where shift: turn(by: -KeyboardInteraction.turnStep, tilt: 0)
        case ("right", false) where shift: turn(by: KeyboardInteraction.turnStep, tilt: 0)
        case ("up", false) where shift: turn(by: 0, tilt: KeyboardInteraction.tiltStep)
        case ("down", false) where shift: turn(by: 0, tilt: -KeyboardInteraction.tiltStep)
        case ("left", false): pan(Point(x: step, y: 0))
        case ("right", false): pan(Point(x: -step, y: 0))
        case ("up", false): pan(Point(x: 0, y: step))
        case ("down", false): pan(Point(x: 0, y: -step))
        default: []
        }
    }

    /// The open menu has the keys: ↑ and ↓ move through it, Enter or Space
    /// chooses, Escape (or any other key) closes it.
    private func menuKeys(_ key: KeyPress, _ menu: ContextMenu) -> [MapEffect] {
        switch key.name {
        case "down", "tab": [.highlightMenu(menu.item(stepping: 1))]
        case "up": [.highlightMenu(menu.item(stepping: -1))]
        case "return", "space": menu.highlighted.map { [.chooseMenu($0)] } ?? []
        default: [.closeMenu]
        }
    }

    /// Where the menu opens from the keyboard: at the selected pin, else at the view's centre.
    private func menuPlace() -> Point {
        if let pin = map.selectedAnnotations.first { return map.camera.screenPoint(for: pin.coordinate) }
        let size = map.camera.viewportSize
        return Point(x: (size.width / 2).rounded(), y: (size.height / 2).rounded())
    }

    /// Arrows with a movable pin selected (and no Alt) nudge it: a pixel,
    /// ten with Shift.
    private func nudge(_ key: KeyPress) -> [MapEffect]? {
        let directions = ["left": Point(x: -1, y: 0), "right": Point(x: 1, y: 0), "up": Point(x: 0, y: -1),
                          "down": Point(x: 0, y: 1)]
        guard let direction = directions[key.name], key.modifiers.isDisjoint(with: [.alt, .control]),
              let pin = selectedMovablePin() else { return nil }
        return [.nudge(pin, direction * (key.modifiers.contains(.shift) ? 10 : 1))]
    }

    /// The selected pin, if the user may move it (and so delete it).
    private func selectedMovablePin() -> (any MovableAnnotation)? {
        guard let selected = map.selectedAnnotations.first as? any MovableAnnotation,
              map.view(for: selected)?.isDraggable == true else { return nil }
        return selected
    }

    private func stepZoom(by levels: Double) -> [MapEffect] {
        switches.zoom ? [.stepZoom(by: levels, rig: rig)] : []
    }

    /// Pans so the content moves by `delta` pixels, continuing from where a
    /// running pan was heading so repeated presses add up.
    private func pan(_ delta: Point) -> [MapEffect] {
        guard switches.scroll else { return [] }
        let target = rig.panTarget
        return [.glide(toWorld: target.worldPoint(at: target.viewportSize.center - delta), duration: KeyboardInteraction.panDuration)]
    }

    /// Turns and tilts the map with a short animation, on from where a
    /// running turn was heading so repeated presses add up.
    private func turn(by degrees: Double, tilt: Double) -> [MapEffect] {
        let degrees = switches.rotate ? degrees : 0, tilt = switches.pitch ? tilt : 0
        guard degrees != 0 || tilt != 0 else { return [] }
        let target = rig.orientTarget
        return [.animate(.orient(heading: target.heading + degrees, pitch: Camera.pitchLimits.clamp(target.pitch + tilt)),
                         duration: KeyboardInteraction.turnDuration)]
    }
}
