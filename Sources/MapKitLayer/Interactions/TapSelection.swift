import MapEngine

/// A click or finger tap that stayed put: on a view, selects it (or
/// deselects all when it cannot be selected), and a view that could have
/// been dragged bounces; on the empty map, deselects, selects the overlay
/// there if any, and counts towards a double click. While a path is
/// measured, every tap goes to the ruler instead.
@MainActor
final class TapSelection {
    private let doubleClick: DoubleClickZoom
    private let ruler: RulerInteraction

    init(doubleClick: DoubleClickZoom, ruler: RulerInteraction) {
        self.doubleClick = doubleClick
        self.ruler = ruler
    }

    /// A tap on `view` at `location`; `draggable` when the view could have been dragged.
    func tap(on view: AnnotationView, at location: Point, draggable: Bool) -> [MapEffect] {
        doubleClick.forget()
        if ruler.isActive { return ruler.tap(at: location) }
        let bounce: [MapEffect] = draggable ? [.tap(view)] : []
        return [view.canBeSelected ? .select(view, near: location) : .deselectAll] + bounce
    }

    /// A tap on the empty map at `location`.
    func tapOnMap(at location: Point, kind: PointerKind, now: Double) -> [MapEffect] {
        if ruler.isActive { return ruler.tap(at: location) }
        return [.deselectAll, .selectOverlay(at: location, finger: kind == .touch)]
            + doubleClick.click(at: location, kind: kind, now: now)
    }
}
