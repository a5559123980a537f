/// What the overlay shapes share (after MapKit's `MKShape`): their projected
/// geometry, a title and subtitle for the callout, and where it points.
///
///     let shape: OverlayShape = Polyline(coordinates: points)
///     shape.title = "Detour"
///     shape.subtitle = "Closed until May"
public class OverlayShape: Overlay, ShapedOverlay {
    /// The shapes as drawn, projected.
    package let geometry: OverlayGeometry
    /// The name its callout shows.
    public var title: String?
    /// The line under the name.
    public var subtitle: String?

    package init(geometry: OverlayGeometry) {
        self.geometry = geometry
    }

    /// Where its callout points: half way along a line, the middle of an area (see `OverlayGeometry.middle`).
    public var coordinate: Coordinate { geometry.middle }
}
