import MapCore

/// Tile textures kept within a byte budget; the least recently drawn go first.
///
///     var cache = TileTextureCache(budgetBytes: 256 << 20)
///     cache.insert(texture, for: tile)
///     cache.texture(for: tile)   // marks it used
struct TileTextureCache {
    private struct Entry {
        let texture: Texture
        var lastUse: UInt64
    }

    let budgetBytes: Int
    /// Tiles the frame being drawn needs: never evicted, even past the budget.
    var protected: Set<TileID> = []
    private var entries: [TileID: Entry] = [:]
    private var clock: UInt64 = 0
    private(set) var usedBytes = 0

    init(budgetBytes: Int) {
        self.budgetBytes = budgetBytes
    }

    var count: Int { entries.count }

    func contains(_ tile: TileID) -> Bool { entries[tile] != nil }

    mutating func texture(for tile: TileID) -> Texture? {
        guard var entry = entries[tile] else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[tile] = entry
        return entry.texture
    }

    /// Adds a texture and returns the tiles evicted to stay within budget.
    mutating func insert(_ texture: Texture, for tile: TileID) -> [TileID] {
        clock += 1
        if let old = entries[tile] { usedBytes -= old.texture.byteCount }
        entries[tile] = Entry(texture: texture, lastUse: clock)
        usedBytes += texture.byteCount
        guard usedBytes > budgetBytes else { return [] }
        // Rare (only when the budget is reached), so a sort is simpler than a list.
        var evicted: [TileID] = []
        for (id, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard usedBytes > budgetBytes else { break }
            guard id != tile, !protected.contains(id) else { continue }
            entries[id] = nil
            usedBytes -= entry.texture.byteCount
            evicted.append(id)
        }
        return evicted
    }
}
