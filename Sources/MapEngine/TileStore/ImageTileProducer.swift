import Foundation

/// The image pipeline: a tile's bytes read from the source, their header
/// checked (`ImageHeader`: a known format, at most 4,096 pixels a side)
/// before the backend's decoder sees them, decoded to pixels. A tile deeper
/// than the source holds (or at a level between an underlay and the main
/// source) is the part of its nearest held ancestor, enlarged.
package struct ImageTileProducer: TileProducing {
    let source: TileSource
    let decoder: any TileImageDecoding

    /// Textures larger than this a side are shrunk on decoding: a tile is
    /// never drawn larger than about 362 px (724 on a 2x screen).
    static let largestTextureSide = 1024

    package init(source: TileSource, decoder: any TileImageDecoding) {
        self.source = source
        self.decoder = decoder
    }

    package func produce(_ key: TileKey) throws(TileLoadError) -> TileProduct? {
        let tile = key.tile
        if source.holds(level: tile.z) { return try load(tile).map { TileProduct(pixels: $0) } }
        // Past the source's deepest level, from there; between an underlay and the main source, from above.
        let deepest = min(tile.z - 1, source.levels.upperBound)
        var found: TilePixels?
        let ancestor = try tile.nearestAncestor(levelsUp: tile.z - deepest + TileID.fallbackDepth) { (candidate) throws(TileLoadError) -> Bool in
            guard candidate.z <= deepest, source.holds(level: candidate.z) else { return false }
            found = try load(candidate)
            return found != nil
        }
        guard let ancestor, let found else { return nil }
        return TileProduct(pixels: found.enlarged(from: ancestor, to: tile))
    }

    package func location(of key: TileKey) -> String {
        let tile = key.tile
        return source.location(of: tile.z > source.levels.upperBound ? tile.ancestor(at: source.levels.upperBound) : tile)
    }

    /// One tile of the source decoded, or nil when the source lacks it. A
    /// kept copy that does not decode (a damaged file in a tile server's
    /// cache) is discarded and the tile fetched once more, fresh.
    private func load(_ tile: TileID) throws(TileLoadError) -> TilePixels? {
        guard let data = try read(tile) else { return nil }
        do {
            return try decode(data, of: tile)
        } catch {
            guard source.discard(tile), let fresh = try read(tile) else { throw error }
            return try decode(fresh, of: tile)
        }
    }

    private func read(_ tile: TileID) throws(TileLoadError) -> Data? {
        do {
            return try source.data(for: tile)
        } catch {
            throw TileLoadError(error, location: source.location(of: tile))
        }
    }

    /// The header is checked first, so no decoder sees an oversized image.
    private func decode(_ data: Data, of tile: TileID) throws(TileLoadError) -> TilePixels {
        let location = source.location(of: tile)
        do {
            try ImageHeader(data).checkTileSize()
        } catch {
            throw .broken(location: location, reason: error.description)
        }
        do {
            return try decoder.decode(data, name: location, largestSide: ImageTileProducer.largestTextureSide)
        } catch {
            throw .broken(location: location, reason: "its image data cannot be decoded (\(error.description))")
        }
    }
}
