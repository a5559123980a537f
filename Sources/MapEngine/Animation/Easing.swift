import Foundation

/// Easing curves: each maps progress 0...1 to an eased value, 0 at 0 and 1 at 1.
///
///     Easing.easeOut.value(at: 0.5)   // 0.875
package enum Easing: String, Equatable, Sendable {
    /// Even speed throughout.
    case linear
    /// Fast start, gentle stop (cubic), for camera moves.
    case easeOut
    /// Slow start and stop (cubic).
    case easeInOut
    /// Slow start, fast end (quadratic), like a fall under gravity.
    case easeIn
    /// Falls and bounces on the ground twice, smaller each time, before it
    /// settles: a drop landing.
    case bounce

    /// A fall that takes 60% of the time, then two rebounds of 1/8 and 1/32
    /// the height, each a parabola, touching the ground at 0.6, 0.85 and 1.
    private static func bounced(_ t: Double) -> Double {
        func hop(_ t: Double, from a: Double, to b: Double, height: Double) -> Double {
            let u = (t - a) / (b - a) * 2 - 1  // -1 ... 1 across the hop
            return 1 - height * (1 - u * u)
        }
        if t < 0.6 { let u = t / 0.6; return u * u }
        if t < 0.85 { return hop(t, from: 0.6, to: 0.85, height: 1.0 / 8) }
        return hop(t, from: 0.85, to: 1, height: 1.0 / 32)
    }

    /// The eased value at `progress` (clamped to 0...1).
    package func value(at progress: Double) -> Double {
        let t = min(max(progress, 0), 1)
        switch self {
        case .linear:
            return t
        case .easeOut:
            let u = 1 - t
            return 1 - u * u * u
        case .easeInOut:
            return t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
        case .easeIn:
            return t * t
        case .bounce:
            return Easing.bounced(t)
        }
    }
}
