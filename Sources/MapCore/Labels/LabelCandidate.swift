/// A label a tile offers: its text and look, where it sits in the tile,
/// and its priority. Candidates of every tile in view are placed together
/// (`LabelPlacer`), so labels are never cut at a tile's edge.
///
///     LabelCandidate(text: "Zürich", tile: tile, styleZoom: 9, placement: .point(Point(x: 120, y: 80)), …)
public struct LabelCandidate: Sendable, Equatable {
    /// Where the text goes: at a point, or along a line through `anchor`.
    public enum Placement: Sendable, Equatable {
        case point(Point)
        /// The line (in tile units) and how far along it the label's middle is.
        case line(path: [Point], anchorDistance: Double)

        public var anchor: Point {
            switch self {
            case .point(let point): return point
            case .line(let path, let distance): return LineGeometry.point(along: path, at: distance).point
            }
        }
    }

    public var text: String
    /// The tile whose pixels (0 to 256 a side) the placement is in.
    public var tile: TileID
    /// The style zoom the tile was laid out at; `look.size` is for it.
    public var styleZoom: Double
    public var placement: Placement
    /// The style layer it comes from, for fading and dumps.
    public var layer: String
    public var look: LabelLook
    /// Lower goes first: the style's `symbol-sort-key`, then its layer order, then feature order.
    public var priority: LabelPriority

    public init(text: String, tile: TileID, styleZoom: Double, placement: Placement, layer: String, look: LabelLook,
                priority: LabelPriority) {
        self.text = text
        self.tile = tile
        self.styleZoom = styleZoom
        self.placement = placement
        self.layer = layer
        self.look = look
        self.priority = priority
    }
}

/// The order labels are placed in: the first placed wins a collision.
public struct LabelPriority: Sendable, Equatable, Comparable {
    public var sortKey: Double
    public var layerIndex: Int
    public var featureIndex: Int

    public init(sortKey: Double = 0, layerIndex: Int, featureIndex: Int) {
        self.sortKey = sortKey
        self.layerIndex = layerIndex
        self.featureIndex = featureIndex
    }

    public static func < (a: LabelPriority, b: LabelPriority) -> Bool {
        (a.sortKey, a.layerIndex, a.featureIndex) < (b.sortKey, b.layerIndex, b.featureIndex)
    }
}

/// How a label looks and takes room, from its style layer's properties.
public struct LabelLook: Sendable, Equatable, Hashable {
    public enum Anchor: String, Sendable, CaseIterable {
        case center, left, right, top, bottom
        case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"
    }

    public enum Justify: String, Sendable { case left, center, right, auto }

    /// The font's size in points at the tile's style zoom, and at one zoom deeper.
    public var size: Double
    public var sizeNext: Double
    public var weight: FontSpec.Weight
    public var color: Color
    public var haloColor: Color
    public var haloWidth: Double
    public var anchor: Anchor
    public var justify: Justify
    /// Offset of the text, in ems.
    public var offset: Point
    /// Wrap width in ems (0: no wrapping).
    public var maxWidth: Double
    public var lineHeight: Double
    public var letterSpacing: Double
    /// Room kept clear around the label, in points.
    public var padding: Double
    public var allowOverlap: Bool
    public var ignorePlacement: Bool
    public var keepUpright: Bool
    /// The sharpest turn between glyphs of a label along a line, in degrees.
    public var maxAngle: Double
    /// An icon from the style's sprite drawn at the anchor, its size factor.
    public var icon: String?
    public var iconSize: Double
    public var iconOpacity: Double

    public init(size: Double = 16, sizeNext: Double? = nil, weight: FontSpec.Weight = .regular,
                color: Color = Color(hex: 0), haloColor: Color = Color(hex: 0, alpha: 0), haloWidth: Double = 0,
                anchor: Anchor = .center, justify: Justify = .center, offset: Point = .zero, maxWidth: Double = 10,
                lineHeight: Double = 1.2, letterSpacing: Double = 0, padding: Double = 2, allowOverlap: Bool = false,
                ignorePlacement: Bool = false, keepUpright: Bool = true, maxAngle: Double = 45,
                icon: String? = nil, iconSize: Double = 1, iconOpacity: Double = 1) {
        self.size = size
        self.sizeNext = sizeNext ?? size
        self.weight = weight
        self.color = color
        self.haloColor = haloColor
        self.haloWidth = haloWidth
        self.anchor = anchor
        self.justify = justify
        self.offset = offset
        self.maxWidth = maxWidth
        self.lineHeight = lineHeight
        self.letterSpacing = letterSpacing
        self.padding = padding
        self.allowOverlap = allowOverlap
        self.ignorePlacement = ignorePlacement
        self.keepUpright = keepUpright
        self.maxAngle = maxAngle
        self.icon = icon
        self.iconSize = iconSize
        self.iconOpacity = iconOpacity
    }
}
