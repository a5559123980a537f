/// Why a vector tile could not be read.
///
///     throw VectorTileError.malformed("a number runs past the end")
package enum VectorTileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not a Mapbox Vector Tile, or one broken in some way.
    case malformed(String)

    /// The reason alone.
    package var reason: String {
        switch self {
        case .malformed(let reason): return reason
        }
    }

    /// The reason, for a warning naming the tile.
    package var description: String {
        switch self {
        case .malformed(let reason): return "not a valid vector tile: \(reason)"
        }
    }
}
