import MapEngine

/// Hears from the map about its annotation views (MapKit's
/// `MKMapViewDelegate`). Every method has a default that does nothing, and
/// without a view from `viewFor` the map shows a red pin.
///
///     final class Pins: MapViewDelegate {
///         func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
///             let view = map.dequeueReusableAnnotationView(withIdentifier: "pin") as? PinAnnotationView
///                 ?? PinAnnotationView(annotation: annotation)
///             view.pinColor = .green
///             return view
///         }
///     }
@MainActor public protocol MapViewDelegate: AnyObject {
    /// The view for an annotation coming on screen; nil for the default pin.
    func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView?
    /// An annotation's view was selected (clicked, tapped, or `selectAnnotation`).
    func mapView(_ map: MapController, didSelect view: AnnotationView)
    /// An annotation's view was deselected.
    func mapView(_ map: MapController, didDeselect view: AnnotationView)
    /// A view's drag state changed (MapKit's `didChange newState fromOldState`).
    func mapView(_ map: MapController, annotationView view: AnnotationView, didChange newState: DragState,
                 fromOldState oldState: DragState)
    /// A control in the view's callout was tapped: the view's left or
    /// right accessory itself, or a layout file's button as an accessory
    /// whose identifier is the button's action (MapKit hands the control).
    func mapView(_ map: MapController, annotationView view: AnnotationView,
                 calloutAccessoryControlTapped control: CalloutAccessory)
    /// The annotation for a cluster of these members (its title, subtitle,
    /// tint); nil lets the map make the standard one. The members are
    /// listed only when read. The view comes from
    /// `viewFor` like any other's (nil: the standard `ClusterAnnotationView`).
    func mapView(_ map: MapController, clusterAnnotationForMemberAnnotations members: ClusterMembers)
        -> ClusterAnnotation?
    /// How to draw an overlay being added; nil for the standard blue line or area.
    func mapView(_ map: MapController, rendererFor overlay: any Overlay) -> OverlayRenderer?
    /// An overlay was clicked or tapped and is now selected (beyond MapKit).
    func mapView(_ map: MapController, didSelect overlay: any Overlay)
    /// The selected overlay was deselected.
    func mapView(_ map: MapController, didDeselect overlay: any Overlay)
}

extension MapViewDelegate {
    /// None: the map's standard pin.
    public func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? { nil }
    /// Nothing by default.
    public func mapView(_ map: MapController, didSelect view: AnnotationView) {}
    /// Nothing by default.
    public func mapView(_ map: MapController, didDeselect view: AnnotationView) {}
    /// Nothing by default.
    public func mapView(_ map: MapController, annotationView view: AnnotationView, didChange newState: DragState,
                        fromOldState oldState: DragState) {}
    /// Nothing by default.
    public func mapView(_ map: MapController, annotationView view: AnnotationView,
                        calloutAccessoryControlTapped control: CalloutAccessory) {}
    /// None: the map's standard cluster annotation.
    public func mapView(_ map: MapController, clusterAnnotationForMemberAnnotations members: ClusterMembers)
        -> ClusterAnnotation? { nil }
    /// None: the standard blue line or area.
    public func mapView(_ map: MapController, rendererFor overlay: any Overlay) -> OverlayRenderer? { nil }
    /// Nothing.
    public func mapView(_ map: MapController, didSelect overlay: any Overlay) {}
    /// Nothing.
    public func mapView(_ map: MapController, didDeselect overlay: any Overlay) {}
}
