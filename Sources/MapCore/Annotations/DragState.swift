/// Where a view is in a drag (MapKit's `MKAnnotationView.DragState`). A drag
/// always runs `starting` → `dragging` → `ending` or `canceling` → `none`.
public enum DragState: String, Equatable, Sendable, CaseIterable {
    case none, starting, dragging, canceling, ending
}
