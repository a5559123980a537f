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

    func advanceDrag(to now: Double) {
        if dragController.longPressIsDue(at: now) {
            press.handOverToDrag()
            dragController.begin(camera: camera, scale: displayScale, at: now)
        }
        let delta = dragController.advance(to: now, camera: camera)
        if delta != .zero, let pointer = dragController.carry?.pointer {
            rig.slide(by: delta)
            dragController.move(to: pointer, camera: camera)
        }
    }

    /// Ctrl+Z: puts the last dragged annotation back, or brings back the
    /// last deleted one.
    func undoMove() -> [MapAction] {
        guard dragController.carry == nil else { return [] }
        dragController.finishReturns()
        guard let edit = dragController.undo(isShown: { contains($0) }) else { return [] }
        if case .deletion(let annotation) = edit {
            addAnnotation(annotation)
            clearMessage()  // "Deleted …" no longer holds
        }
        return [.annotationsChanged]
    }

    /// Ctrl+Shift+Z or Ctrl+Y: makes the last undone edit again.
    func redoMove() -> [MapAction] {
        guard dragController.carry == nil else { return [] }
        dragController.finishReturns()
        guard let edit = dragController.redo(isShown: { contains($0) }) else { return [] }
        if case .deletion(let annotation) = edit { removeFromMap(annotation) }
        return [.annotationsChanged]
    }

}
