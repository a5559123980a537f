/// The figures of a recorded track (or a route), as a sports watch's
/// summary gives them, worked out the same way for every caller (the
/// callout, `pinmap gpx --json`, the profile).
///
///     let stats = TrackStatistics(segments: track.segments)
///     print(stats.length, stats.climb, stats.movingTime ?? 0)
///
/// - Length: along each segment on the WGS 84 ellipsoid (Vincenty); the
///   gap between segments is not counted.
/// - Climb and descent: each segment's elevations are smoothed with
///   weights 0.3, 0.4, 0.3 over a point and its neighbours (the ends kept),
///   then every rise and every fall is added up. The smoothing takes the
///   metre-sized jitter of barometric and GPS heights out of the sum.
/// - Duration: from each segment's first timed point to its last, added up
///   (pauses between segments do not count).
/// - Moving time: the time between consecutive points that moved faster
///   than 1 km/h.
/// - Maximum speed: the fastest stretch between consecutive points, once
///   the fastest 5 % are dropped as GPS jumps.
public struct TrackStatistics: Equatable, Sendable {
    /// How many points were measured.
    public private(set) var points = 0
    /// Metres.
    public private(set) var length = 0.0
    /// Metres of climb; 0 without elevations.
    public private(set) var climb = 0.0
    /// Metres of descent; 0 without elevations.
    public private(set) var descent = 0.0
    /// Lowest and highest elevation, smoothed as for climb; nil without elevations.
    public private(set) var elevationRange: ClosedRange<Double>?
    /// Seconds from first to last timed point, segment by segment; nil when the points have no times.
    public private(set) var duration: Double?
    /// Seconds spent faster than `stoppedSpeed`; nil when the points have no times.
    public private(set) var movingTime: Double?
    /// Metres a second; nil when the points have no times.
    public private(set) var maximumSpeed: Double?
    /// The south-west corner of the points' bounds; nil without points.
    public private(set) var southWest: Coordinate?
    /// The north-east corner of the points' bounds; nil without points.
    public private(set) var northEast: Coordinate?

    /// Below this a point is standing (1 km/h, in metres a second).
    public static let stoppedSpeed = 1000.0 / 3600
    /// The share of the fastest stretches left out of the maximum speed.
    public static let droppedSpeeds = 0.05

    /// The figures of `segments`, each measured on its own.
    public init(segments: [[GPXPoint]]) {
        var speeds: [Double] = []
        for segment in segments {
            points += segment.count
            for (i, point) in segment.enumerated() {
                include(point.coordinate)
                guard i > 0 else { continue }
                let previous = segment[i - 1]
                let distance = previous.coordinate.ellipsoidDistance(to: point.coordinate)
                length += distance
                if let start = previous.time, let end = point.time, end > start {
                    let speed = distance / (end - start)
                    speeds.append(speed)
                    if speed > TrackStatistics.stoppedSpeed { movingTime = (movingTime ?? 0) + end - start }
                    else if movingTime == nil { movingTime = 0 }
                }
            }
            let times = segment.compactMap(\.time)
            if let first = times.first, let last = times.last { duration = (duration ?? 0) + max(0, last - first) }
            addElevations(segment.compactMap(\.elevation))
        }
        if !speeds.isEmpty {
            speeds.sort()
            let kept = speeds.count - Int(Double(speeds.count) * TrackStatistics.droppedSpeeds)
            maximumSpeed = speeds[max(0, kept - 1)]
        }
    }

    /// One segment's climb and descent from its elevations, smoothed.
    private mutating func addElevations(_ elevations: [Double]) {
        let smoothed = TrackStatistics.smoothed(elevations)
        for (i, elevation) in smoothed.enumerated() {
            elevationRange = elevationRange.map { min($0.lowerBound, elevation)...max($0.upperBound, elevation) }
                ?? elevation...elevation
            guard i > 0 else { continue }
            let change = elevation - smoothed[i - 1]
            if change > 0 { climb += change } else { descent -= change }
        }
    }

    /// Each value weighed 0.4 with 0.3 of each neighbour; the ends as they are.
    static func smoothed(_ values: [Double]) -> [Double] {
        values.indices.map { i in
            guard i > 0, i < values.count - 1 else { return values[i] }
            return 0.3 * values[i - 1] + 0.4 * values[i] + 0.3 * values[i + 1]
        }
    }

    private mutating func include(_ coordinate: Coordinate) {
        guard let southWest, let northEast else {
            (southWest, northEast) = (coordinate, coordinate)
            return
        }
        self.southWest = Coordinate(latitude: min(southWest.latitude, coordinate.latitude),
                                    longitude: min(southWest.longitude, coordinate.longitude))
        self.northEast = Coordinate(latitude: max(northEast.latitude, coordinate.latitude),
                                    longitude: max(northEast.longitude, coordinate.longitude))
    }
}
