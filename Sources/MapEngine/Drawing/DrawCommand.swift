/// One thing to draw, in screen pixels. A renderer draws these in order and
/// decides nothing.
package enum DrawCommand: Equatable, Sendable {
    /// A part of a tile image (`source`, in the tile's pixels) drawn into `rect`.
    case tile(TileImageDraw)
    /// A named image (an annotation, an icon) drawn into `rect`.
    case image(ImageDraw)
    /// A filled rectangle.
    case rect(Rect, Color)
    /// A vertical gradient from `top` to `bottom` across `rect`.
    case gradient(Rect, top: Color, bottom: Color)
    /// One line of text whose top-left corner is `rect.origin`.
    case text(TextDraw)
    /// A straight line.
    case line(from: Point, to: Point, color: Color, width: Double)
    /// The annotation views, many small images placed by the batch's camera.
    case sprites(SpriteBatch)
    /// A filled outline with a soft edge (a callout's bubble or shadow, a button).
    case shape(ShapeDraw)
    /// Coloured triangles laid over the map as one picture (3D buildings).
    case triangles(TriangleDraw)

    /// The screen area the command touches.
    package var rect: Rect {
        switch self {
        case .tile(let tile): return tile.rect
        case .image(let image): return image.rect
        case .rect(let rect, _), .gradient(let rect, _, _): return rect
        case .text(let text): return text.rect
        case .line(let from, let to, _, let width):
            return Rect(x: min(from.x, to.x), y: min(from.y, to.y),
                        width: abs(to.x - from.x) + width, height: abs(to.y - from.y) + width)
        case .sprites(let batch): return Rect(origin: .zero, size: batch.camera.viewportSize)
        case .shape(let shape): return shape.rect
        case .triangles(let triangles): return triangles.bounds
        }
    }
}

/// A tile image, or part of it, drawn into a rectangle of the screen.
package struct TileImageDraw: Equatable, Sendable {
    /// Which tile image: the tile, whose drawing (the map's or a level of
    /// overlays at a version) and its size. A renderer draws the texture
    /// it holds for this key, or nothing.
    package var key: TileKey
    /// Part of the tile image, in pixels of a `WebMercator.tileSize` tile.
    package var source: Rect
    /// Where on screen, in pixels: the image fills it on a flat, north-up
    /// map; on a turned or tilted one it holds the `mesh`.
    package var rect: Rect
    /// On a turned or tilted map, where the source's corners and the grid
    /// between them land on screen; nil draws the source into `rect`.
    package var mesh: TileMesh?
    /// Opacity, 0 to 1: below 1 while the tile fades in over its stand-in (`TileFade`).
    package var alpha: Double = 1

    /// The tile.
    package var tile: TileID { key.tile }

    /// Part `source` of the image `key` names drawn into `rect`.
    package init(key: TileKey, source: Rect, rect: Rect, mesh: TileMesh? = nil) {
        self.key = key
        self.source = source
        self.rect = rect
        self.mesh = mesh
    }

    /// Part `source` of the map's own `tile` drawn into `rect`.
    package init(tile: TileID, source: Rect, rect: Rect) {
        self.init(key: TileKey(tile: tile), source: source, rect: rect)
    }
}

/// A named image drawn into a rectangle of the screen.
package struct ImageDraw: Equatable, Sendable {
    /// The image's name (see `AnnotationImage.name`).
    package var name: String
    /// Where on screen, in pixels; the image is stretched to fill it.
    package var rect: Rect
    /// Opacity, 0 to 1.
    package var alpha: Double
    /// What the image is for ("annotation", "shadow", "control"), for scene dumps.
    package var role: String?
    /// The annotation or control it belongs to, if any.
    package var id: String?
    /// Multiplies the image's colours (white parts take the tint exactly).
    package var tint: Color?
    /// What a click on it does, for a button (a callout's control).
    package var action: String?
    /// Where `name` is looked up.
    package var catalog: ImageCatalog
    /// For a style's SDF icon: its shape is drawn in `tint`, as this says.
    package var sdf: SDFIconLook?
    /// Turned about the rect's centre, in degrees clockwise (a one-way arrow along its street).
    package var rotation: Double = 0

    /// The image `name` drawn into `rect`.
    package init(name: String, rect: Rect, alpha: Double = 1, role: String? = nil, id: String? = nil,
                tint: Color? = nil, action: String? = nil, catalog: ImageCatalog = .app) {
        self.name = name
        self.catalog = catalog
        self.rect = rect
        self.alpha = alpha
        self.role = role
        self.id = id
        self.tint = tint
        self.action = action
    }
}

/// How a style's SDF icon is drawn from its distance field: where its
/// edge and its halo's edge lie in the field (0 to 1, the shape's edge at
/// 0.75), how far each fades either way, and the halo's colour (the
/// shape's is the draw's `tint`), as MapLibre's SDF shader draws them.
package struct SDFIconLook: Equatable, Sendable {
    /// The fade either side of the shape's edge, in field units.
    package var gamma: Double
    /// The halo's colour; clear for none.
    package var haloColor: Color
    /// Where the halo's outer edge lies in the field.
    package var haloEdge: Double
    /// The fade either side of the halo's edge.
    package var haloGamma: Double

    /// The field's value at the shape's edge.
    package static let edge = 0.75

    /// A look with these fades and this halo.
    package init(gamma: Double, haloColor: Color, haloEdge: Double, haloGamma: Double) {
        self.gamma = gamma
        self.haloColor = haloColor
        self.haloEdge = haloEdge
        self.haloGamma = haloGamma
    }
}

/// Where an image command's name is looked up.
package enum ImageCatalog: Equatable, Sendable {
    /// The app's images and pinmap's own (`AnnotationImage`, `MapResources`).
    case app
    /// The vector style's icon sheet (`icon-image`).
    case styleIcons
}

/// One line of text drawn on screen.
package struct TextDraw: Equatable, Sendable {
    /// The text.
    package var text: String
    /// Its font, at its size in pixels.
    package var font: FontSpec
    /// Its colour.
    package var color: Color
    /// Origin is the top-left of the text; size is what `TextMeasuring` said
    /// times `scale`.
    package var rect: Rect
    /// Opacity, 0 to 1 (a label fading in).
    package var alpha: Double
    /// The text is drawn this many times its font's size (a callout popping up).
    package var scale: Double
    /// Turned about the rect's centre, in degrees clockwise (a letter of a road's name).
    package var rotation: Double = 0
    /// An outline around the glyphs, for a map label over busy ground.
    package var halo: Color?
    /// The outline's width in pixels.
    package var haloWidth: Double = 0
    /// What the text is for ("label" for a map label), for scene dumps.
    package var role: String?
    /// The whole label this text is a piece of (a letter of a road's name), for scene dumps.
    package var wholeLabel: String?

    /// `text` in `font` and `color` with its top-left corner at `rect.origin`.
    package init(text: String, font: FontSpec, color: Color, rect: Rect, alpha: Double = 1, scale: Double = 1) {
        self.text = text
        self.font = font
        self.color = color
        self.rect = rect
        self.alpha = alpha
        self.scale = scale
    }
}

/// A filled polygon that every point of which can be seen from `center`
/// (a rounded rectangle with a pointer is one), with an edge that fades to
/// transparent over `feather` pixels outside the outline: 1 smooths the
/// edge, more makes a soft shadow.
package struct ShapeDraw: Equatable, Sendable {
    /// The outline, in order around the shape.
    package var outline: [Point]
    /// A point inside from which the whole outline can be seen; the shape is drawn as a fan about
    /// it.
    package var center: Point
    /// The fill colour.
    package var color: Color
    /// Pixels over which the edge fades out.
    package var feather: Double
    /// The rectangle the shape stands for in dumps (a callout's bubble
    /// without its pointer); hit tests and dumps use it.
    package var rect: Rect
    /// What the shape is ("callout", "callout-shadow", "button").
    package var role: String?
    /// What a click on it does, for a button.
    package var action: String?

    /// A shape filled `color`, with a soft edge of `feather` pixels, standing for `rect` in hit
    /// tests and dumps.
    package init(outline: [Point], center: Point, color: Color, feather: Double = 1, rect: Rect,
                role: String? = nil, action: String? = nil) {
        self.outline = outline
        self.center = center
        self.color = color
        self.feather = feather
        self.rect = rect
        self.role = role
        self.action = action
    }
}
