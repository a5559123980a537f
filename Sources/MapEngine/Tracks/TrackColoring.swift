import Foundation

/// What a track can be coloured by along its length: each point's
/// elevation, speed or heart rate, from blue (lowest) through yellow to red
/// (highest) of the track's own range.
///
///     let colors = TrackColoring.speed.gradient(of: track)   // stops and range for the legend
public enum TrackColoring: String, CaseIterable, Sendable {
    /// By height above sea level.
    case elevation
    /// By speed between points.
    case speed
    /// By heart rate, from Garmin's track point extension.
    case heartRate = "heart-rate"

    /// The word for menus and the legend.
    public var label: String {
        switch self {
        case .elevation: return "Elevation"
        case .speed: return "Speed"
        case .heartRate: return "Heart rate"
        }
    }

    /// The value's unit, for the legend.
    public var unit: String {
        switch self {
        case .elevation: return "m"
        case .speed: return "km/h"
        case .heartRate: return "bpm"
        }
    }

    /// The reading kept in the point itself (speed is worked out between points).
    func value(of point: GPXPoint) -> Double? {
        switch self {
        case .elevation: return point.elevation
        case .speed: return point.time
        case .heartRate: return point.heartRate
        }
    }

    /// Each point's value: its reading, or for speed the km/h over the
    /// stretch from `speedReach` points before to as many after (so one
    /// jumpy fix does not paint a red dash).
    func values(of segment: [GPXPoint]) -> [Double?] {
        guard self == .speed else { return segment.map(value(of:)) }
        // Metres from the segment's start to each point, measured once.
        var travelled = [Double](repeating: 0, count: segment.count)
        for k in segment.indices.dropFirst() {
            travelled[k] = travelled[k - 1] + segment[k - 1].coordinate.ellipsoidDistance(to: segment[k].coordinate)
        }
        return segment.indices.map { i in
            let before = max(0, i - TrackColoring.speedReach), after = min(segment.count - 1, i + TrackColoring.speedReach)
            guard before < after, let start = segment[before].time, let end = segment[after].time, end > start else { return nil }
            return (travelled[after] - travelled[before]) / (end - start) * 3.6
        }
    }

    /// The colourings `segments` have data for: elevation, speed (times), heart rate.
    public static func available(in segments: [[GPXPoint]]) -> [TrackColoring] {
        allCases.filter { coloring in segments.contains { $0.contains { coloring.value(of: $0) != nil } } }
    }

    /// Points each side over which a point's speed is measured.
    static let speedReach = 5

    /// Blue, light blue, yellow, orange, red.
    public static let palette = [Color(hex: 0x2C7BB6), Color(hex: 0x00A6CA), Color(hex: 0xF9D057),
                                 Color(hex: 0xF29E2E), Color(hex: 0xD7191C)]

    /// The palette's colour at `t` (0 to 1).
    public static func color(at t: Double) -> Color { Color.along(palette, at: t) }

    /// How many stretches of the line get a colour of their own.
    static let buckets = 256

    /// The track's colours along its length (as a gradient renderer takes
    /// them) and the range of values they span; nil when it has no such values.
    /// Values are averaged over 1/256 of the length; a stretch without a
    /// value takes its neighbour's colour.
    public func gradient(of track: TrackOverlay) -> (stops: [(color: Color, location: Double)], range: ClosedRange<Double>)? {
        var sums = [Double](repeating: 0, count: TrackColoring.buckets)
        var counts = [Int](repeating: 0, count: TrackColoring.buckets)
        var low = Double.infinity, high = -Double.infinity
        for (segment, along) in zip(track.segments, track.along) {
            for (value, place) in zip(values(of: segment), along) {
                guard let value else { continue }
                let bucket = min(TrackColoring.buckets - 1, Int(place * Double(TrackColoring.buckets)))
                sums[bucket] += value
                counts[bucket] += 1
                low = min(low, value)
                high = max(high, value)
            }
        }
        guard low <= high else { return nil }
        var stops: [(color: Color, location: Double)] = []
        for bucket in 0..<TrackColoring.buckets where counts[bucket] > 0 {
            let mean = sums[bucket] / Double(counts[bucket])
            let t = high > low ? (mean - low) / (high - low) : 0.5
            stops.append((TrackColoring.color(at: t), (Double(bucket) + 0.5) / Double(TrackColoring.buckets)))
        }
        return (stops, low...high)
    }
}
