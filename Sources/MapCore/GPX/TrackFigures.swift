import Foundation

/// A track's figures as people read them, for its callout and for
/// `pinmap gpx`: "12.4 km · 1:02:10 · moving 55:03 · ↑ 320 m ↓ 310 m".
///
///     TrackFigures(TrackStatistics(segments: track.segments)).line
public struct TrackFigures: Sendable {
    /// The figures shown.
    public let statistics: TrackStatistics

    /// The figures of `statistics`, as text.
    public init(_ statistics: TrackStatistics) {
        self.statistics = statistics
    }

    /// Every figure the track has, joined by middle dots.
    public var line: String { parts.joined(separator: " · ") }

    /// Length, duration, moving time, climb and descent (those the track has).
    public var parts: [String] { travelParts + (climb.map { [$0] } ?? []) }

    /// Length, duration and moving time: "12.4 km · 1:02:10 · moving 55:03".
    public var travel: String { travelParts.joined(separator: " · ") }

    /// "↑ 320 m ↓ 310 m"; nil without elevations.
    public var climb: String? {
        statistics.elevationRange.map { _ in
            "↑ \(Int(statistics.climb.rounded())) m ↓ \(Int(statistics.descent.rounded())) m"
        }
    }

    private var travelParts: [String] {
        var parts = [TrackFigures.distance(statistics.length)]
        if let duration = statistics.duration { parts.append(TrackFigures.duration(duration)) }
        if let moving = statistics.movingTime { parts.append("moving " + TrackFigures.duration(moving)) }
        return parts
    }

    /// "850 m", "12.4 km", "153 km".
    public static func distance(_ metres: Double) -> String {
        if metres < 1000 { return "\(Int(metres.rounded())) m" }
        let kilometres = metres / 1000
        if kilometres >= 100 { return "\(Int(kilometres.rounded())) km" }
        return String(format: "%.1f km", kilometres)
    }

    /// A measurement with at most one decimal, none when whole: "408", "12.5".
    public static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(format: "%.1f", tenths)
    }

    /// "4:05" (minutes and seconds) under an hour, else "1:02:10".
    public static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }
}
