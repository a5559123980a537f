/// Where an annotation view puts its images for one frame: offsets are in
/// points from the view's top-left corner, and the canvas turns them into
/// screen pixels.
///
///     canvas.draw(shadow, at: Point(x: 6, y: -4), alpha: 0.5, role: "shadow")
///     canvas.draw(pin)
public struct AnnotationCanvas {
    /// Screen pixels per point.
    public let scale: Double
    /// The view's top-left corner in screen pixels, on whole pixels.
    public internal(set) var origin = Point.zero
    /// The annotation the view presents, as named in scene dumps.
    public internal(set) var annotationID = ""
    var commands: [DrawCommand] = []

    init(scale: Double) {
        self.scale = scale
    }

    /// Draws the image with its top-left corner `offset` points from the
    /// view's; only the image's painted `content` reaches the scene.
    public mutating func draw(_ image: AnnotationImage, at offset: Point = .zero, alpha: Double = 1,
                              tint: Color? = nil, role: String = "annotation") {
        let content = image.content
        let rect = Rect(x: origin.x + ((offset.x + content.minX) * scale).rounded(),
                        y: origin.y + ((offset.y + content.minY) * scale).rounded(),
                        width: content.width * scale, height: content.height * scale)
        commands.append(.image(ImageDraw(name: image.fileName(forScale: scale), rect: rect, alpha: alpha,
                                         role: role, id: annotationID, tint: tint)))
    }
}
