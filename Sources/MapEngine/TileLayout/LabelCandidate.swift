/// A label a tile offers: its text and look, where it sits in the tile,
/// and its priority. Candidates of every tile in view are placed together
/// (`LabelPlacer`), so labels are never cut at a tile's edge.
///
///     LabelCandidate(text: "Zürich", tile: tile, styleZoom: 9, placement: .point(Point(x: 120, y: 80)), …)
package struct LabelCandidate: Sendable, Equatable {
    /// Where the text goes: at a point, or along a line through `anchor`.
    package enum Placement: Sendable, Equatable {
        /// Centred about a point of the tile (in tile units).
        case point(Point)
        /// The line (in tile units) and how far along it the label's middle is.
        case line(path: [Point], anchorDistance: Double)

        /// The point the label is placed about, in tile pixels.
        package var anchor: Point {
            switch self {
            case .point(let point): return point
            case .line(let path, let distance): return LineGeometry.point(along: path, at: distance).point
            }
        }
    }

    /// What the label says, transformed as its style asks.
    package var text: String
    /// The tile whose pixels (0 to 256 a side) the placement is in.
    package var tile: TileID
    /// The style zoom the tile was laid out at; `look.size` is for it.
    package var styleZoom: Double
    /// Where the label sits in its tile.
    package var placement: Placement
    /// The style layer it comes from, for fading and dumps.
    package var layer: String
    /// Its font, colours, anchoring and room.
    package var look: LabelLook
    /// Lower goes first: the style's `symbol-sort-key`, then its layer order, then feature order.
    package var priority: LabelPriority
    /// The style zooms its layer is shown at (`minzoom` up to `maxzoom`),
    /// which may begin or end between the levels of the tiles that offer it.
    package var shownAt: Range<Double> = 0..<Double.infinity
    /// With `symbol-avoid-edges`: the square of its data tile (in the same
    /// units as its placement), which the label must not cross.
    package var edges: Rect?

    /// A label of `text` from style layer `layer`, offered by `tile` laid out at `styleZoom`.
    package init(text: String, tile: TileID, styleZoom: Double, placement: Placement, layer: String, look: LabelLook,
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
package struct LabelPriority: Sendable, Equatable, Comparable {
    /// The style's `symbol-sort-key` (0 without one).
    package var sortKey: Double
    /// The style layer's place in the style.
    package var layerIndex: Int
    /// The feature's place in its tile layer.
    package var featureIndex: Int
    /// Where its data tile comes in MapLibre's order of tiles (`tileOrder(of:)`): 0 unless set.
    package var tileOrder: UInt64 = 0

    /// A priority from a sort key, a layer's and a feature's place.
    package init(sortKey: Double = 0, layerIndex: Int, featureIndex: Int) {
        self.sortKey = sortKey
        self.layerIndex = layerIndex
        self.featureIndex = featureIndex
    }

    /// As MapLibre places them: the style's topmost layer first (a layer
    /// drawn later wins over one drawn earlier), within a layer the lowest
    /// sort key first, then tile by tile, then feature order in the tile.
    package static func < (a: LabelPriority, b: LabelPriority) -> Bool {
        (-a.layerIndex, a.sortKey, a.tileOrder, a.featureIndex) < (-b.layerIndex, b.sortKey, b.tileOrder, b.featureIndex)
    }

    /// A data tile's place in the order MapLibre places labels tile by tile
    /// in: shallower levels first, then from the south (the tile of greater
    /// y first), then from the east. Between two labels of one rank this
    /// decides which takes the room they both want.
    package static func tileOrder(of tile: TileID) -> UInt64 {
        let side = UInt64(1) << 24
        let z = UInt64(min(max(tile.z, 0), 24)), x = UInt64(min(max(tile.x, 0), Int(side) - 1)), y = UInt64(min(max(tile.y, 0), Int(side) - 1))
        return z << 48 | (side - 1 - y) << 24 | (side - 1 - x)
    }
}

/// How a label looks and takes room, from its style layer's properties.
package struct LabelLook: Sendable, Equatable, Hashable {
    /// The most fonts of a `text-font` stack tried, in order (`FormattedText.mostFonts`).
    package static var mostFonts: Int { FormattedText.mostFonts }
    /// Which part of the text sits on the anchor (`text-anchor`).
    package enum Anchor: String, Sendable, CaseIterable {
        /// The text's middle, left edge, right edge, top or bottom on the anchor.
        case center, left, right, top, bottom
        /// A corner of the text on the anchor.
        case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"
    }

    /// How the lines of a wrapped label line up (`text-justify`).
    package enum Justify: String, Sendable {
        /// Flush left.
        case left
        /// Centred.
        case center
        /// Flush right.
        case right
        /// Against the side the anchor is on.
        case auto
    }

    /// Whether text turns and tilts with the map or keeps to the screen
    /// (`text-rotation-alignment`, `text-pitch-alignment`).
    package enum Alignment: String, Sendable {
        /// Turns (or tilts) with the map.
        case map
        /// Keeps to the screen: level, upright, not foreshortened.
        case viewport
        /// Each glyph of a line label upright on screen (`viewport-glyph`); drawn as `map` here.
        case viewportGlyph = "viewport-glyph"
        /// `map` for labels along lines, `viewport` for points; for the pitch, as the rotation.
        case auto
    }

    /// The font's size in points at the tile's style zoom (`text-size`).
    package var size: Double
    /// The font's size one zoom deeper: between the two the size is interpolated.
    package var sizeNext: Double
    /// Regular, bold, italic or bold italic, from `text-font`.
    package var weight: FontSpec.Weight
    /// The font names of `text-font`, best first, matched to installed fonts by the renderer.
    package var fonts: [String]
    /// The text's colour, `text-opacity` included.
    package var color: Color
    /// The halo's colour (`text-halo-color`).
    package var haloColor: Color
    /// The halo's width in points (`text-halo-width`).
    package var haloWidth: Double
    /// Which part of the text sits on the anchor.
    package var anchor: Anchor
    /// How wrapped lines line up.
    package var justify: Justify
    /// Offset of the text, in ems.
    package var offset: Point
    /// Wrap width in ems (0: no wrapping).
    package var maxWidth: Double
    /// Line height in ems (`text-line-height`).
    package var lineHeight: Double
    /// Extra space between letters, in ems (`text-letter-spacing`).
    package var letterSpacing: Double
    /// Room kept clear around the label, in points.
    package var padding: Double
    /// Drawn even where it overlaps others (`text-allow-overlap`).
    package var allowOverlap: Bool
    /// Takes no room from others (`text-ignore-placement`).
    package var ignorePlacement: Bool
    /// Text along a line is turned to read left to right (`text-keep-upright`).
    package var keepUpright: Bool
    /// The sharpest turn between glyphs of a label along a line, in degrees.
    package var maxAngle: Double
    /// An icon from the style's sprite drawn at the anchor (`icon-image`).
    package var icon: String?
    /// The icon's size as a factor of its sprite size (`icon-size`).
    package var iconSize: Double
    /// The icon's opacity (`icon-opacity`).
    package var iconOpacity: Double
    /// An SDF icon's colour (`icon-color`, with `icon-opacity`).
    package var iconColor = Color(rgba: 0, 0, 0, 255)
    /// An SDF icon's halo (`icon-halo-color`, with `icon-opacity`), clear for none.
    package var iconHaloColor = Color(rgba: 0, 0, 0, 0)
    /// How far an SDF icon's halo reaches beyond its shape, in points (`icon-halo-width`).
    package var iconHaloWidth = 0.0
    /// How far the edge of an SDF icon's halo fades, in points (`icon-halo-blur`).
    package var iconHaloBlur = 0.0
    /// The icon is drawn even where it overlaps others (`icon-allow-overlap`).
    package var iconAllowOverlap = false
    /// The icon takes no room from others (`icon-ignore-placement`).
    package var iconIgnorePlacement = false
    /// Without room for its text, the icon is drawn alone (`text-optional`).
    package var textOptional = false
    /// Without room for its icon, the text is drawn alone (`icon-optional`).
    package var iconOptional = false
    /// Which of the icon's sides are stretched to frame the text (`icon-text-fit`).
    package var iconTextFit = IconTextFit.none
    /// Room left around the text inside the stretched icon, in points:
    /// top, right, bottom, left (`icon-text-fit-padding`).
    package var iconTextFitPadding: [Double] = [0, 0, 0, 0]
    /// Degrees clockwise the icon is turned (`icon-rotate`), on top of its line's direction.
    package var iconRotate: Double = 0
    /// Whether the layer's labels are drawn by their anchors' height on
    /// screen, those lower in front (`symbol-z-order: viewport-y`, and
    /// `auto` without a sort key), rather than in sort-key and feature order.
    package var drawsByScreenY = true
    /// The writing modes a point label tries in turn (`text-writing-mode`):
    /// true for a column read top to bottom; empty: level text alone.
    package var verticalModes: [Bool] = []
    /// Degrees clockwise a point label's text is turned about its anchor (`text-rotate`).
    package var textRotate: Double = 0
    /// How far a point label's text and icon are moved, in points (`text-translate`, `icon-translate`).
    package var textTranslate = Point.zero, iconTranslate = Point.zero
    /// Whether those moves turn with the map (`*-translate-anchor: map`, the default) rather than stay on screen.
    package var textTranslateTurns = true, iconTranslateTurns = true
    /// The anchors tried in turn until the text finds room (`text-variable-anchor`); empty: `anchor` alone.
    package var variableAnchors: [Anchor] = []
    /// With variable anchors, the text's distance from its point in ems (`text-radial-offset`); nil: `offset`'s sizes.
    package var radialOffset: Double?
    /// `text-rotation-alignment`.
    package var rotationAlignment = Alignment.auto
    /// `text-pitch-alignment`.
    package var pitchAlignment = Alignment.auto

    /// Whether the text turns with the map, for a label along a line (`alongLine`) or at a point.
    package func rotatesWithMap(alongLine: Bool) -> Bool {
        rotationAlignment == .auto ? alongLine : rotationAlignment != .viewport
    }

    /// Whether the text lies on a tilted map, foreshortened with it.
    package func pitchesWithMap(alongLine: Bool) -> Bool {
        pitchAlignment == .auto ? rotatesWithMap(alongLine: alongLine) : pitchAlignment == .map
    }

    /// A look with the style spec's defaults for anything not given.
    package init(size: Double = 16, sizeNext: Double? = nil, weight: FontSpec.Weight = .regular, fonts: [String] = [],
                color: Color = Color(hex: 0), haloColor: Color = Color(hex: 0, alpha8: 0), haloWidth: Double = 0,
                anchor: Anchor = .center, justify: Justify = .center, offset: Point = .zero, maxWidth: Double = 10,
                lineHeight: Double = 1.2, letterSpacing: Double = 0, padding: Double = 2, allowOverlap: Bool = false,
                ignorePlacement: Bool = false, keepUpright: Bool = true, maxAngle: Double = 45,
                icon: String? = nil, iconSize: Double = 1, iconOpacity: Double = 1) {
        self.size = size
        self.sizeNext = sizeNext ?? size
        self.weight = weight
        self.fonts = fonts
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

/// Which of an icon's sides are stretched to frame its label's text (`icon-text-fit`).
package enum IconTextFit: String, Sendable {
    /// Neither: the icon keeps its size.
    case none
    /// Its width spans the text's.
    case width
    /// Its height spans the text's.
    case height
    /// It frames the text on every side.
    case both
}
