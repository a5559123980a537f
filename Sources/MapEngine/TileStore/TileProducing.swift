import Foundation

/// Makes the image of a tile key, on whichever worker thread the tile
/// store gives it: a vector tile decoded, laid out and rasterised, an image
/// decoded, or overlays painted. Producers hold no state a frame changes.
package protocol TileProducing: Sendable {
    /// The key's image; nil when the source has nothing for it (the map
    /// then shows an ancestor, or the placeholder).
    func produce(_ key: TileKey) throws(TileLoadError) -> TileProduct?
    /// The stored tile a key is drawn from, for warnings ("world.mbtiles tile 5/16/11").
    func location(of key: TileKey) -> String
    /// Whether the map's tiles it makes offer labels (a vector source's do):
    /// the label layer then hears of every such tile that comes and goes.
    var offersLabels: Bool { get }
    /// Whether it can paint a tile at any size (a vector tile drawn again at
    /// its size on screen while the map rests between whole zooms).
    var paintsAtAnySize: Bool { get }
    /// The key's drawing before it is painted, with the picture tiles it
    /// names: what a vector export (PDF, SVG) draws as shapes. Nil when the
    /// producer paints no drawing (an image source) or has nothing there.
    func drawing(for key: TileKey) throws(TileLoadError) -> PaintableDrawing?
}

/// A tile's drawing and the decoded picture tiles its raster, hillshade and
/// image operations name: everything a rasteriser needs to paint it.
package struct PaintableDrawing: Sendable {
    /// The drawing.
    package var drawing: TileDrawing
    /// The raster and DEM tiles it names, by source and tile.
    package var rasters: [RasterTileName: TilePixels]
    /// The rasteriser that paints it as pixels (it holds the style's pattern images).
    package var rasterizer: any TileRasterizing

    package init(drawing: TileDrawing, rasters: [RasterTileName: TilePixels] = [:], rasterizer: any TileRasterizing) {
        self.drawing = drawing
        self.rasters = rasters
        self.rasterizer = rasterizer
    }
}

extension TileProducing {
    /// Images offer none.
    package var offersLabels: Bool { false }

    /// Images come at their own size.
    package var paintsAtAnySize: Bool { false }

    /// Images are pixels, not drawings.
    package func drawing(for key: TileKey) throws(TileLoadError) -> PaintableDrawing? { nil }
}

/// Turns a tile drawing into pixels: the rasteriser a backend gives (Cairo
/// in `VectorRaster`). It does no input or output and no scheduling; it may
/// be called from several threads at once.
package protocol TileRasterizing: Sendable {
    /// The drawing's pixels; `rasters` holds the decoded tiles its `raster`
    /// operations name, by source and tile (left out when absent).
    func rasterize(_ drawing: TileDrawing, rasters: [RasterTileName: TilePixels]) throws(TileBackendError) -> TilePixels
}

/// A raster source's tile a drawing's `raster` operation names.
package struct RasterTileName: Hashable, Sendable {
    /// The style's source.
    package var source: String
    /// The tile of that source.
    package var tile: TileID

    /// The tile `tile` of the style's raster source `source`.
    package init(source: String, tile: TileID) {
        self.source = source
        self.tile = tile
    }

    /// The one picture of an image source, which its source holds as the tile 0/0/0.
    package static func wholeImage(of source: String) -> RasterTileName {
        RasterTileName(source: source, tile: TileID(z: 0, x: 0, y: 0))
    }
}


/// Decodes a tile's image bytes (PNG, JPEG, WebP) into pixels: the decoder
/// a backend gives (SDL_image in `MapSDL`). The header has been checked
/// (`ImageHeader`) before it is called. May be called from several threads at once.
package protocol TileImageDecoding: Sendable {
    /// The image's pixels, no larger than `largestSide` a side (a larger one
    /// is shrunk); throws a human reason when the bytes are not an image.
    func decode(_ bytes: Data, name: String, largestSide: Int) throws(TileBackendError) -> TilePixels
}

/// Why a backend could not do its part for a tile: a rasteriser could not
/// paint a drawing, a decoder could not read image bytes, or a texture
/// could not be made. It says what went wrong, for the warning that names the tile.
package struct TileBackendError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    package var description: String

    /// A failure saying what went wrong.
    package init(_ description: String) {
        self.description = description
    }
}
