import Foundation

/// The last few decoded tiles, shared by the workers: the four map tiles a
/// data tile covers are asked for together, and a tile drawn again at rest
/// reads the same data. Vector data tiles by their tile; raster and DEM
/// images by their source and tile (a DEM tile is read by its eight
/// neighbours' hillshades too).
final class DecodedTileCache<Key: Hashable, Value>: @unchecked Sendable {
    // Guarded: `tiles` and `stamp` only under `lock`; `policy` is immutable.
    private let lock = NSLock()
    /// Each kept tile and when it came, for the policy's "least recent".
    private var tiles: [Key: (value: Value, came: Int)] = [:]
    private var stamp = 0
    /// At most `capacity` tiles, the earliest kept let go first.
    let policy: EvictionPolicy
    var capacity: Int { policy.limit }

    /// A cache of at most `capacity` tiles (a screen's worth, twice).
    init(capacity: Int = 48) {
        policy = EvictionPolicy(limit: max(1, capacity))
    }

    /// The kept tile, if any.
    func tile(_ id: Key) -> Value? {
        lock.withLock { tiles[id]?.value }
    }

    /// Keeps a tile, forgetting the oldest past the capacity.
    func keep(_ tile: Value, as id: Key) {
        lock.withLock {
            if let kept = tiles[id] {
                tiles[id] = (tile, kept.came)
                return
            }
            stamp += 1
            tiles[id] = (tile, stamp)
            for (key, _) in policy.victims(tiles, total: tiles.count, lastUse: \.value.came) { tiles[key] = nil }
        }
    }
}
