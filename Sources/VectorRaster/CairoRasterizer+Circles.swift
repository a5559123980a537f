import CCairo
import MapEngine

extension CairoRasterizer {
    /// Circles painted pixel by pixel as MapLibre's circle shader paints
    /// them, sampled at each pixel's centre: the fill reaches `radius`, the
    /// stroke lies outside it (to `radius + strokeWidth`), and each edge
    /// fades over one pixel inside it, or over `blur` of the whole radius
    /// when that is wider. A path filled by Cairo would stand half a pixel
    /// larger at every edge and centre its stroke on the radius.
    static func paintCircles(_ centers: [Point], _ circle: CircleStyle, _ cairo: OpaquePointer) {
        let radius = max(circle.radius, 0), stroke = circle.strokeWidth >= 0.01 ? circle.strokeWidth : 0
        let outer = radius + stroke
        guard outer > 0, outer.isFinite, !centers.isEmpty, let surface = cairo_get_target(cairo),
              cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
              let data = cairo_image_surface_get_data(surface) else { return }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        // The pixels the context's clip leaves open (the pixels are written here, not through Cairo).
        var (clipLeft, clipTop, clipRight, clipBottom) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(cairo, &clipLeft, &clipTop, &clipRight, &clipBottom)
        cairo_user_to_device(cairo, &clipLeft, &clipTop)
        cairo_user_to_device(cairo, &clipRight, &clipBottom)
        let open = (left: max(Int(clipLeft.rounded()), 0), top: max(Int(clipTop.rounded()), 0),
                    right: min(Int(clipRight.rounded()), width) - 1, bottom: min(Int(clipBottom.rounded()), height) - 1)
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        // The ramp's width as a share of the outer radius: one pixel, or the blur.
        let ramp = max(circle.blur.isFinite ? circle.blur : 0, 1 / outer)
        let inner = radius / outer
        let fill = Premultiplied(circle.color), edge = Premultiplied(circle.strokeColor)
        cairo_surface_flush(surface)
        data.withMemoryRebound(to: UInt32.self, capacity: stride * height) { words in
            for given in centers {
                var x = given.x, y = given.y
                cairo_user_to_device(cairo, &x, &y)
                guard x.isFinite, y.isFinite else { continue }
                guard abs(x) < 1e6, abs(y) < 1e6 else { continue }
                let reach = min(outer, 1e6)
                let left = max(Int((x - reach).rounded(.down)), open.left), right = min(Int((x + reach).rounded(.up)), open.right)
                let top = max(Int((y - reach).rounded(.down)), open.top), bottom = min(Int((y + reach).rounded(.up)), open.bottom)
                guard left <= right, top <= bottom else { continue }
                for row in top...bottom {
                    let dy = (Double(row) + 0.5 - y) / outer
                    for column in left...right {
                        let dx = (Double(column) + 0.5 - x) / outer
                        let reach = (dx * dx + dy * dy).squareRoot()
                        let coverage = smoothstep(0, -ramp, reach - 1)
                        guard coverage > 0 else { continue }
                        let toStroke = stroke > 0 ? smoothstep(-ramp, 0, reach - inner) : 0
                        let colour = fill.mixed(with: edge, by: toStroke).scaled(by: coverage)
                        let index = row * stride + column
                        words[index] = colour.over(words[index])
                    }
                }
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// GLSL's smoothstep, edges in either order.
    private static func smoothstep(_ edge0: Double, _ edge1: Double, _ x: Double) -> Double {
        let t = min(max((x - edge0) / (edge1 - edge0), 0), 1)
        return t * t * (3 - 2 * t)
    }
}

/// A colour with its channels multiplied by its alpha, 0 to 1, as a shader
/// blends it.
private struct Premultiplied {
    var red: Double, green: Double, blue: Double, alpha: Double

    init(red: Double, green: Double, blue: Double, alpha: Double) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    init(_ color: Color) {
        let alpha = Double(color.alpha) / 255
        self.init(red: Double(color.red) / 255 * alpha, green: Double(color.green) / 255 * alpha,
                  blue: Double(color.blue) / 255 * alpha, alpha: alpha)
    }

    func mixed(with other: Premultiplied, by t: Double) -> Premultiplied {
        Premultiplied(red: red + (other.red - red) * t, green: green + (other.green - green) * t,
                      blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    func scaled(by k: Double) -> Premultiplied {
        Premultiplied(red: red * k, green: green * k, blue: blue * k, alpha: alpha * k)
    }

    /// This colour laid over a premultiplied ARGB word.
    func over(_ word: UInt32) -> UInt32 {
        let keep = 1 - alpha
        func channel(_ value: Double, _ shift: UInt32) -> UInt32 {
            let below = Double((word >> shift) & 0xFF)
            return UInt32(min(max((value * 255 + below * keep).rounded(), 0), 255)) << shift
        }
        return channel(alpha, 24) | channel(red, 16) | channel(green, 8) | channel(blue, 0)
    }
}
