/// Which loaded pictures of each map tile offer its labels and buildings:
/// the plain tile, and the picture painted again at its own size with its
/// corner where it lay (a map at rest on a whole zoom). The labels go when
/// the last of them goes; the latest such picture stands in for the plain
/// tile while the map moves.
struct TileLabelHolders {
    private var counts: [TileID: Int] = [:]
    private var pictures: [TileID: TileKey] = [:]

    /// A picture of its own size came in (others are not counted).
    mutating func arrived(_ key: TileKey) {
        guard key.isOwnSizeBase else { return }
        counts[key.tile, default: 0] += 1
        if key.pixels != nil { pictures[key.tile] = key }
    }

    /// A picture of its own size went: true when it was the last to offer the tile's labels.
    mutating func departed(_ key: TileKey) -> Bool {
        guard key.isOwnSizeBase else { return false }
        if pictures[key.tile] == key { pictures[key.tile] = nil }
        let left = (counts[key.tile] ?? 1) - 1
        counts[key.tile] = left > 0 ? left : nil
        return left <= 0
    }

    /// The latest loaded picture of `tile` painted again at its own size, if one is kept.
    func ownSizePicture(of tile: TileID) -> TileKey? { pictures[tile] }
}
