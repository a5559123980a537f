import Foundation
import MapCore

/// Paints the tiles of a vector source: decodes its Mapbox Vector Tiles,
/// lays them out with a style (`VectorTileLayout`) and rasterises them with
/// Cairo, on whichever loader thread asks. A few decoded data tiles are kept,
/// since the four map tiles a data tile covers are asked for together.
///
///     let painter = VectorTilePainter(layout: VectorTileLayout(style: style, source: "world", dataLevels: 0...14))
///     let loader = TileLoader(source: source, renderer: renderer, budgetBytes: 256 << 20, painter: painter)
public final class VectorTilePainter: TilePainter, @unchecked Sendable {
    // Guarded: `layout` is immutable; `decoded` and `order` only under `lock`.
    /// How tiles are laid out: the style, its source and the data's levels.
    public let layout: VectorTileLayout
    /// The style's sprite images, for patterns.
    public let sprite: SpriteImages?
    private let lock = NSLock()
    private var decoded: [TileID: VectorTile] = [:]
    private var order: [TileID] = []

    /// Decoded data tiles kept: a screen's worth, twice.
    static let keptTiles = 48

    /// A painter for tiles laid out by `layout`, its patterns from `sprite`.
    public init(layout: VectorTileLayout, sprite: SpriteImages? = nil) {
        self.layout = layout
        self.sprite = sprite
    }

    /// The tile decoded, laid out and rasterised; nil when the source has no data for it.
    public func paint(_ tile: TileID, from source: TileSource, scale: Double) throws -> PaintedTile? {
        let dataTile = layout.dataTile(for: tile, scale: scale)
        guard let data = try vectorTile(dataTile, from: source) else { return nil }
        let drawing = layout.drawing(for: tile, data: data, dataTile: dataTile, scale: scale)
        let (argb, opaque) = try CairoRasterizer.render(drawing, sprite: sprite)
        return PaintedTile(width: drawing.pixelSize, height: drawing.pixelSize, argb: argb, isOpaque: opaque,
                           labels: drawing.labels)
    }

    /// The decoded data tile, from the kept ones or the source.
    public func vectorTile(_ tile: TileID, from source: TileSource) throws -> VectorTile? {
        if let kept = lock.withLock({ decoded[tile] }) { return kept }
        guard let bytes = try source.data(for: tile) else { return nil }
        let vectorTile = try VectorTile(bytes: [UInt8](bytes))
        lock.withLock {
            if decoded.updateValue(vectorTile, forKey: tile) == nil {
                order.append(tile)
                if order.count > VectorTilePainter.keptTiles { decoded[order.removeFirst()] = nil }
            }
        }
        return vectorTile
    }
}
