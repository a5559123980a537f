import MapEngine

/// A press on the map or on a view, followed until it lifts: the map pans
/// once the pointer leaves the click tolerance (when panning is on). The
/// other gestures a press may be are objects of their own, told as it goes:
/// a press that stays put is a tap (`TapSelection`, which hands clicks on the
/// map to `DoubleClickZoom`), a press on a draggable view may become its drag
/// (`ViewDragStart`), and a finger resting on the empty map may drop a pin
/// (`LongPressMenu`).
@MainActor
final class MapPressInteraction: MapInteraction {
    /// A finger's smallest target (`AnnotationLayer.fingerTarget`).
    static var fingerTarget: Double { AnnotationLayer.fingerTarget }

    private unowned let map: any InteractionHost
    private let switches: GestureSwitches
    /// The clicks the double-click zoom counts.
    let doubleClick: DoubleClickZoom
    /// What a tap selects.
    let taps: TapSelection
    /// The measuring, which takes taps while it runs.
    let ruler: RulerInteraction
    /// A press on a draggable view, until it is a drag or not.
    let dragStart: ViewDragStart
    /// The finger resting on the empty map, timed to open the menu.
    let longPress: LongPressMenu
    private var panning: PanTracker?

    init(map: any InteractionHost, drag: DragController, switches: GestureSwitches) {
        self.map = map
        self.switches = switches
        doubleClick = DoubleClickZoom(map: map, switches: switches)
        ruler = RulerInteraction(map: map)
        taps = TapSelection(doubleClick: doubleClick, ruler: ruler)
        dragStart = ViewDragStart(map: map, drag: drag)
        longPress = LongPressMenu(duration: drag.longPressDuration)
    }

    /// Whether a pointer holds a press on the map now.
    var isHolding: Bool { panning != nil }

    /// True while `pointer` pans the map (for a fling when a finger lifts).
    func isPanning(pointer id: Int, kind: PointerKind) -> Bool {
        panning?.pointerID == id && panning?.kind == kind && panning?.moved == true && switches.scroll
    }

    /// The finger left on the map when a pinch ends goes on panning.
    func continuePanning(pointer id: Int, at location: Point) {
        var tracker = PanTracker(pointerID: id, kind: .touch, at: location)
        tracker.moved = true
        panning = tracker
    }

    /// The press turned into a carry (a long press): the drag has it now.
    func handOverToDrag() {
        panning = nil
        longPress.end()
    }

    func handle(_ event: PointerEvent, at now: Double) -> InteractionReply {
        switch event.phase {
        case .down:
            guard event.kind == .touch || event.button == .left, panning == nil else { return .ignored }
            let view = map.annotationLayer.pressedView(at: event.location, kind: event.kind, camera: map.camera,
                                                       scale: map.displayScale, at: now)
            view?.isHighlighted = true
            panning = PanTracker(pointerID: event.id, kind: event.kind, at: event.location, on: view)
            if let view { dragStart.begin(event, on: view, at: now) }
            if view == nil && event.kind == .touch { longPress.begin(pointer: event.id, at: event.location, time: now) }
            return .handled([.stopCamera])
        case .move:
            guard var tracker = panning, tracker.pointerID == event.id, tracker.kind == event.kind else { return .ignored }
            if longPress.hasFired(pointer: event.id) { return .handled([]) }  // the long press dropped a pin: the finger is done
            if dragStart.isPressing {
                switch dragStart.move(to: event.location, at: now) {
                case .still:
                    return .handled([])  // still a possible click or long press
                case .dragging:
                    panning = nil
                    return .handled([])
                case .pan:
                    break
                }
            }
            let pan = follow(&tracker, to: event.location)
            panning = tracker
            return .handled(pan)
        case .up:
            guard var tracker = panning, tracker.pointerID == event.id, tracker.kind == event.kind else { return .ignored }
            if longPress.hasFired(pointer: event.id) {
                panning = nil
                longPress.end()
                return .handled([])
            }
            longPress.end()
            let pressed = dragStart.pressedView
            dragStart.end()
            panning = nil
            let pan = pressed == nil ? follow(&tracker, to: event.location) : []
            if let view = tracker.pressedView {
                view.isHighlighted = false
                return .handled(pan + taps.tap(on: view, at: event.location, draggable: view === pressed))
            }
            guard !tracker.moved else { return .handled(pan) }
            return .handled(pan + taps.tapOnMap(at: event.location, kind: event.kind, now: now))
        case .cancel:
            guard let tracker = panning, tracker.pointerID == event.id else { return .ignored }
            tracker.pressedView?.isHighlighted = false
            dragStart.end()
            longPress.end()
            panning = nil
            return .handled([])
        }
    }

    func reset(at now: Double) {
        dragStart.end()
        panning?.pressedView?.isHighlighted = false
        panning = nil
        longPress.end()
        doubleClick.forget()
    }

    /// The map stays put until the pointer has left the click tolerance, so a
    /// click with a shaky hand never nudges it; from then on it follows.
    private func follow(_ tracker: inout PanTracker, to location: Point) -> [MapEffect] {
        if !tracker.moved && (location - tracker.start).length > PanTracker.clickTolerance {
            tracker.moved = true
            // The press became a pan: it no longer means the view, nor a long press.
            tracker.pressedView?.isHighlighted = false
            tracker.pressedView = nil
            longPress.cancel()
        }
        guard tracker.moved, switches.scroll else { return [] }
        defer { tracker.last = location }
        return [.drag(from: tracker.last, to: location)]
    }
}

/// Follows one pressed pointer that pans the map, and tells a click (press and
/// release without real movement) from a drag.
@MainActor
struct PanTracker {
    /// Leaflet's click tolerance: a hand that moves 3 px or less meant a click.
    static let clickTolerance = 3.0

    let pointerID: Int
    let kind: PointerKind
    let start: Point
    var last: Point
    var moved = false
    /// The annotation view the press began on, highlighted until release.
    var pressedView: AnnotationView?

    init(pointerID: Int, kind: PointerKind, at location: Point, on view: AnnotationView? = nil) {
        self.pointerID = pointerID
        self.kind = kind
        self.start = location
        self.last = location
        self.pressedView = view
    }
}
