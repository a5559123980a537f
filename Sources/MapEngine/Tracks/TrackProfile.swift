/// A track's profile for the details panel: distance along the track
/// across, elevation up, and a second line (heart rate, else speed) when the
/// file has them; and the way back from a distance to the place on the
/// map, for the marker that follows the pointer along the profile.
///
///     let profile = TrackProfile(track)
///     profile.coordinate(atDistance: 5_000)   // where the 5 km mark is
package struct TrackProfile: Equatable, Sendable {
    /// One point of the profile.
    package struct Sample: Equatable, Sendable {
        /// Metres from the start (segments follow each other with no gap).
        package var distance: Double
        /// Metres, when the point has an elevation.
        package var elevation: Double?
        /// The second line's value (bpm or km/h).
        package var other: Double?
        /// Where the sample is on the map.
        package var coordinate: Coordinate
    }

    /// At most `maximumSamples`, evenly spread along the distance.
    package let samples: [Sample]
    /// Metres, as `TrackStatistics` measures them.
    package let length: Double
    /// What the second line shows, when there is one.
    package let other: TrackColoring?
    /// The lowest and highest elevation sampled; nil without elevations.
    package let elevationRange: ClosedRange<Double>?
    /// The second line's lowest and highest value; nil without one.
    package let otherRange: ClosedRange<Double>?

    /// Enough for the panel's width at either scale.
    package static let maximumSamples = 600

    /// The profile of `track`'s points, segment after segment.
    @MainActor package init(_ track: TrackOverlay) {
        let colorings = track.colorings
        other = colorings.contains(.heartRate) ? .heartRate : colorings.contains(.speed) ? .speed : nil
        var all: [Sample] = []
        var travelled = 0.0
        for segment in track.segments {
            let others = other?.values(of: segment) ?? Array(repeating: nil, count: segment.count)
            for (i, point) in segment.enumerated() {
                if i > 0 { travelled += segment[i - 1].coordinate.ellipsoidDistance(to: point.coordinate) }
                all.append(Sample(distance: travelled, elevation: point.elevation, other: others[i], coordinate: point.coordinate))
            }
        }
        length = travelled
        samples = TrackProfile.thinned(all, length: travelled)
        elevationRange = TrackProfile.range(samples.compactMap(\.elevation))
        otherRange = TrackProfile.range(samples.compactMap(\.other))
    }

    /// Keeps the first sample in each of `maximumSamples` equal stretches of
    /// the length, and the last: a profile's width holds no more.
    static func thinned(_ samples: [Sample], length: Double) -> [Sample] {
        guard samples.count > maximumSamples, length > 0 else { return samples }
        var kept: [Sample] = []
        var nextBucket = 0
        for sample in samples {
            let bucket = Int(sample.distance / length * Double(maximumSamples))
            if bucket >= nextBucket {
                kept.append(sample)
                nextBucket = bucket + 1
            }
        }
        if let last = samples.last, kept.last != last { kept.append(last) }
        return kept
    }

    static func range(_ values: [Double]) -> ClosedRange<Double>? {
        // A value that is not a number would make a range that traps.
        let finite = values.filter(\.isFinite)
        guard let low = finite.min(), let high = finite.max() else { return nil }
        return low...high
    }

    /// The place `distance` metres along the track, between the samples around it.
    package func coordinate(atDistance distance: Double) -> Coordinate? {
        guard let first = samples.first else { return nil }
        guard let after = samples.firstIndex(where: { $0.distance >= distance }) else { return samples.last?.coordinate }
        guard after > 0 else { return first.coordinate }
        let a = samples[after - 1], b = samples[after]
        let t = b.distance > a.distance ? (distance - a.distance) / (b.distance - a.distance) : 0
        return Coordinate(latitude: a.coordinate.latitude + (b.coordinate.latitude - a.coordinate.latitude) * t,
                          longitude: a.coordinate.longitude + (b.coordinate.longitude - a.coordinate.longitude) * t)
    }
}
