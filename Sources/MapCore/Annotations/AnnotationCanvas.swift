/// Where an annotation view puts its images: offsets are in points from the
/// view's top-left corner, and the canvas turns them into pixels. The map
/// keeps what a view drew until the view calls `setNeedsDisplay()`.
///
///     canvas.draw(shadow, at: Point(x: 6, y: -4), alpha: 0.5, role: "shadow")
///     canvas.draw(pin)
public struct AnnotationCanvas {
    /// One image as drawn, before the map files its name away.
    struct Item {
        var name: String
        var role: String
        var offset: Point
        var size: Size
        var alpha: Double
        var tint: Color?
    }

    /// Screen pixels per point.
    public let scale: Double
    private(set) var items: [Item] = []

    init(scale: Double) {
        self.scale = scale
    }

    /// Draws the image with its top-left corner `offset` points from the
    /// view's; only the image's painted `content` is drawn.
    public mutating func draw(_ image: AnnotationImage, at offset: Point = .zero, alpha: Double = 1,
                              tint: Color? = nil, role: String = "annotation") {
        let content = image.content
        items.append(Item(name: image.fileName(forScale: scale), role: role,
                          offset: Point(x: ((offset.x + content.minX) * scale).rounded(),
                                        y: ((offset.y + content.minY) * scale).rounded()),
                          size: Size(width: content.width * scale, height: content.height * scale),
                          alpha: alpha, tint: tint))
    }

    mutating func removeAll() {
        items.removeAll(keepingCapacity: true)
    }
}
