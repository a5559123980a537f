/// How an overlay is drawn (after MapKit's `MKOverlayRenderer` and
/// `MKOverlayPathRenderer`): the map asks its delegate for one per overlay.
/// Widths are in points; colours carry their own opacity, `alpha` dims the
/// whole overlay. Main thread only; the map takes a `OverlayPaint`
/// snapshot of it to draw tiles elsewhere.
///
///     let renderer = PolylineRenderer(polyline: route)
///     renderer.strokeColor = Color(hex: 0x1E6FD9)
///     renderer.lineWidth = 4
@MainActor open class OverlayRenderer {
    /// The overlay drawn.
    public let overlay: any Overlay
    /// Opacity of the whole overlay, 0 to 1.
    public var alpha = 1.0
    /// The line colour; nil draws no line.
    public var strokeColor: Color?
    /// The area colour (areas only); nil fills nothing.
    public var fillColor: Color?
    /// The line width in points.
    public var lineWidth = 1.0
    /// How corners are drawn.
    package var lineJoin = Stroke.Join.round
    /// How ends are drawn.
    package var lineCap = Stroke.Cap.round
    /// How long a mitred corner may grow before it is bevelled, in widths.
    public var miterLimit = 10.0
    /// Dash and gap lengths in points; empty for a solid line.
    public var lineDashPattern: [Double] = []
    /// How far into the dash pattern the line starts, in points.
    public var lineDashPhase = 0.0
    /// Where along the line (0 to 1 of its length) drawing starts.
    public var strokeStart = 0.0
    /// Where along the line (0 to 1 of its length) drawing ends.
    public var strokeEnd = 1.0

    /// A renderer for `overlay`, drawing nothing until given colours.
    public init(overlay: any Overlay) {
        self.overlay = overlay
    }

    /// Colours along the line's length, for `GradientPolylineRenderer`; none here.
    open var gradient: [(color: Color, location: Double)] { [] }

    /// A key to the overlay's colours, drawn at the map's lower left; none here.
    package var legend: OverlayLegend? { nil }

    /// What the map draws, off the main thread.
    package func paint() -> OverlayPaint {
        OverlayPaint(geometry: overlay.geometry, renderer: self)
    }
}

/// Draws a `Polyline`, `GeodesicPolyline` or `MultiPolyline` (after `MKPolylineRenderer`).
///
///     let renderer = PolylineRenderer(polyline: walk)
///     renderer.strokeColor = Color(hex: 0x1A73E8)
///     renderer.lineWidth = 5
///     renderer.lineDashPattern = [8, 4]
///     map.addOverlay(walk, renderer: renderer)
open class PolylineRenderer: OverlayRenderer {
    /// A renderer for a line.
    public init(polyline: any Overlay) {
        super.init(overlay: polyline)
        strokeColor = Color(rgba: 0, 122, 255)
        lineWidth = 3
    }
}

/// Draws a `Polygon` or `MultiPolygon` (after `MKPolygonRenderer`).
///
///     let renderer = PolygonRenderer(polygon: park)
///     renderer.fillColor = Color(hex: 0x2E7D32, alpha: 0.35)
///     renderer.strokeColor = Color(hex: 0x1B5E20)
///     map.addOverlay(park, renderer: renderer)
open class PolygonRenderer: OverlayRenderer {
    /// A renderer for an area.
    public init(polygon: any Overlay) {
        super.init(overlay: polygon)
    }
}

/// Draws a `Circle` (after `MKCircleRenderer`).
///
///     let renderer = CircleRenderer(circle: reach)
///     renderer.fillColor = Color(hex: 0x1A73E8, alpha: 0.2)
///     map.addOverlay(reach, renderer: renderer)
open class CircleRenderer: OverlayRenderer {
    /// A renderer for a circle.
    public init(circle: Circle) {
        super.init(overlay: circle)
    }
}

/// A line coloured along its length (after `MKGradientPolylineRenderer`):
/// colours at fractions of the length, blended between.
///
///     renderer.setColors([.green, .yellow, .red], locations: [0, 0.5, 1])
public final class GradientPolylineRenderer: PolylineRenderer {
    private var stops: [(color: Color, location: Double)] = []

    /// Colours at `locations` (0 to 1 of the line's length, rising); with
    /// fewer locations than colours, the colours are spread evenly.
    public func setColors(_ colors: [Color], locations: [Double] = []) {
        let spread = colors.count > 1 ? colors.indices.map { Double($0) / Double(colors.count - 1) } : [0]
        let places = locations.count == colors.count ? locations : spread
        stops = zip(colors, places).map { ($0, min(max($1, 0), 1)) }.sorted { $0.location < $1.location }
    }

    /// The colours set, by location.
    public override var gradient: [(color: Color, location: Double)] { stops }
}
