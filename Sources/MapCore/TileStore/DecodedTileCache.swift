import Foundation

/// The last few decoded vector data tiles, shared by the workers: the four
/// map tiles a data tile covers are asked for together, and a tile drawn
/// again at rest reads the same data.
final class DecodedTileCache: @unchecked Sendable {
    // Guarded: `tiles` and `order` only under `lock`; `capacity` is immutable.
    private let lock = NSLock()
    private var tiles: [TileID: VectorTile] = [:]
    private var order: [TileID] = []
    let capacity: Int

    /// A cache of at most `capacity` tiles (a screen's worth, twice).
    init(capacity: Int = 48) {
        self.capacity = max(1, capacity)
    }

    /// The kept tile, if any.
    func tile(_ id: TileID) -> VectorTile? {
        lock.withLock { tiles[id] }
    }

    /// Keeps a tile, forgetting the oldest past the capacity.
    func keep(_ tile: VectorTile, as id: TileID) {
        lock.withLock {
            guard tiles.updateValue(tile, forKey: id) == nil else { return }
            order.append(id)
            if order.count > capacity { tiles[order.removeFirst()] = nil }
        }
    }
}
