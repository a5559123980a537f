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

    init(pointerID: Int, kind: PointerKind, at location: Point, on view: AnnotationView? = nil) {
        self.pointerID = pointerID
        self.kind = kind
        self.start = location
        self.last = location
        self.pressedView = view
    }
}

extension MapController {
    /// Two clicks this close in time and space make a double-click; 0.4 s is
    /// about the desktops' default double-click time.
    static let doubleClickInterval = 0.4
    static let doubleClickDistance = 10.0
    /// Two finger taps land further apart than two clicks.
    static let doubleTapDistance = 30.0
    /// A finger's smallest target: Apple's 44 points.
    static let fingerTarget = 44.0

    func handlePointer(_ event: PointerEvent, at now: Double) -> [MapAction] {
        event.kind == .touch ? handleTouch(event, at: now) : handleSinglePointer(event, at: now)
    }

    /// The mouse, or the first finger while no other touches the map.
    func handleSinglePointer(_ event: PointerEvent, at now: Double) -> [MapAction] {
        if dragController.carry != nil { return handlePointerWhileCarrying(event, at: now) }
        if panning == nil {
            if let handled = handleDetailsPointer(event) { return handled }
            if let handled = handleLocateButtonPointer(event, at: now) { return handled }
            if let handled = handleCalloutPointer(event, at: now) { return handled }
        }
        switch event.phase {
        case .down:
            guard event.kind == .touch || event.button == .left, panning == nil else { return [] }
            animation = nil
            annotationLayer.update(camera: camera, scale: displayScale, now: now)
            let view = annotationLayer.hitTest(event.location, camera: camera, scale: displayScale,
                                               minimumTarget: event.kind == .touch ? MapController.fingerTarget : 0)
            view?.isHighlighted = true
            panning = PanTracker(pointerID: event.id, kind: event.kind, at: event.location, on: view)
            if let view, dragController.canDrag(view) { dragController.beginPress(event, on: view, at: now) }
        case .move:
            guard var tracker = panning, tracker.pointerID == event.id, tracker.kind == event.kind else { return [] }
            if dragController.press != nil {
                switch dragController.movePress(to: event.location) {
                case .still:
                    return []  // still a possible click or long press
                case .drag:
                    panning = nil
                    dragController.begin(camera: camera, scale: displayScale, at: now)
                    dragController.move(to: event.location, camera: camera)
                    return []
                case .pan:
                    dragController.endPress()
                }
            }
            follow(&tracker, to: event.location)
            panning = tracker
        case .up:
            guard var tracker = panning, tracker.pointerID == event.id, tracker.kind == event.kind else { return [] }
            let pressed = dragController.press?.view
            dragController.endPress()
            if pressed == nil { follow(&tracker, to: event.location) }
            panning = nil
            if let view = tracker.pressedView {
                view.isHighlighted = false
                lastClick = nil
                if view.canBeSelected { select(view) } else { deselectAll() }
                // A tap on a view that could have been dragged (a pin bounces).
                if view === pressed { view.didTapWhileDraggable(at: now) }
            } else if !tracker.moved {
                deselectAll()
                click(at: event.location, kind: event.kind, now: now)
            }
        case .cancel:
            guard let tracker = panning, tracker.pointerID == event.id else { return [] }
            tracker.pressedView?.isHighlighted = false
            dragController.endPress()
            panning = nil
        }
        return []
    }

    /// While a view is carried: its pointer moves it and its release drops
    /// it; a touch cancel, another finger or the right button cancels, and
    /// so does a release outside the map (SDL keeps reporting a mouse that
    /// leaves the window with a button held): a pin let go where nobody
    /// can see goes home instead of landing on an unseen place.
    private func handlePointerWhileCarrying(_ event: PointerEvent, at now: Double) -> [MapAction] {
        guard let carry = dragController.carry else { return [] }
        let own = event.id == carry.pointerID && event.kind == carry.kind
        switch event.phase {
        case .down:
            cancelDrag(at: now)
        case .move where own:
            dragController.move(to: event.location, camera: camera)
        case .up where own && !camera.viewportSize.contains(event.location):
            cancelDrag(at: now)
        case .up where own:
            dragController.move(to: event.location, camera: camera)
            if dragController.release(camera: camera, scale: displayScale, at: now) != nil {
                return [.annotationsChanged]
            }
        case .cancel where own:
            cancelDrag(at: now)
        default:
            break
        }
        return []
    }

    /// The map stays put until the pointer has left the click tolerance, so a
    /// click with a shaky hand never nudges it; from then on it follows.
    private func follow(_ tracker: inout PanTracker, to location: Point) {
        if !tracker.moved && (location - tracker.start).length > PanTracker.clickTolerance {
            tracker.moved = true
            // The press became a pan: it no longer means the view.
            tracker.pressedView?.isHighlighted = false
            tracker.pressedView = nil
        }
        guard tracker.moved else { return }
        camera.pan(by: location - tracker.last)
        tracker.last = location
    }

    private func click(at location: Point, kind: PointerKind, now: Double) {
        let reach = kind == .touch ? MapController.doubleTapDistance : MapController.doubleClickDistance
        if let previous = lastClick, now - previous.time <= MapController.doubleClickInterval,
           (location - previous.location).length <= reach {
            lastClick = nil
            animate(.zoom(to: camera.zoom + 1, about: location), at: now, duration: MapController.stepZoomDuration)
        } else {
            lastClick = (now, location)
        }
    }
}
