/// One thing a rasteriser paints into a tile.
package enum PaintOperation: Sendable, Equatable {
    /// The whole tile, one colour.
    case background(Color)
    /// Polygons, each ring closed; holes wind the other way (nonzero rule).
    case fill(rings: [[Point]], color: Color, antialias: Bool)
    /// Polygons filled with an image of the style's sprite repeated
    /// (`fill-pattern`), at `scale` pixels per point, lined up with the
    /// world's pixels from `phase` (the tile's top-left corner in them) so
    /// neighbouring tiles meet seamlessly. Nothing is drawn when the sprite
    /// lacks the image, as MapLibre does.
    case pattern(rings: [[Point]], image: String, opacity: Double, scale: Double, phase: Point)
    /// A tile of a raster source (`raster` layers), stretched over `rect` of
    /// the drawing's pixels (larger than the drawing when an ancestor's tile
    /// is drawn larger), at `opacity`. A rasteriser that cannot get the tile
    /// may draw the nearest ancestor it has in its place. `nearest` reads
    /// its pixels without blending them (`raster-resampling: nearest`).
    case raster(source: String, tile: TileID, rect: Rect, opacity: Double, adjust: RasterColourAdjustment, nearest: Bool = false)
    /// An image source's picture laid with its corners (top left, top
    /// right, bottom right, bottom left) on these points of the drawing,
    /// as two triangles (each stretched evenly, as MapLibre draws it), at `opacity`.
    case image(source: String, corners: [Point], opacity: Double, adjust: RasterColourAdjustment)
    /// Polylines stroked.
    case stroke(lines: [[Point]], stroke: Stroke)
    /// Discs.
    case circles(centers: [Point], circle: CircleStyle)
    /// Lines coloured along their length (`line-gradient`): a point of a
    /// line takes `ramp`'s colour at its progress (see `MeasuredLine`),
    /// the ramp's colours evenly spread from progress 0 to 1. The stroke's
    /// colour is unused; its dashes and pattern too, as in MapLibre.
    case gradient(lines: [MeasuredLine], stroke: Stroke, ramp: [Color])
    /// Points spread into a density that a ramp colours (`heatmap`).
    case heatmap(HeatmapPoints)
    /// A `raster-dem` source's tile shaded (`hillshade`) and stretched over
    /// `rect`, as a raster tile is; its neighbours give the slopes along its edges.
    case hillshade(source: String, tile: TileID, rect: Rect, shade: Hillshade)
}

/// A polyline that knows where along its whole line it lies: `start` at
/// its first point and `end` at its last (0 to 1), its points between in
/// proportion to their distance along it (`line-progress`).
package struct MeasuredLine: Sendable, Equatable {
    /// The points, in the drawing's pixels.
    package var points: [Point]
    /// The progress at the first point.
    package var start: Double
    /// The progress at the last point.
    package var end: Double

    /// A line from progress `start` to `end`.
    package init(points: [Point], start: Double, end: Double) {
        self.points = points
        self.start = start
        self.end = end
    }
}

/// How a line is stroked, in tile pixels.
package struct Stroke: Sendable, Equatable, Hashable {
    /// How a line's ends are drawn (`line-cap`).
    package enum Cap: String, Sendable {
        /// Cut square at the end.
        case butt
        /// Rounded past the end by half the width.
        case round
        /// Squared past the end by half the width.
        case square
    }
    /// How a line's corners are drawn (`line-join`).
    package enum Join: String, Sendable {
        /// Mitred to a point (bevelled past the miter limit).
        case miter
        /// Rounded.
        case round
        /// Cut off.
        case bevel
    }

    /// The line's colour, opacity included.
    package var color: Color
    /// Width in pixels.
    package var width: Double
    /// How its ends look.
    package var cap: Cap
    /// How its corners look.
    package var join: Join
    /// How long a mitred corner may grow before it is bevelled, in widths.
    package var miterLimit: Double
    /// Dash and gap lengths in pixels; empty for a solid line.
    package var dashes: [Double]
    /// How many pixels the edge fades over.
    package var blur: Double
    /// How far into the dash pattern (or along its `pattern` image) the
    /// line starts, in pixels (so a line cut at a tile's edge carries its
    /// dashes or images on into the next tile).
    package var dashPhase = 0.0
    /// An image of the style's sprite drawn along the line instead of its
    /// colour (`line-pattern`): at its own size, `patternScale` pixels a
    /// point, centred across the line (no wider than it), repeated along it;
    /// the colour's alpha is then the line's opacity.
    package var pattern: String?
    /// The drawing's pixels per point, for `pattern`.
    package var patternScale = 1.0

    /// A stroke of this colour and width.
    package init(color: Color, width: Double, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 2,
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
package struct CircleStyle: Sendable, Equatable, Hashable {
    /// Radius in pixels.
    package var radius: Double
    /// Fill colour, opacity included.
    package var color: Color
    /// How much of the radius fades out (`circle-blur`, 0 to 1).
    package var blur: Double
    /// Outline width in pixels.
    package var strokeWidth: Double
    /// Outline colour.
    package var strokeColor: Color

    /// A circle of this radius and colour.
    package init(radius: Double, color: Color, blur: Double = 0, strokeWidth: Double = 0, strokeColor: Color = Color(hex: 0)) {
        self.radius = radius
        self.color = color
        self.blur = blur
        self.strokeWidth = strokeWidth
        self.strokeColor = strokeColor
    }
}
