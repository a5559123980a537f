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
    // Guarded: `layout`, `sprite`, `rasterSources` and `decodeImage` are immutable (the sources are Sendable);
    // `decoded` and `order` only under `lock`.
    /// How tiles are laid out: the style, its source and the data's levels.
    public let layout: VectorTileLayout
    /// The style's sprite images, for patterns.
    public let sprite: SpriteImages?
    /// The style's raster sources by name, for its `raster` layers.
    public let rasterSources: [String: TileSource]
    private let decodeImage: @Sendable (Data) throws -> RasterImage
    private let lock = NSLock()
    private var decoded: [TileID: VectorTile] = [:]
    private var order: [TileID] = []

    /// Decoded data tiles kept: a screen's worth, twice.
    static let keptTiles = 48

    /// A painter for tiles laid out by `layout`, its patterns from
    /// `sprite`, its raster layers' tiles from `rasterSources` decoded by
    /// `decodeImage` (PNG or JPEG bytes to pixels; the app passes SDL_image's).
    public init(layout: VectorTileLayout, sprite: SpriteImages? = nil, rasterSources: [String: TileSource] = [:],
                decodeImage: @escaping @Sendable (Data) throws -> RasterImage = { _ in throw CairoRasterizer.Failure(description: "no image decoder") }) {
        self.layout = layout
        self.sprite = sprite
        self.rasterSources = rasterSources
        self.decodeImage = decodeImage
    }

    /// The tile decoded, laid out and rasterised; nil when the source has no data for it.
    public func paint(_ tile: TileID, from source: TileSource, scale: Double) throws -> PaintedTile? {
        let dataTile = layout.dataTile(for: tile, scale: scale)
        guard let data = try vectorTile(dataTile, from: source) else { return nil }
        let drawing = layout.drawing(for: tile, data: data, dataTile: dataTile, scale: scale)
        let (argb, opaque) = try CairoRasterizer.render(drawing, sprite: sprite, rasters: rasterTile)
        let location = source.location(of: dataTile)
        return PaintedTile(width: drawing.pixelSize, height: drawing.pixelSize, argb: argb, isOpaque: opaque,
                           labels: drawing.labels, problems: drawing.problems.map { (location, $0) })
    }

    /// The tile drawn over `pixels` a side (its size on screen between whole zooms), without labels.
    public func paint(_ tile: TileID, from source: TileSource, scale: Double, pixels: Int) throws -> PaintedTile? {
        guard pixels > 0, pixels <= 2048 else { return nil }
        let dataTile = layout.dataTile(for: tile, scale: scale, pixels: Double(pixels))
        guard let data = try vectorTile(dataTile, from: source) else { return nil }
        let drawing = layout.drawing(for: tile, data: data, dataTile: dataTile, scale: scale, pixels: Double(pixels))
        let (argb, opaque) = try CairoRasterizer.render(drawing, sprite: sprite, rasters: rasterTile)
        return PaintedTile(width: drawing.pixelSize, height: drawing.pixelSize, argb: argb, isOpaque: opaque, labels: [])
    }

    /// The decoded data tile, from the kept ones or the source. A tile the
    /// source lacks at a level it holds is empty (the background only), as
    /// MapLibre draws it: tile makers leave out tiles with nothing in them,
    /// such as the open sea's. Nil for a level the source does not hold.
    public func vectorTile(_ tile: TileID, from source: TileSource) throws -> VectorTile? {
        if let kept = lock.withLock({ decoded[tile] }) { return kept }
        guard let bytes = try source.data(for: tile) else {
            return source.holds(level: tile.z) ? try VectorTile(bytes: []) : nil
        }
        let vectorTile: VectorTile
        do {
            vectorTile = try VectorTile(bytes: [UInt8](bytes))
        } catch {
            // Named by the stored tile that is broken, not the map tile drawn from it.
            throw TileSourceError.unreadable(path: source.location(of: tile), reason: error.description)
        }
        lock.withLock {
            if decoded.updateValue(vectorTile, forKey: tile) == nil {
                order.append(tile)
                if order.count > VectorTilePainter.keptTiles { decoded[order.removeFirst()] = nil }
            }
        }
        return vectorTile
    }

    /// A raster source's tile, or when the source lacks it the part of its
    /// nearest ancestor that covers it (drawn larger); nil when it has
    /// neither or the image cannot be decoded.
    func rasterTile(_ source: String, _ tile: TileID) -> RasterImage? {
        guard let raster = rasterSources[source] else { return nil }
        var candidate: TileID? = tile
        while let ancestor = candidate, tile.z - ancestor.z <= 8 {
            if raster.holds(level: ancestor.z), let bytes = try? raster.data(for: ancestor), let image = try? decodeImage(bytes) {
                return ancestor == tile ? image : VectorTilePainter.part(of: image, ancestor: ancestor, covering: tile)
            }
            candidate = ancestor.parent
        }
        return nil
    }

    /// The pixels of `ancestor`'s image that lie under `tile`.
    static func part(of image: RasterImage, ancestor: TileID, covering tile: TileID) -> RasterImage? {
        let levels = tile.z - ancestor.z
        let width = max(image.width >> levels, 1), height = max(image.height >> levels, 1)
        let column = (tile.x - ancestor.x << levels) * width, row = (tile.y - ancestor.y << levels) * height
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height where row + y < image.height {
            for x in 0..<width where column + x < image.width { pixels[y * width + x] = image.argb[(row + y) * image.width + column + x] }
        }
        return RasterImage(width: width, height: height, argb: pixels)
    }
}
