/// Draws a `TrackOverlay`: a track in a strong pink-red, a route dashed in
/// purple, both 4 points wide; with a `coloring`, the line takes the
/// colours of its elevation, speed or heart rate, and a legend shows their
/// range.
///
///     let renderer = TrackRenderer(track: overlay)
///     renderer.coloring = .elevation
///     map.overlayRenderersChanged()
public final class TrackRenderer: PolylineRenderer {
    /// The track or route drawn.
    public let track: TrackOverlay
    /// What colours the line; nil draws it in one colour.
    public var coloring: TrackColoring? {
        didSet { colors = coloring.flatMap { $0.gradient(of: track) } }
    }
    private var colors: (stops: [(color: Color, location: Double)], range: ClosedRange<Double>)?

    /// A track's colour when it is not coloured by a value.
    public static let trackColor = Color(hex: 0xD6246E)
    /// A route's colour.
    public static let routeColor = Color(hex: 0x7B3FE4)

    /// A renderer for `track`: one colour until given a `coloring`.
    public init(track: TrackOverlay) {
        self.track = track
        super.init(polyline: track)
        lineWidth = 4
        strokeColor = track.kind == .track ? TrackRenderer.trackColor : TrackRenderer.routeColor
        if track.kind == .route { lineDashPattern = [10, 6] }
    }

    /// The colouring's colours along the line; none without a colouring.
    public override var gradient: [(color: Color, location: Double)] { colors?.stops ?? [] }

    /// The colouring's key: its name, unit and range; nil without a colouring.
    package override var legend: OverlayLegend? {
        guard let coloring, let range = colors?.range else { return nil }
        return OverlayLegend(title: "\(coloring.label) (\(coloring.unit))", colors: TrackColoring.palette,
                             low: String(Int(range.lowerBound.rounded())), high: String(Int(range.upperBound.rounded())))
    }

    /// The next colouring the track has data for, after the current one; nil after the last.
    public var nextColoring: TrackColoring? {
        let available = track.colorings
        guard let coloring, let index = available.firstIndex(of: coloring) else { return available.first }
        return index + 1 < available.count ? available[index + 1] : nil
    }
}
