import Foundation

/// The last few decoded tiles, shared by the workers: the four map tiles a
/// data tile covers are asked for together, and a tile drawn again at rest
/// reads the same data. Vector data tiles by their tile; raster and DEM
/// images by their source and tile (a DEM tile is read by its eight
/// neighbours' hillshades too).
final class DecodedTileCache<Key: Hashable, Value>: @unchecked Sendable {
    // Guarded: `tiles` and `order` only under `lock`; `policy` is immutable.
    private let lock = NSLock()
    private var tiles: [Key: Value] = [:]
    /// The kept tiles' keys, the earliest kept first: the policy's order of use.
    private var order: [Key] = []
    /// At most `capacity` tiles, the earliest kept let go first.
    let policy: EvictionPolicy
    var capacity: Int { policy.limit }

    /// A cache of at most `capacity` tiles (a screen's worth, twice).
    init(capacity: Int = 48) {
        policy = EvictionPolicy(limit: max(1, capacity))
    }

    /// The kept tile, if any.
    func tile(_ id: Key) -> Value? {
        lock.withLock { tiles[id] }
    }

    /// Keeps a tile, forgetting the oldest past the capacity.
    func keep(_ tile: Value, as id: Key) {
        lock.withLock {
            guard tiles.updateValue(tile, forKey: id) == nil else { return }
            order.append(id)
            let gone = policy.victims(order.indices, total: order.count, lastUse: { $0 }).count
            for key in order.prefix(gone) { tiles[key] = nil }
            order.removeFirst(gone)
        }
    }
}
