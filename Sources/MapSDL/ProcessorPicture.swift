import MapEngine
import MapKitLayer
import VectorRaster

/// A picture drawn on the processor (`TrianglePicture`) and laid on the
/// target through a texture of its own: only the rows and columns drawn
/// are uploaded and copied, blended, and then cleared for the next time.
/// Both are kept between frames.
final class ProcessorPicture {
    private let renderer: Renderer
    /// What is drawn; clear after each `lay()`.
    var picture = TrianglePicture(width: 1, height: 1)
    private var texture: Texture?

    init(renderer: Renderer) {
        self.renderer = renderer
    }

    /// Makes the picture `size` (pixels) if it is not, clear; false when no
    /// texture for it can be made.
    func fit(_ size: Size) -> Bool {
        let (width, height) = ProcessorPicture.pixels(size)
        if !isSized(size) || texture == nil {
            picture = TrianglePicture(width: width, height: height)
            texture = nil
            texture = try? renderer.makeStreamingTexture(width: width, height: height)
        }
        return texture != nil
    }

    /// Whether the picture is `size` already.
    func isSized(_ size: Size) -> Bool {
        let (width, height) = ProcessorPicture.pixels(size)
        return picture.width == width && picture.height == height
    }

    /// Whole pixels of a size, at least one each way.
    private static func pixels(_ size: Size) -> (Int, Int) {
        (max(Int(size.width.rounded()), 1), max(Int(size.height.rounded()), 1))
    }

    /// Lays what was drawn on the target, where it was drawn, and clears it.
    func lay() {
        guard let texture, let drawn = picture.drawn else { return }
        texture.update(columns: drawn.columns, rows: drawn.rows, from: picture.pixels, width: picture.width)
        let rect = Rect(x: Double(drawn.columns.lowerBound), y: Double(drawn.rows.lowerBound),
                        width: Double(drawn.columns.count), height: Double(drawn.rows.count))
        // An opaque picture (one covered by the map's background) needs no blending: a plain copy.
        texture.blends = !picture.isOpaque
        renderer.copy(texture, source: rect, destination: rect)
        picture.clear()
    }
}

extension TrianglePicture {
    /// Draws a layer of triangles: in their colours, or covered with the
    /// style's images (`fill-extrusion-pattern`) that `images` holds.
    mutating func fill(_ draw: TriangleDraw, images: ImageLibrary) {
        guard let pattern = draw.pattern else {
            return fill(points: draw.points, colors: draw.colors, indices: draw.indices)
        }
        fill(points: draw.points, colors: draw.colors, indices: draw.indices, pattern: pattern,
             images: pattern.images.map { images.patternImage(named: $0) })
    }
}
