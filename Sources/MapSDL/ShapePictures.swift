import CSDL2
import MapEngine

/// Filled shapes drawn again as they were (the map's controls, a card and
/// its shadow) kept as small pictures when SDL draws in software: its triangles
/// cost about a microsecond each, and a feathered disc is a hundred or more,
/// while copying the picture of the same disc blends only its pixels. The
/// controls are the same shapes every frame, so a pan no longer fills them
/// again.
///
/// A picture holds the shape's colour in every pixel and its coverage in
/// the alpha (cleared to the colour, transparent, then filled with it), so
/// laying it over the map with SDL's blending gives what filling the shape
/// there would, within a few levels of rounding. A shape is found again by
/// its outline and centre from its picture's whole-pixel corner, colour and
/// feather: the controls, drawn in the same place frame after frame, are
/// filled once. (Its points are not rounded to share a picture with the
/// same shape elsewhere: a sharp edge moved by a 256th of a pixel can take
/// or leave a whole pixel.)
final class ShapePictures {
    private struct Key: Hashable {
        let outline: [Point]
        let center: Point
        let color: Color
        let feather: Double
    }

    private let renderer: Renderer
    /// Whether pictures are kept at all: only a software renderer gains.
    let isEnabled: Bool
    private var pictures: [Key: Texture] = [:]
    /// Shapes drawn once and not yet kept.
    private var seen: Set<Key> = []
    /// The pictures made since the cache was last emptied: a scene whose
    /// shapes change every frame (one growing, one moving by part of a
    /// pixel) makes new ones, and past this many they all go.
    private static let mostPictures = 256
    /// The largest side kept as a picture; a larger shape is filled.
    private static let largestSide = 512.0

    /// How many pictures are kept.
    var count: Int { pictures.count }

    init(renderer: Renderer) {
        self.renderer = renderer
        isEnabled = renderer.isSoftware
    }

    /// Draws the shape from its picture, made on first use; false when it
    /// is not kept (the renderer draws in hardware, or the shape is too
    /// large or not finite), and the caller fills it.
    func draw(_ outline: [Point], center: Point, color: Color, feather: Double) -> Bool {
        guard isEnabled, outline.count >= 3, feather.isFinite, feather >= 0 else { return false }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for point in outline {
            minX = min(minX, point.x); maxX = max(maxX, point.x)
            minY = min(minY, point.y); maxY = max(maxY, point.y)
        }
        let reach = feather + 1
        let left = (minX - reach).rounded(.down), top = (minY - reach).rounded(.down)
        let width = (maxX + reach).rounded(.up) - left, height = (maxY + reach).rounded(.up) - top
        guard left.isFinite, top.isFinite, width.isFinite, height.isFinite, width > 0, height > 0,
              width <= ShapePictures.largestSide, height <= ShapePictures.largestSide else { return false }
        let corner = Point(x: left, y: top)
        let key = Key(outline: outline.map { $0 - corner }, center: center - corner, color: color, feather: feather)
        let picture: Texture
        if let kept = pictures[key] {
            picture = kept
        } else {
            // A shape seen once may be moving (a location disc during a pan): it is filled in place, and only a
            // shape drawn again as it was gets a picture.
            guard seen.remove(key) != nil else {
                if seen.count >= ShapePictures.mostPictures { seen.removeAll(keepingCapacity: true) }
                seen.insert(key)
                return false
            }
            guard let made = try? renderer.makeTransparentTargetTexture(width: Int(width), height: Int(height)) else { return false }
            renderer.drawing(into: made) {
                renderer.clear(Color(rgba: color.red, color.green, color.blue, 0))
                renderer.fillShape(key.outline, center: key.center, color: color, feather: feather)
            }
            if pictures.count >= ShapePictures.mostPictures { pictures.removeAll(keepingCapacity: true) }
            pictures[key] = made
            picture = made
        }
        renderer.copy(picture, source: Rect(x: 0, y: 0, width: width, height: height),
                      destination: Rect(x: left, y: top, width: width, height: height))
        return true
    }
}
