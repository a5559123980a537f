/// What one map tile of a vector source looks like, ready for a rasteriser:
/// paint operations in drawing order, in the tile's pixels (y down), and the
/// labels its features offer, placed later for the whole view.
///
///     let drawing = VectorTileLayout(style: style).drawing(for: tile, from: data, scale: 2)
///     rasteriser.draw(drawing)   // pixels, off the main thread
public struct TileDrawing: Sendable {
    /// Pixels a side (256).
    public var pixelSize: Int
    public var operations: [PaintOperation]
    public var labels: [LabelCandidate]

    public init(pixelSize: Int, operations: [PaintOperation] = [], labels: [LabelCandidate] = []) {
        self.pixelSize = pixelSize
        self.operations = operations
        self.labels = labels
    }

    /// Whether every pixel is covered by an opaque background.
    public var isOpaque: Bool {
        if case .background(let color)? = operations.first { return color.alpha == 255 }
        return false
    }
}

/// One thing a rasteriser paints into a tile.
public enum PaintOperation: Sendable, Equatable {
    /// The whole tile, one colour.
    case background(Color)
    /// Polygons, each ring closed; holes wind the other way (nonzero rule).
    case fill(rings: [[Point]], color: Color, antialias: Bool)
    /// Polylines stroked.
    case stroke(lines: [[Point]], stroke: Stroke)
    /// Discs.
    case circles(centers: [Point], circle: CircleStyle)
}

/// How a line is stroked, in tile pixels.
public struct Stroke: Sendable, Equatable, Hashable {
    public enum Cap: String, Sendable { case butt, round, square }
    public enum Join: String, Sendable { case miter, round, bevel }

    public var color: Color
    public var width: Double
    public var cap: Cap
    public var join: Join
    public var miterLimit: Double
    /// Dash and gap lengths in pixels; empty for a solid line.
    public var dashes: [Double]
    /// How many pixels the edge fades over.
    public var blur: Double

    public init(color: Color, width: Double, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 2,
                dashes: [Double] = [], blur: Double = 0) {
        self.color = color
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dashes = dashes
        self.blur = blur
    }
}

/// How circles are painted, in tile pixels.
public struct CircleStyle: Sendable, Equatable, Hashable {
    public var radius: Double
    public var color: Color
    public var blur: Double
    public var strokeWidth: Double
    public var strokeColor: Color

    public init(radius: Double, color: Color, blur: Double = 0, strokeWidth: Double = 0, strokeColor: Color = Color(hex: 0)) {
        self.radius = radius
        self.color = color
        self.blur = blur
        self.strokeWidth = strokeWidth
        self.strokeColor = strokeColor
    }
}
