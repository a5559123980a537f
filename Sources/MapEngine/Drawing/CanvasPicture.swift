/// Shapes and text an annotation view drew on its canvas, in pixels, for a
/// renderer to turn into an image once: views that draw the same picture
/// share it, since its `name` comes from its content.
///
/// The map makes these from `AnnotationCanvas.fill`, `stroke` and `draw(_:font:color:at:)`;
/// a renderer paints `layers` in order over a transparent `width` × `height`
/// image (MapSDL does it with Cairo, and its fonts for the text).
package struct CanvasPicture: Equatable, Sendable {
    /// One thing painted, in the picture's pixels.
    package enum Layer: Equatable, Sendable {
        /// A fill or a stroke, as a vector tile's are painted.
        case paint(PaintOperation)
        /// One line of text, its top-left corner at `rect.origin`.
        case text(TextDraw)
    }

    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// What to paint, bottom first.
    package let layers: [Layer]
    /// The image's name in scenes: "canvas:" and a hash of the content, the
    /// same in every run.
    package let name: String

    /// The prefix of every picture's name.
    package static let namePrefix = "canvas:"

    /// A picture of `width` × `height` pixels painting `layers`.
    package init(width: Int, height: Int, layers: [Layer]) {
        self.width = width
        self.height = height
        self.layers = layers
        name = CanvasPicture.namePrefix + StableHash.hex("\(width)x\(height) \(layers)")
    }

    /// The layers moved by whole pixels, so they look the same wherever they land.
    package static func shifted(_ layers: [Layer], by delta: Point) -> [Layer] {
        layers.map { layer in
            switch layer {
            case .paint(.fill(let rings, let color, let antialias)):
                return .paint(.fill(rings: rings.map { $0.map { $0 + delta } }, color: color, antialias: antialias))
            case .paint(.stroke(let lines, let stroke)):
                return .paint(.stroke(lines: lines.map { $0.map { $0 + delta } }, stroke: stroke))
            case .text(var text):
                text.rect = text.rect.offsetBy(delta)
                return .text(text)
            case .paint:
                return layer
            }
        }
    }

    /// The pixels a layer may touch: its points, the stroke's reach (a
    /// mitred corner's spike included) and a pixel for antialiasing.
    package static func bounds(of layer: Layer) -> Rect? {
        let points: [Point], margin: Double
        switch layer {
        case .paint(.fill(let rings, _, _)):
            (points, margin) = (rings.flatMap { $0 }, 1)
        case .paint(.stroke(let lines, let stroke)):
            let reach = stroke.width / 2 * (stroke.join == .miter ? max(1, stroke.miterLimit) : 1)
            (points, margin) = (lines.flatMap { $0 }, reach + 1)
        case .text(let text):
            (points, margin) = (text.rect.corners, 1)
        case .paint:
            return nil
        }
        guard let first = points.first else { return nil }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for p in points {
            (minX, maxX) = (min(minX, p.x), max(maxX, p.x))
            (minY, maxY) = (min(minY, p.y), max(maxY, p.y))
        }
        return Rect(x: minX - margin, y: minY - margin, width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin)
    }
}
