import MapEngine

/// Where a view is in a drag (MapKit's `MKAnnotationView.DragState`). A drag
/// always runs `starting` → `dragging` → `ending` or `canceling` → `none`.
///
///     func mapView(_ map: MapController, annotationView view: AnnotationView, didChange newState: DragState,
///                  fromOldState oldState: DragState) {
///         if newState == .ending { save(view.annotation) }
///     }
public enum DragState: String, Equatable, Sendable, CaseIterable {
    /// The steps of a drag, in the order they come.
    case none, starting, dragging, canceling, ending
}
