import Foundation

/// The vector source of a style that has none (one of only a background,
/// or of raster layers): every tile is empty, so the tiles draw the
/// style's background and raster layers alone.
package struct NoDataTileSource: TileSource {
    package var levels: ClosedRange<Int> { 0...22 }
    package var attribution: String? { nil }
    package var content: TileContent { .vector }

    package init() {}

    package func data(for tile: TileID) throws(TileSourceError) -> Data? { nil }

    package func location(of tile: TileID) -> String { "tile \(tile.z)/\(tile.x)/\(tile.y) (the style has no vector source)" }
}
