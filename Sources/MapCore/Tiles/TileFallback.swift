/// What to draw for a tile whose own image is not available: a part of a
/// loaded ancestor, scaled up.
struct TileFallback: Equatable, Sendable {
    let ancestor: TileID
    /// The part of the ancestor that covers the tile, in the ancestor's pixels
    /// (a tile is `WebMercator.tileSize` pixels on a side).
    let sourceRect: Rect

    /// The nearest ancestor of `tile`, at most `maxLevelsUp` levels up, for
    /// which `isLoaded` is true; nil when there is none.
    static func nearest(for tile: TileID, maxLevelsUp: Int,
                               isLoaded: (TileID) -> Bool) -> TileFallback? {
        var candidate = tile.parent
        var levelsUp = 1
        while let ancestor = candidate, levelsUp <= maxLevelsUp {
            if isLoaded(ancestor) {
                let part = WebMercator.tileSize / Double(1 << levelsUp)
                let mask = (1 << levelsUp) - 1
                let source = Rect(x: Double(tile.x & mask) * part, y: Double(tile.y & mask) * part,
                                  width: part, height: part)
                return TileFallback(ancestor: ancestor, sourceRect: source)
            }
            candidate = ancestor.parent
            levelsUp += 1
        }
        return nil
    }
}
