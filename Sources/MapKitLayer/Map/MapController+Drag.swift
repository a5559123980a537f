import MapEngine

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

    /// Where the view being carried is now, as it follows the pointer; nil
    /// when none is. The annotation's own `coordinate` changes only when
    /// it is dropped (as in MapKit), so this is the live position for an
    /// app that shows it while the drag goes on.
    public var draggedCoordinate: Coordinate? { dragController.shownCoordinate }

    /// Where an annotation's view stands now: where it is carried, or on
    /// its way home after a cancel; else at its own coordinate.
    package func shownCoordinate(of annotation: any Annotation) -> Coordinate { annotationLayer.shownCoordinate(of: annotation) }
}
