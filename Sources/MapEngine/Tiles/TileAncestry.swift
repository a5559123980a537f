/// The tile maths of ancestors, in one place: which loaded ancestor stands
/// in for a tile, and which part of an ancestor a tile covers. The tile
/// layer's stand-ins, the labels they lend, the overzoomed images and a
/// style's raster tiles all use these two.
extension TileID {
    /// How many levels up a stand-in ancestor is looked for. Good offline
    /// viewers scale a parent up to 3 levels; 5 still looks like a map (each
    /// source pixel becomes 32) and covers a fast zoom-in from the world view.
    package static let fallbackDepth = 5

    /// The part of `ancestor` this tile lies under, as fractions of the
    /// ancestor's side (`x`, `y` of its top-left corner and the `side`);
    /// the whole of it when `ancestor` is the tile itself or not above it.
    package func part(of ancestor: TileID) -> (x: Double, y: Double, side: Double) {
        let levels = z - ancestor.z
        guard levels > 0, levels < 31 else { return (0, 0, 1) }
        let side = 1 / Double(1 << levels)
        let mask = (1 << levels) - 1
        return (Double(x & mask) * side, Double(y & mask) * side, side)
    }

    /// The part of `ancestor` this tile lies under, in pixels of an image
    /// `pixels` a side.
    package func rect(in ancestor: TileID, pixels: Double) -> Rect {
        let part = part(of: ancestor)
        return Rect(x: part.x * pixels, y: part.y * pixels, width: part.side * pixels, height: part.side * pixels)
    }

    /// The nearest ancestor, from the parent up at most `levelsUp` levels,
    /// for which `accepts` is true; nil when none is.
    package func nearestAncestor<Failure: Error>(levelsUp: Int,
                                                 where accepts: (TileID) throws(Failure) -> Bool) throws(Failure) -> TileID? {
        var candidate = parent
        var climbed = 1
        while let ancestor = candidate, climbed <= levelsUp {
            if try accepts(ancestor) { return ancestor }
            candidate = ancestor.parent
            climbed += 1
        }
        return nil
    }
}
