/// Draws tiles that are not images (vector tiles) into pixels. The tile
/// loader calls it on its worker threads instead of decoding an image; the
/// rasteriser behind it lives outside the core.
///
///     let painted = try painter.paint(tile, from: source, scale: 2)
public protocol TilePainter: Sendable {
    /// The tile's pixels and labels, or nil when the source has no data for it.
    func paint(_ tile: TileID, from source: TileSource, scale: Double) throws -> PaintedTile?
    /// The tile drawn again over `pixels` a side, the size it has on screen
    /// while the map rests between whole zooms, so it is sharp there too;
    /// without labels (the 256-pixel tile's stand). Nil when the painter
    /// cannot, or the source has no data.
    func paint(_ tile: TileID, from source: TileSource, scale: Double, pixels: Int) throws -> PaintedTile?
}

extension TilePainter {
    /// None: a painter that draws only at 256 pixels.
    public func paint(_ tile: TileID, from source: TileSource, scale: Double, pixels: Int) throws -> PaintedTile? { nil }
}

/// A tile drawn into pixels: 32-bit ARGB words (alpha in the top byte, not
/// premultiplied), rows top to bottom, and the labels it offers.
public struct PaintedTile: Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// The pixels, `width` times `height` words, rows top to bottom.
    public var argb: [UInt32]
    /// Whether every pixel is opaque (the texture then needs no blending).
    public var isOpaque: Bool
    /// The labels the tile offers, in its pixels.
    public var labels: [LabelCandidate]
    /// What was wrong with the data or the style while painting
    /// (`TileDrawing.problems`), each prefixed by the stored tile it was
    /// read from, for a warning: `problems[i].reason` is said once per
    /// source, however many tiles share it.
    public var problems: [(location: String, reason: String)]

    /// A painted tile of these pixels, labels and problems.
    public init(width: Int, height: Int, argb: [UInt32], isOpaque: Bool, labels: [LabelCandidate],
                problems: [(location: String, reason: String)] = []) {
        self.width = width
        self.height = height
        self.argb = argb
        self.isOpaque = isOpaque
        self.labels = labels
        self.problems = problems
    }
}
