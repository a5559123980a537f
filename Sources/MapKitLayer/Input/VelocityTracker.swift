import MapEngine

/// How fast a finger moves, from its last few positions: the average
/// velocity over the last 0.1 s, and none if it rested before lifting.
struct VelocityTracker: Equatable {
    /// Samples older than this, relative to the newest, are forgotten.
    static let window = 0.1
    /// A finger that stood still this long before lifting was not flinging.
    static let restTime = 0.05

    private var samples: [(time: Double, location: Point)] = []

    static func == (a: VelocityTracker, b: VelocityTracker) -> Bool {
        a.samples.map(\.time) == b.samples.map(\.time) && a.samples.map(\.location) == b.samples.map(\.location)
    }

    mutating func reset() {
        samples.removeAll()
    }

    mutating func add(_ location: Point, at time: Double) {
        samples.append((time, location))
        samples.removeAll { time - $0.time > VelocityTracker.window }
    }

    /// Pixels per second at `time` (when the finger lifts).
    func velocity(at time: Double) -> Point {
        guard let last = samples.last, let first = samples.first, time - last.time <= VelocityTracker.restTime,
              last.time > first.time else { return .zero }
        return (last.location - first.location) / (last.time - first.time)
    }
}
