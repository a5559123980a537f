/// The overlays of one level at one version of the overlay layer, painted
/// on map tiles: laid out (`OverlayTileLayout`) and rasterised by the
/// backend. A tile no overlay reaches has nothing to draw (nil).
package struct OverlayTileProducer: TileProducing {
    /// The level's overlays, bottom first, frozen at the version.
    let paints: [OverlayPaint]
    let scale: Double
    let rasterizer: any TileRasterizing

    package init(paints: [OverlayPaint], scale: Double, rasterizer: any TileRasterizing) {
        self.paints = paints
        self.scale = scale
        self.rasterizer = rasterizer
    }

    package func drawing(for key: TileKey) -> PaintableDrawing? {
        let drawing = OverlayTileLayout.drawing(for: key.tile, overlays: paints, scale: scale)
        return drawing.operations.isEmpty ? nil : PaintableDrawing(drawing: drawing, rasterizer: rasterizer)
    }

    package func produce(_ key: TileKey) throws(TileLoadError) -> TileProduct? {
        guard let drawing = drawing(for: key)?.drawing else { return nil }
        do {
            return TileProduct(pixels: try rasterizer.rasterize(drawing, rasters: [:]))
        } catch {
            throw .unpaintable(location: location(of: key), reason: error.description)
        }
    }

    package func location(of key: TileKey) -> String { "overlays on tile \(key.tile)" }
}
