/// Draws a `TrackOverlay`: a track in a strong pink-red, a route dashed in
/// purple, both 4 points wide; with a `coloring`, the line takes the
/// colours of its elevation, speed or heart rate, and a legend shows their
/// range.
///
///     let renderer = TrackRenderer(track: overlay)
///     renderer.coloring = .elevation
///     map.overlayRenderersChanged()
public final class TrackRenderer: PolylineRenderer {
    public let track: TrackOverlay
    /// What colours the line; nil draws it in one colour.
    public var coloring: TrackColoring? {
        didSet { colors = coloring.flatMap { $0.gradient(of: track) } }
    }
    private var colors: (stops: [(color: Color, location: Double)], range: ClosedRange<Double>)?

    public static let trackColor = Color(hex: 0xD6246E)
    public static let routeColor = Color(hex: 0x7B3FE4)

    public init(track: TrackOverlay) {
        self.track = track
        super.init(polyline: track)
        lineWidth = 4
        strokeColor = track.kind == .track ? TrackRenderer.trackColor : TrackRenderer.routeColor
        if track.kind == .route { lineDashPattern = [10, 6] }
    }

    public override var gradient: [(color: Color, location: Double)] { colors?.stops ?? [] }

    public override var legend: OverlayLegend? {
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

/// A small key to an overlay's colours, drawn at the map's lower left:
/// a title, a colour bar and the values at its two ends.
public struct OverlayLegend: Equatable, Sendable {
    public var title: String
    /// The colours from the low end to the high end, evenly spread.
    public var colors: [Color]
    public var low: String
    public var high: String

    public init(title: String, colors: [Color], low: String, high: String) {
        self.title = title
        self.colors = colors
        self.low = low
        self.high = high
    }
}
