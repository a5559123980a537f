import MapCore

/// Paints overlays on map tiles with Cairo (`OverlayTileLayout`, then the
/// rasteriser vector tiles use), on whichever loader thread asks; the
/// paints are frozen, so it is safe anywhere.
///
///     options.overlayPainter = { OverlayTilePainter($0) }
public struct OverlayTilePainter: TilePainter {
    /// The overlays of one level, bottom first.
    public let paints: [OverlayPaint]

    /// A painter of `paints`.
    public init(_ paints: [OverlayPaint]) {
        self.paints = paints
    }

    /// The overlays on `tile`; nil when none reaches it (nothing to draw).
    public func paint(_ tile: TileID, from source: TileSource, scale: Double) throws -> PaintedTile? {
        let drawing = OverlayTileLayout.drawing(for: tile, overlays: paints, scale: scale)
        guard !drawing.operations.isEmpty else { return nil }
        let (argb, opaque) = try CairoRasterizer.render(drawing)
        return PaintedTile(width: drawing.pixelSize, height: drawing.pixelSize, argb: argb, isOpaque: opaque, labels: [])
    }
}
