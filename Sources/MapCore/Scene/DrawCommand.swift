/// One thing to draw, in screen pixels. A renderer draws these in order and
/// decides nothing.
public enum DrawCommand: Equatable, Sendable {
    /// A part of a tile image (`source`, in the tile's pixels) drawn into `rect`.
    case tile(TileDraw)
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

    /// The screen area the command touches.
    public var rect: Rect {
        switch self {
        case .tile(let tile): return tile.rect
        case .image(let image): return image.rect
        case .rect(let rect, _), .gradient(let rect, _, _): return rect
        case .text(let text): return text.rect
        case .line(let from, let to, _, let width):
            return Rect(x: min(from.x, to.x), y: min(from.y, to.y),
                        width: abs(to.x - from.x) + width, height: abs(to.y - from.y) + width)
        case .sprites(let batch): return Rect(origin: .zero, size: batch.camera.viewportSize)
        }
    }
}

public struct TileDraw: Equatable, Sendable {
    public var tile: TileID
    /// Part of the tile image, in pixels of a `WebMercator.tileSize` tile.
    public var source: Rect
    public var rect: Rect

    public init(tile: TileID, source: Rect, rect: Rect) {
        self.tile = tile
        self.source = source
        self.rect = rect
    }
}

public struct ImageDraw: Equatable, Sendable {
    public var name: String
    public var rect: Rect
    public var alpha: Double
    /// What the image is for ("annotation", "shadow", "control"), for scene dumps.
    public var role: String?
    /// The annotation or control it belongs to, if any.
    public var id: String?
    /// Multiplies the image's colours (white parts take the tint exactly).
    public var tint: Color?

    public init(name: String, rect: Rect, alpha: Double = 1, role: String? = nil, id: String? = nil,
                tint: Color? = nil) {
        self.name = name
        self.rect = rect
        self.alpha = alpha
        self.role = role
        self.id = id
        self.tint = tint
    }
}

public struct TextDraw: Equatable, Sendable {
    public var text: String
    public var font: FontSpec
    public var color: Color
    /// Origin is the top-left of the text; size is what `TextMeasuring` said.
    public var rect: Rect

    public init(text: String, font: FontSpec, color: Color, rect: Rect) {
        self.text = text
        self.font = font
        self.color = color
        self.rect = rect
    }
}
