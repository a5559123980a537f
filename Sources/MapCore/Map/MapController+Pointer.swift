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

    func handlePointer(_ event: PointerEvent, at now: Double) {
        switch event.phase {
        case .down:
            guard event.kind == .touch || event.button == .left, panning == nil else { return }
            animation = nil
            annotationLayer.update(camera: camera, scale: displayScale, now: now)
            let view = annotationLayer.hitTest(event.location, camera: camera, scale: displayScale)
            view?.isHighlighted = true
            panning = PanTracker(pointerID: event.id, kind: event.kind, at: event.location, on: view)
        case .move:
            guard var tracker = panning, tracker.pointerID == event.id, tracker.kind == event.kind else { return }
            follow(&tracker, to: event.location)
            panning = tracker
        case .up:
            guard var tracker = panning, tracker.pointerID == event.id, tracker.kind == event.kind else { return }
            follow(&tracker, to: event.location)
            panning = nil
            if let view = tracker.pressedView {
                view.isHighlighted = false
                lastClick = nil
                if view.canBeSelected { select(view) } else { deselectAll() }
            } else if !tracker.moved {
                deselectAll()
                click(at: event.location, now: now)
            }
        case .cancel:
            guard let tracker = panning, tracker.pointerID == event.id else { return }
            tracker.pressedView?.isHighlighted = false
            panning = nil
        }
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

    private func click(at location: Point, now: Double) {
        if let previous = lastClick, now - previous.time <= MapController.doubleClickInterval,
           (location - previous.location).length <= MapController.doubleClickDistance {
            lastClick = nil
            animate(.zoom(to: camera.zoom + 1, about: location), at: now, duration: MapController.stepZoomDuration)
        } else {
            lastClick = (now, location)
        }
    }
}
