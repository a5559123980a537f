import MapEngine

/// A press on a draggable view that may become its drag: the mouse lifts
/// the view once it moves past the drag threshold; a finger lifts it with a
/// long press (timed by the drag controller), and a finger that moves first
/// pans instead. The press tells it when a pointer lands on such a view,
/// moves and lifts.
@MainActor
final class ViewDragStart {
    /// What a move of the pressing pointer means.
    enum Move {
        /// Still a possible click or long press: nothing moves.
        case still
        /// The view is lifted and follows the pointer: the press is over.
        case dragging
        /// Not a drag after all: the press pans the map.
        case pan
    }

    private unowned let map: any InteractionHost
    private let drag: DragController

    init(map: any InteractionHost, drag: DragController) {
        self.map = map
        self.drag = drag
    }

    /// Whether a press on a view is waiting to become a drag.
    var isPressing: Bool { drag.press != nil }

    /// The view pressed, when it may still be dragged.
    var pressedView: AnnotationView? { drag.press?.view }

    /// A pointer landed on `view`: a possible drag when the view may be dragged.
    func begin(_ event: PointerEvent, on view: AnnotationView, at now: Double) {
        if drag.canDrag(view) { drag.beginPress(event, on: view, at: now) }
    }

    /// The pressing pointer moved to `location`.
    func move(to location: Point, at now: Double) -> Move {
        guard drag.press != nil else { return .pan }
        switch drag.movePress(to: location) {
        case .still:
            return .still
        case .drag:
            drag.begin(camera: map.camera, scale: map.displayScale, at: now)
            drag.move(to: location, camera: map.camera)
            return .dragging
        case .pan:
            drag.endPress()
            return .pan
        }
    }

    /// The press ended without a drag.
    func end() {
        drag.endPress()
    }
}
