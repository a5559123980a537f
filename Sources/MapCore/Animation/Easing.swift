import Foundation

/// Easing curves: each maps progress 0...1 to an eased value, 0 at 0 and 1 at 1.
///
///     Easing.easeOut.value(at: 0.5)   // 0.875
public enum Easing: String, Equatable, Sendable {
    case linear
    /// Fast start, gentle stop (cubic), for camera moves.
    case easeOut
    /// Slow start and stop (cubic).
    case easeInOut

    public func value(at progress: Double) -> Double {
        let t = min(max(progress, 0), 1)
        switch self {
        case .linear:
            return t
        case .easeOut:
            let u = 1 - t
            return 1 - u * u * u
        case .easeInOut:
            return t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
        }
    }
}
