import MapEngine

/// Where an annotation view draws itself: images, shapes (rectangles,
/// rounded rectangles, circles, any `CanvasPath`) and text, back to front.
/// Places are in points from the view's top-left corner, and the canvas
/// turns them into pixels. The map keeps what a view drew until the view
/// calls `setNeedsDisplay()`.
///
///     canvas.draw(shadow, at: Point(x: 6, y: -4), alpha: 0.5, role: "shadow")
///     canvas.draw(pin)
///
/// Shapes and text drawn one after another become one picture, painted once
/// (antialiased) and shared by every view that draws the same:
///
///     let badge = Rect(x: 0, y: 0, width: 44, height: 22)
///     canvas.fill(.roundedRect(badge, cornerRadius: 11), color: Color(hex: 0x1A73E8))
///     canvas.stroke(.roundedRect(badge.insetBy(1), cornerRadius: 10), color: Color(hex: 0xFFFFFF), lineWidth: 2)
///     canvas.draw("12", font: FontSpec(size: 13, weight: .bold), color: Color(hex: 0xFFFFFF), centeredIn: badge)
public struct AnnotationCanvas {
    /// One image as drawn, before the map files its name away.
    struct Item {
        var name: String
        var role: String
        var offset: Point
        var size: Size
        var alpha: Double
        var tint: Color?
        /// The shapes and text the item is made of, when it is not a named image.
        var picture: CanvasPicture?
    }

    /// Screen pixels per point.
    public let scale: Double
    private(set) var items: [Item] = []
    /// Shapes and text drawn since the last image, in pixels from the view's corner.
    private var pending: [CanvasPicture.Layer] = []
    /// Measures text as the renderer draws it (pixels at pixel sizes).
    var metrics: any TextMeasuring

    init(scale: Double, metrics: any TextMeasuring = EstimatedTextMetrics()) {
        self.scale = scale
        self.metrics = metrics
    }

    /// Draws the image with its top-left corner `offset` points from the
    /// view's; only the image's painted `content` is drawn.
    public mutating func draw(_ image: AnnotationImage, at offset: Point = .zero, alpha: Double = 1,
                              tint: Color? = nil, role: String = "annotation") {
        finishPicture()
        let content = image.content
        items.append(Item(name: image.fileName(forScale: scale), role: role,
                          offset: Point(x: ((offset.x + content.minX) * scale).rounded(),
                                        y: ((offset.y + content.minY) * scale).rounded()),
                          size: Size(width: content.width * scale, height: content.height * scale),
                          alpha: alpha, tint: tint))
    }

    /// Fills the inside of `path` (nonzero winding: a subpath drawn the other
    /// way round cuts a hole).
    public mutating func fill(_ path: CanvasPath, color: Color) {
        let rings = path.polylines(scale: scale).map(\.points)
        guard !rings.isEmpty, color.alpha > 0 else { return }
        pending.append(.paint(.fill(rings: rings, color: color, antialias: true)))
    }

    /// Draws along `path`, `lineWidth` points wide, with dashes and gaps of
    /// `dashes` points when given; its ends are cut square and its corners
    /// rounded.
    public mutating func stroke(_ path: CanvasPath, color: Color, lineWidth: Double = 1, dashes: [Double] = []) {
        stroke(path, color: color, lineWidth: lineWidth, cap: .butt, join: .round, dashes: dashes)
    }

    /// Draws along `path` with the ends and corners given.
    package mutating func stroke(_ path: CanvasPath, color: Color, lineWidth: Double, cap: Stroke.Cap,
                                 join: Stroke.Join, dashes: [Double]) {
        let lines = path.polylines(scale: scale).map { line in
            // A closed line runs on over its first segment, so its start is joined, not capped.
            line.closed && line.points.count > 2 ? line.points + [line.points[0], line.points[1]] : line.points
        }
        guard !lines.isEmpty, color.alpha > 0, lineWidth > 0 else { return }
        pending.append(.paint(.stroke(lines: lines, stroke: Stroke(color: color, width: lineWidth * scale, cap: cap, join: join,
                                                                   miterLimit: 4, dashes: dashes.map { $0 * scale }))))
    }

    /// The size of `text` on one line in `font`, in points, as it will be drawn.
    public func size(of text: String, font: FontSpec) -> Size {
        let pixels = metrics.size(of: text, font: FontSpec(size: font.size * scale, weight: font.weight))
        return Size(width: pixels.width / scale, height: pixels.height / scale)
    }

    /// Draws one line of text with its top-left corner at `origin`.
    public mutating func draw(_ text: String, font: FontSpec, color: Color, at origin: Point) {
        guard !text.isEmpty, color.alpha > 0 else { return }
        let pixelFont = FontSpec(size: font.size * scale, weight: font.weight)
        let size = metrics.size(of: text, font: pixelFont)
        let corner = Point(x: (origin.x * scale).rounded(), y: (origin.y * scale).rounded())
        pending.append(.text(TextDraw(text: text, font: pixelFont, color: color, rect: Rect(origin: corner, size: size))))
    }

    /// Draws one line of text centred in `rect`.
    public mutating func draw(_ text: String, font: FontSpec, color: Color, centeredIn rect: Rect) {
        let size = size(of: text, font: font)
        draw(text, font: font, color: color, at: Point(x: rect.midX - size.width / 2, y: rect.midY - size.height / 2))
    }

    /// Turns the shapes and text drawn since the last image into one
    /// picture, on whole pixels just large enough for them.
    /// How far what was drawn reaches right and down from the view's
    /// top-left corner, in points; nil when nothing was drawn.
    var drawnExtent: Size? {
        guard !items.isEmpty else { return nil }
        let right = items.map { $0.offset.x + $0.size.width }.max()!, bottom = items.map { $0.offset.y + $0.size.height }.max()!
        guard right > 0, bottom > 0 else { return nil }
        return Size(width: (right / scale).rounded(.up), height: (bottom / scale).rounded(.up))
    }

    mutating func finishPicture() {
        guard !pending.isEmpty else { return }
        defer { pending.removeAll(keepingCapacity: true) }
        guard let bounds = Rect.union(pending.lazy.compactMap(CanvasPicture.bounds(of:))) else { return }
        let corner = Point(x: bounds.minX.rounded(.down), y: bounds.minY.rounded(.down))
        let width = Int((bounds.maxX - corner.x).rounded(.up)), height = Int((bounds.maxY - corner.y).rounded(.up))
        guard width > 0, height > 0, width <= AnnotationCanvas.largestPicture, height <= AnnotationCanvas.largestPicture else { return }
        let picture = CanvasPicture(width: width, height: height,
                                    layers: CanvasPicture.shifted(pending, by: Point(x: -corner.x, y: -corner.y)))
        items.append(Item(name: picture.name, role: "annotation", offset: corner,
                          size: Size(width: Double(width), height: Double(height)), alpha: 1, tint: nil, picture: picture))
    }

    /// Pixels a side beyond which a view's drawing is left out (a runaway
    /// coordinate must not ask for a gigantic image).
    static let largestPicture = 2048

    mutating func removeAll() {
        items.removeAll(keepingCapacity: true)
        pending.removeAll(keepingCapacity: true)
    }
}

/// Text sizes for a canvas that has no renderer's fonts to ask (a map
/// driven without frames): about right for DejaVu Sans.
struct EstimatedTextMetrics: TextMeasuring {
    func size(of text: String, font: FontSpec) -> Size {
        Size(width: (Double(text.count) * font.size * 0.6).rounded(), height: (font.size * 1.17).rounded())
    }
}
