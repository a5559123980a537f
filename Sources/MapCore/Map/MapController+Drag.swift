/// Dragging annotations: the parts of the map's input handling that start,
/// move, cancel and undo drags. The drag itself lives in `DragController`.
extension MapController {
    /// How long a finger rests on a draggable view before it lifts; 0.5 s
    /// unless set.
    public var longPressDuration: Double {
        get { dragController.longPressDuration }
        set { dragController.longPressDuration = newValue }
    }

    /// Where an annotation rests: where it stands, or for one being carried
    /// or on its way home after a cancel, the place it left (and goes back
    /// to unless dropped). This is what a save writes.
    public func restingCoordinate(of annotation: any Annotation) -> Coordinate {
        dragController.restingCoordinate(of: annotation) ?? annotation.coordinate
    }

    /// True while a view is being carried.
    public var isDragging: Bool { dragController.carry != nil }

    /// A finished burst of nudges: one step of undo, and saved like a drop.
    func keep(_ move: KeyNudge.Move) {
        dragController.recordMove(move.annotation, from: move.from, to: move.to)
        raise(.annotationsChanged)
    }

    /// Undo (Ctrl+Z) puts the last dragged annotation back or brings back
    /// the last deleted one; redo (Ctrl+Shift+Z, Ctrl+Y) makes the last
    /// undone edit again. Nothing happens during a carry.
    func stepHistory(undo: Bool) -> [MapAction] {
        guard dragController.carry == nil else { return [] }
        if let move = input.nudges.finish(now: clock) { keep(move) }
        dragController.finishReturns()
        let isShown: (any Annotation) -> Bool = { [unowned self] in contains($0) }
        guard let edit = undo ? dragController.undo(isShown: isShown) : dragController.redo(isShown: isShown)
        else { return [] }
        switch edit {
        case .deletion(let annotation):
            guard undo else { removeFromMap(annotation); return [.annotationsChanged] }
            addAnnotation(annotation)
            messages.clear()  // "Deleted …" no longer holds
        case .addition(let annotation):
            if undo { removeFromMap(annotation) } else { addAnnotation(annotation) }
        case .move: break
        }
        return [.annotationsChanged]
    }
}
