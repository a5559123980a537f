/// A GPX track or route on the map: its segments as one overlay (not
/// joined across their gaps), with its figures for the callout and its
/// points for the elevation profile and for colouring.
///
///     let overlay = TrackOverlay(track: gpx.tracks[0])
///     map.addOverlay(overlay, renderer: TrackRenderer(track: overlay))
///     overlay.statistics.length   // metres
public final class TrackOverlay: OverlayShape {
    /// Whether the line was recorded (a track) or planned (a route).
    package enum Kind: String, Sendable {
        /// A recorded track, or a planned route.
        case track, route
    }

    /// A track or a route.
    package let kind: Kind
    /// The points, segment by segment.
    public let segments: [[GPXPoint]]
    /// Its length, climb, times and speed.
    public let statistics: TrackStatistics
    /// Each point's place along the drawn line, 0 to 1 of the whole
    /// (segment by segment, by projected length, as the renderer measures).
    public let along: [[Double]]

    /// A recorded track: titled by its name (else "Track"), its figures as subtitle.
    public convenience init(track: GPXTrack) {
        self.init(kind: .track, name: track.name, segments: track.segments)
    }

    /// A planned route: titled by its name (else "Route").
    public convenience init(route: GPXRoute) {
        self.init(kind: .route, name: route.name, segments: [route.points])
    }

    init(kind: Kind, name: String?, segments: [[GPXPoint]]) {
        self.kind = kind
        self.segments = segments
        statistics = TrackStatistics(segments: segments)
        let paths = segments.map { OverlayPath($0.map(\.coordinate)) }
        let lengths = paths.map(\.length)
        let total = lengths.reduce(0, +)
        var start = 0.0
        var spanned: [OverlayPath] = []
        for (path, length) in zip(paths, lengths) {
            let end = total > 0 ? start + length / total : start
            spanned.append(path.spanning(start...end))
            start = end
        }
        along = spanned.map(\.along)
        super.init(geometry: .lines(spanned))
        title = name ?? (kind == .track ? "Track" : "Route")
        subtitle = TrackFigures(statistics).travel
    }

    /// "↑ 320 m ↓ 310 m", for the callout's second line; nil without elevations.
    public var climbText: String? { TrackFigures(statistics).climb }

    /// The colourings this track has data for: elevation, speed (times), heart rate.
    public var colorings: [TrackColoring] { TrackColoring.available(in: segments) }
}
