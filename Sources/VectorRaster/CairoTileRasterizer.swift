import MapEngine

/// The tile store's rasteriser on Cairo: a tile drawing in, its pixels out.
/// No input or output and no scheduling: the core reads, decodes, lays out
/// and schedules; this only paints, on whichever worker asks.
///
///     options.rasterizer = CairoTileRasterizer(sprite: spriteImages)
package struct CairoTileRasterizer: TileRasterizing {
    /// The style's sprite images, for patterns (left out without them).
    package let sprite: SpriteImages?

    /// A rasteriser drawing patterns from `sprite`.
    package init(sprite: SpriteImages? = nil) {
        self.sprite = sprite
    }

    /// The drawing's pixels, straight alpha; `rasters` are its raster layers' tiles.
    package func rasterize(_ drawing: TileDrawing, rasters: [RasterTileName: TilePixels]) throws(TileBackendError) -> TilePixels {
        let painted: (argb: [UInt32], isOpaque: Bool)
        do {
            painted = try CairoRasterizer.render(drawing, sprite: sprite, rasters: rasters)
        } catch {
            throw TileBackendError(error.description)
        }
        guard let pixels = TilePixels(width: drawing.pixelSize, height: drawing.pixelSize, argb: painted.argb,
                                      isOpaque: painted.isOpaque) else {
            throw TileBackendError("a tile of \(drawing.pixelSize) pixels a side cannot be drawn")
        }
        return pixels
    }
}
