/// What one map tile of a vector source looks like, ready for a rasteriser:
/// paint operations in drawing order, in the tile's pixels (y down), and the
/// labels its features offer, placed later for the whole view.
///
///     let drawing = VectorTileLayout(style: style).drawing(for: tile, from: data, scale: 2)
///     rasteriser.draw(drawing)   // pixels, off the main thread
package struct TileDrawing: Sendable {
    /// Pixels a side (256).
    package var pixelSize: Int
    /// What to paint, bottom first.
    package var operations: [PaintOperation]
    /// The labels the tile's features offer.
    package var labels: [LabelCandidate]
    /// The areas its `fill-extrusion` layers raise, drawn by the frame in 3D.
    package var extrusions: [Extrusion] = []
    /// How far everything is moved right and down as it is painted: a
    /// tile's corner from the pixel edge nearest it (see `TileKey.phase`).
    package var offset = Point.zero
    /// Where a moved drawing of a tile on the world's top or bottom row
    /// stops: at the pole, which lands on a whole pixel as the plain tile's
    /// edge does. Nil when it may reach every pixel.
    package var clip: Rect?
    /// What was wrong with the tile's features or the style's values for
    /// them (a geometry that cannot be read, a label cut), one line each,
    /// for a warning naming the tile: what could be drawn is drawn.
    package var problems: [String]
    /// The source of each problem that is not the style's main source's
    /// (a GeoJSON or second vector source's), by the problem's text, so its
    /// warning names that source's tile and not the main one's.
    package var problemSources: [String: String] = [:]

    /// A drawing of `pixelSize` pixels a side.
    package init(pixelSize: Int, operations: [PaintOperation] = [], labels: [LabelCandidate] = [], problems: [String] = []) {
        self.pixelSize = pixelSize
        self.operations = operations
        self.labels = labels
        self.problems = problems
    }

    /// Whether every pixel is covered by an opaque background.
    package var isOpaque: Bool {
        guard clip == nil else { return false }
        if case .background(let color)? = operations.first { return color.alpha == 255 }
        return false
    }
}
