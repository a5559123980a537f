import MapEngine

/// Every gesture and control of the map, and the one door input comes in
/// by: an event goes to the interaction it belongs to, which answers with
/// `MapEffect`s for the controller to apply. Pointers reach the
/// interactions through the router, in the order of its list: the card of
/// keys, the open menu, the pin editor, a carried view, the details panel, the card of areas for offline use, the search, the locate button, the zoom buttons, the compass, the callout's controls,
/// the right press (a click opens the menu, a drag turns and tilts), then the map itself (pan, click, a drag's start; its clicks go on to
/// the double-click zoom and a resting finger to the long-press pin drop). A new gesture
/// is one interaction and one line in that list; each reads its own switch in `switches`.
@MainActor
final class MapInput {
    let carry: CarryInteraction
    let press: MapPressInteraction
    /// Which gestures a person may use (`isScrollEnabled`, `isZoomEnabled`, `isPinDropEnabled`).
    let switches = GestureSwitches()
    let locateButton: LocateButtonInteraction
    let zoomButtons: ZoomButtonsInteraction
    let compass: CompassInteraction
    let search: SearchInteraction
    let pinEditor: PinEditorInteraction
    let areaPanel: AreaPanelInteraction
    let router: InteractionRouter
    /// Fingers go through their own gestures (pinch, double tap, fling) before the router.
    let fingers: FingerGestures
    let focus: FocusRing
    let keyboard: KeyboardInteraction
    let nudges: KeyNudge
    let wheel: WheelZoom

    private unowned let chrome: MapChrome

    init(map: any InteractionHost, rig: CameraRig, drag: DragController, details: DetailsPanelInteraction,
         callouts: CalloutPresenter) {
        chrome = map.chrome
        press = MapPressInteraction(map: map, drag: drag, switches: switches)
        carry = CarryInteraction(map: map, drag: drag, press: press)
        locateButton = LocateButtonInteraction(map: map)
        zoomButtons = ZoomButtonsInteraction(map: map, rig: rig)
        compass = CompassInteraction(map: map)
        search = SearchInteraction(map: map, box: map.search)
        pinEditor = PinEditorInteraction(map: map, editor: map.pinEditor)
        areaPanel = AreaPanelInteraction(map: map)
        router = InteractionRouter([ShortcutSheetInteraction(map: map), ContextMenuInteraction(map: map), pinEditor, carry, details, areaPanel,
                                    search, locateButton, zoomButtons, compass,
                                    CalloutControlsInteraction(callouts: callouts),
                                    RightPressInteraction(map: map, press: press, switches: switches), press])
        fingers = FingerGestures(router: router, press: press, rig: rig, switches: switches)
        focus = FocusRing(map: map)
        keyboard = KeyboardInteraction(map: map, rig: rig, focus: focus, search: search, pinEditor: pinEditor, ruler: press.ruler,
                                       areaPanel: areaPanel, switches: switches)
        wheel = WheelZoom(rig: rig, switches: switches)
        nudges = KeyNudge { [unowned map] in map.view(for: $0) }
    }

    /// The interaction an event belongs to, and what it asks of the map.
    func effects(of event: InputEvent, at now: Double) -> [MapEffect] {
        if case .pointer(let pointer) = event, chrome.pointerMoved(to: pointer.kind == .mouse ? pointer.location : nil) {
            return effects(routing: event, at: now) + [.redraw]  // the readout follows the pointer
        }
        return effects(routing: event, at: now)
    }

    private func effects(routing event: InputEvent, at now: Double) -> [MapEffect] {
        switch event {
        case .pointer(let pointer) where pointer.kind == .touch: fingers.handle(pointer, at: now)
        case .pointer(let pointer): router.route(pointer, at: now)
        case .wheel(let location, _, let dy): wheel.scroll(at: location, notches: dy)
        case .key(let key): keyboard.handle(key)
        case .text(let text): pinEditor.type(text) ?? search.type(text)
        case .resize(let size): [.resize(size)]
        case .focusLost: [.letGo]
        case .quit: [.report(.quit)]
        }
    }

    /// Every pointer and finger lets go (focus lost, a second finger).
    func letGo(at now: Double) {
        router.reset(at: now)
        fingers.reset()
    }
}
