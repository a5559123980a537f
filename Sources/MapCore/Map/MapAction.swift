/// Something the map asks of the program around it after an input event.
public enum MapAction: Equatable, Sendable {
    /// Close the window and end the run.
    case quit
    /// Annotations were moved by a drop, an undo or a redo: time to save.
    case annotationsMoved
}
