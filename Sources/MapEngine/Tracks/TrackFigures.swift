import Foundation

/// A track's figures as people read them, for its callout and for
/// `pinmap gpx`: "12.4 km · 1:02:10 · moving 55:03 · ↑ 320 m ↓ 310 m".
///
///     TrackFigures(TrackStatistics(segments: track.segments)).line
package struct TrackFigures: Sendable {
    /// The figures shown.
    package let statistics: TrackStatistics

    /// The figures of `statistics`, as text.
    package init(_ statistics: TrackStatistics) {
        self.statistics = statistics
    }

    /// Every figure the track has, joined by middle dots.
    package var line: String { parts.joined(separator: " · ") }

    /// Length, duration, moving time, climb and descent (those the track has).
    package var parts: [String] { travelParts + (climb.map { [$0] } ?? []) }

    /// Length, duration and moving time: "12.4 km · 1:02:10 · moving 55:03".
    package var travel: String { travelParts.joined(separator: " · ") }

    /// "↑ 320 m ↓ 310 m"; nil without elevations.
    package var climb: String? {
        statistics.elevationRange.map { _ in
            "↑ \(TrackFigures.whole(statistics.climb)) m ↓ \(TrackFigures.whole(statistics.descent)) m"
        }
    }

    private var travelParts: [String] {
        var parts = [TrackFigures.distance(statistics.length)]
        if let duration = statistics.duration { parts.append(TrackFigures.duration(duration)) }
        if let moving = statistics.movingTime { parts.append("moving " + TrackFigures.duration(moving)) }
        return parts
    }

    /// What people read for a figure that is not a number.
    package static let noFigure = "–"

    /// A figure rounded to a whole number, or "–" when it is not a finite one.
    package static func whole(_ value: Double) -> String {
        let rounded = value.rounded()
        return rounded.isFinite && abs(rounded) < 1e15 ? String(Int(rounded)) : noFigure
    }

    /// "850 m", "12.4 km", "153 km".
    package static func distance(_ metres: Double) -> String {
        guard metres.isFinite else { return noFigure }
        if metres < 1000 { return "\(whole(metres)) m" }
        let kilometres = metres / 1000
        if kilometres >= 100 { return "\(whole(kilometres)) km" }
        return String(format: "%.1f km", kilometres)
    }

    /// A measurement with at most one decimal, none when whole: "408", "12.5".
    package static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        guard tenths.isFinite, abs(tenths) < 1e15 else { return noFigure }
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(format: "%.1f", tenths)
    }

    /// "4:05" (minutes and seconds) under an hour, else "1:02:10".
    package static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e15 else { return noFigure }
        let total = Int(seconds.rounded())
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }
}
