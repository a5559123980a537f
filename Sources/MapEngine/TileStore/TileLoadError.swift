/// Why a tile could not be made: passed from the worker that tried to the
/// store as a value, never as a string.
package enum TileLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not now: a tile server could not be reached or refused for a while.
    /// The tile is asked for again later (`ServerBackoff`); `retryAfter` is
    /// what the server said, if it said anything.
    case unavailable(reason: String, retryAfter: String? = nil)
    /// The stored tile at `location` is broken (not an image, not a vector
    /// tile, too large): it stays failed and is named once.
    case broken(location: String, reason: String)
    /// The tile's data could be read but not painted (the rasteriser failed).
    case unpaintable(location: String, reason: String)

    /// The stored tile the error is about, when it is about one.
    package var location: String? {
        switch self {
        case .unavailable: nil
        case .broken(let location, _), .unpaintable(let location, _): location
        }
    }

    /// What went wrong, for a warning.
    package var reason: String {
        switch self {
        case .unavailable(let reason, _), .broken(_, let reason), .unpaintable(_, let reason): reason
        }
    }

    /// The location and the reason, for a log line.
    package var description: String {
        guard let location else { return reason }
        return "\(location): \(reason)"
    }
}
