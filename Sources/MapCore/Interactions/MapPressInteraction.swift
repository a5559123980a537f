/// A press on the map or on a view: the map pans once the pointer leaves
/// the click tolerance; a press that stays put is a click, which selects
/// the view pressed (or deselects all), and two clicks close in time and
/// place zoom in. A press on a draggable view becomes a drag once the mouse
/// moves past the drag threshold (a finger lifts it with a long press;
/// a finger that moves first pans instead). A right-click on the map, or a
/// finger held still on it for the long-press time, drops a pin there.
final class MapPressInteraction: MapInteraction {
    /// Two clicks this close in time and space make a double-click; 0.4 s is
    /// about the desktops' default double-click time.
    static let doubleClickInterval = 0.4
    static let doubleClickDistance = 10.0
    /// Two finger taps land further apart than two clicks.
    static let doubleTapDistance = 30.0
    /// A finger's smallest target: Apple's 44 points.
    static let fingerTarget = 44.0

    private unowned let map: MapController
    private let drag: DragController
    private var panning: PanTracker?
    private var lastClick: (time: Double, location: Point)?

    init(map: MapController, drag: DragController) {
        self.map = map
        self.drag = drag
    }

    /// True while `pointer` pans the map (for a fling when a finger lifts).
    func isPanning(pointer id: Int, kind: PointerKind) -> Bool {
        panning?.pointerID == id && panning?.kind == kind && panning?.moved == true
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
    }

    func handle(_ event: PointerEvent, at now: Double) -> InteractionReply {
        switch event.phase {
        case .down:
            if event.kind == .mouse, event.button == .right, panning == nil {
                guard annotationView(at: event.location, kind: event.kind, at: now) == nil else { return .ignored }
                return .handled([.dropPin(at: event.location)])
            }
            guard event.kind == .touch || event.button == .left, panning == nil else { return .ignored }
            let view = annotationView(at: event.location, kind: event.kind, at: now)
            view?.isHighlighted = true
            panning = PanTracker(pointerID: event.id, kind: event.kind, at: event.location, on: view)
            panning?.time = now
            if let view, drag.canDrag(view) { drag.beginPress(event, on: view, at: now) }
            return .handled([.stopCamera])
        case .move:
            guard var tracker = panning, tracker.pointerID == event.id, tracker.kind == event.kind else { return .ignored }
            if tracker.droppedPin { return .handled([]) }  // the long press dropped a pin: the finger is done
            if drag.press != nil {
                switch drag.movePress(to: event.location) {
                case .still:
                    return .handled([])  // still a possible click or long press
                case .drag:
                    panning = nil
                    drag.begin(camera: map.camera, scale: map.displayScale, at: now)
                    drag.move(to: event.location, camera: map.camera)
                    return .handled([])
                case .pan:
                    drag.endPress()
                }
            }
            let pan = follow(&tracker, to: event.location)
            panning = tracker
            return .handled(pan)
        case .up:
            guard var tracker = panning, tracker.pointerID == event.id, tracker.kind == event.kind else { return .ignored }
            if tracker.droppedPin {
                panning = nil
                return .handled([])
            }
            let pressed = drag.press?.view
            drag.endPress()
            panning = nil
            let pan = pressed == nil ? follow(&tracker, to: event.location) : []
            if let view = tracker.pressedView {
                view.isHighlighted = false
                lastClick = nil
                // A tap on a view that could have been dragged (a pin bounces).
                let bounce: [MapEffect] = view === pressed ? [.tap(view)] : []
                return .handled(pan + [view.canBeSelected ? .select(view, near: event.location) : .deselectAll] + bounce)
            }
            guard !tracker.moved else { return .handled(pan) }
            return .handled(pan + [.deselectAll, .selectOverlay(at: event.location, finger: event.kind == .touch)]
                            + click(at: event.location, kind: event.kind, now: now))
        case .cancel:
            guard let tracker = panning, tracker.pointerID == event.id else { return .ignored }
            tracker.pressedView?.isHighlighted = false
            drag.endPress()
            panning = nil
            return .handled([])
        }
    }

    func reset(at now: Double) {
        drag.endPress()
        panning?.pressedView?.isHighlighted = false
        panning = nil
        lastClick = nil
    }

    /// True while a finger rests on the empty map, short of the long press
    /// that would drop a pin (the map keeps time running to see it).
    var awaitsLongPress: Bool {
        guard let tracker = panning else { return false }
        return tracker.kind == .touch && !tracker.moved && tracker.pressedView == nil && !tracker.droppedPin
    }

    /// Where to drop a pin when a finger has rested on the empty map for
    /// the long-press time (once per press).
    func longPressOnMap(at now: Double) -> Point? {
        guard awaitsLongPress, var tracker = panning, now - tracker.time >= drag.longPressDuration else { return nil }
        tracker.droppedPin = true
        panning = tracker
        return tracker.start
    }

    /// The topmost view under a press, with a finger's larger target.
    private func annotationView(at location: Point, kind: PointerKind, at now: Double) -> AnnotationView? {
        let layer = map.annotationLayer
        layer.update(camera: map.camera, scale: map.displayScale, now: now)
        return layer.hitTest(location, camera: map.camera, scale: map.displayScale,
                             minimumTarget: kind == .touch ? MapPressInteraction.fingerTarget : 0)
    }

    /// The map stays put until the pointer has left the click tolerance, so a
    /// click with a shaky hand never nudges it; from then on it follows.
    private func follow(_ tracker: inout PanTracker, to location: Point) -> [MapEffect] {
        if !tracker.moved && (location - tracker.start).length > PanTracker.clickTolerance {
            tracker.moved = true
            // The press became a pan: it no longer means the view.
            tracker.pressedView?.isHighlighted = false
            tracker.pressedView = nil
        }
        guard tracker.moved else { return [] }
        defer { tracker.last = location }
        return [.pan(by: location - tracker.last)]
    }

    private func click(at location: Point, kind: PointerKind, now: Double) -> [MapEffect] {
        let reach = kind == .touch ? MapPressInteraction.doubleTapDistance : MapPressInteraction.doubleClickDistance
        if let previous = lastClick, now - previous.time <= MapPressInteraction.doubleClickInterval,
           (location - previous.location).length <= reach {
            lastClick = nil
            return [.animate(.zoom(to: map.camera.zoom + 1, about: location), duration: CameraRig.stepZoomDuration)]
        }
        lastClick = (now, location)
        return []
    }
}

/// Follows one pressed pointer that pans the map, and tells a click (press and
/// release without real movement) from a drag.
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
    /// When the press began.
    var time = 0.0
    /// True once a long press on the empty map dropped a pin.
    var droppedPin = false

    init(pointerID: Int, kind: PointerKind, at location: Point, on view: AnnotationView? = nil) {
        self.pointerID = pointerID
        self.kind = kind
        self.start = location
        self.last = location
        self.pressedView = view
    }
}
