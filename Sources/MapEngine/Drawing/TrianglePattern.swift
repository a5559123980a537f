/// Images of the style's sprite repeated across a `TriangleDraw`'s
/// triangles (`fill-extrusion-pattern`), in place of their colours, which
/// then hold only their shade: grey, by which the image's pixels are
/// multiplied.
///
/// Each point carries its place in its image and how much perspective
/// enlarges it there. A renderer spreads place × scale and the scale
/// across a triangle and divides the one by the other at each pixel, so
/// the image lies true on a tilted face (as a GPU's perspective-correct
/// interpolation does); the place repeats beyond the image's size.
package struct TrianglePattern: Equatable, Sendable {
    /// The sprite images used, by name.
    package var images: [String]
    /// Each point's place in its image, in the image's pixels.
    package var texels: [Point]
    /// Each point's perspective scale (1 at the view's middle on the ground).
    package var scales: [Double]
    /// Each point's image, an index into `images`, or -1 for a point of a
    /// triangle drawn in its colour. A triangle takes its first corner's.
    package var image: [Int32]

    package init(images: [String], texels: [Point], scales: [Double], image: [Int32]) {
        self.images = images
        self.texels = texels
        self.scales = scales
        self.image = image
    }

    /// `count` points drawn in their colours.
    init(plain count: Int) {
        self.init(images: [], texels: Array(repeating: .zero, count: count), scales: Array(repeating: 1, count: count),
                  image: Array(repeating: -1, count: count))
    }

    /// Patterns of draws joined one after another, their images gathered
    /// into one list and each point's index moved to it.
    init(joining patterns: [TrianglePattern]) {
        self.init(images: [], texels: [], scales: [], image: [])
        var position: [String: Int32] = [:]
        for pattern in patterns {
            let moved = pattern.images.map { name in
                if let known = position[name] { return known }
                images.append(name)
                position[name] = Int32(images.count - 1)
                return Int32(images.count - 1)
            }
            texels += pattern.texels
            scales += pattern.scales
            image += pattern.image.map { $0 >= 0 && Int($0) < moved.count ? moved[Int($0)] : -1 }
        }
    }
}
