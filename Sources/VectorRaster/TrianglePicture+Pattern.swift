import MapEngine

// Triangles covered with images repeated (`fill-extrusion-pattern`): each
// pixel its image's texel at the place spread across the triangle, true in
// perspective, times the triangle's shade.
extension TrianglePicture {
    /// One image a pattern repeats: straight-alpha ARGB words, rows top to bottom.
    package struct RepeatedImage: Sendable {
        package let pixels: [UInt32]
        package let width: Int
        package let height: Int

        /// Nil unless the pixels fill `width` × `height` (both at least 1).
        package init?(pixels: [UInt32], width: Int, height: Int) {
            guard width >= 1, height >= 1, pixels.count == width * height else { return nil }
            self.pixels = pixels
            self.width = width
            self.height = height
        }
    }

    /// Draws `indices`, three to a triangle, into `points` (pixels): a
    /// triangle whose first corner has an image in `pattern` is covered with
    /// it (`images`, by the pattern's image index; nil where it could not
    /// be had, and the triangle is left out), its pixels times the corners'
    /// shade (their colours' red); any other in its colours, as
    /// `fill(points:colors:indices:)` draws them.
    package mutating func fill(points: [Point], colors: [Color], indices: [Int32], pattern: TrianglePattern,
                               images: [RepeatedImage?]) {
        let count = points.count
        guard colors.count == count, pattern.texels.count == count, pattern.scales.count == count,
              pattern.image.count == count else { return }
        let colour = ColourShader()
        let shaders = images.map { $0.map(PatternShader.init) }
        draw { canvas, bounds in
            TrianglePicture.eachTriangle(indices, of: points, reaching: canvas) { i, j, k in
                let image = Int(pattern.image[i])
                guard image >= 0 else {
                    let a = Corner(points[i], colors[i]), b = Corner(points[j], colors[j]), c = Corner(points[k], colors[k])
                    if a.isFinite, b.isFinite, c.isFinite { canvas.fill(a, b, c, shader: colour, bounds: &bounds) }
                    return
                }
                guard image < shaders.count, let shader = shaders[image] else { return }
                func corner(_ n: Int) -> Corner {
                    let scale = pattern.scales[n], texel = pattern.texels[n]
                    return Corner(points[n], channels: SIMD4(Float(texel.x * scale), Float(texel.y * scale), Float(scale),
                                                             Float(colors[n].red)))
                }
                let a = corner(i), b = corner(j), c = corner(k)
                guard a.isFinite, b.isFinite, c.isFinite, a.channels[2] > 0, b.channels[2] > 0, c.channels[2] > 0 else { return }
                canvas.fill(a, b, c, shader: shader, bounds: &bounds)
            }
        }
    }
}

/// An image repeated: from the values (u·s, v·s, s, shade) spread across a
/// triangle, the texel at (u, v), wrapped into the image, times the shade
/// (0 to 255), laid over what is below by its alpha.
struct PatternShader: Shader {
    let image: TrianglePicture.RepeatedImage

    init(_ image: TrianglePicture.RepeatedImage) {
        self.image = image
    }

    static var isUniformWhereCornersAgree: Bool { false }
    var coversWhatIsBelow: Bool { false }

    /// `value` wrapped into 0 ..< `count`.
    @inline(__always)
    private static func wrapped(_ value: Float, _ count: Int) -> Int {
        let size = Float(count)
        let inside = value - (value / size).rounded(.down) * size
        return inside > 0 ? min(Int(inside), count - 1) : 0
    }

    func shade(_ values: SIMD4<Float>, over below: UInt32) -> UInt32 {
        let s = values[2]
        guard s > 0 else { return below }
        let x = PatternShader.wrapped(values[0] / s, image.width), y = PatternShader.wrapped(values[1] / s, image.height)
        let texel = image.pixels[y * image.width + x]
        let alpha = texel >> 24
        guard alpha > 0 else { return below }
        let light = min(max(values[3], 0), 255) / 255
        let lit = SIMD4<Float>(Float(alpha), Float((texel >> 16) & 255) * light, Float((texel >> 8) & 255) * light,
                               Float(texel & 255) * light)
        return alpha == 255 ? ColourShader.word(lit) : ColourShader.over(lit, below)
    }
}
