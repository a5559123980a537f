import CCairo
import MapEngine

extension CairoRasterizer {
    /// Lays an image source's picture with its corners (top left, top
    /// right, bottom right, bottom left) on `corners`, as MapLibre draws
    /// it: two triangles split along the diagonal from the first corner to
    /// the third, each stretched evenly (an affine map), the quad's outer
    /// edges smoothed and its diagonal sharp, so the halves meet without a seam.
    static func paintPicture(_ image: TilePixels, corners: [Point], opacity: Double, adjust: RasterColourAdjustment,
                             _ cairo: OpaquePointer) {
        guard image.width > 0, image.height > 0, corners.count == 4, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        let (w, h) = (Double(image.width), Double(image.height))
        let texels = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)]
        withSurface(premultiplied(adjust.applied(to: image.argb)), width: image.width, height: image.height) { surface in
            for (apex, other) in [(1, 3), (3, 1)] {
                guard var matrix = affine(from: [texels[0], texels[apex], texels[2]], to: [corners[0], corners[apex], corners[2]])
                else { continue }
                cairo_save(cairo)
                cairo_new_path(cairo)
                trace(corners, cairo, close: true)
                cairo_clip(cairo)
                // This triangle's side of the diagonal, each pixel on one side only.
                cairo_set_antialias(cairo, CAIRO_ANTIALIAS_NONE)
                trace(halfPlane(from: corners[0], to: corners[2], awayFrom: corners[other]), cairo, close: true)
                cairo_clip(cairo)
                cairo_set_antialias(cairo, CAIRO_ANTIALIAS_DEFAULT)
                cairo_transform(cairo, &matrix)
                cairo_set_source_surface(cairo, surface, 0, 0)
                cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
                cairo_paint_with_alpha(cairo, opacity)
                cairo_restore(cairo)
            }
        }
    }

    /// The map taking `from`'s three points to `to`'s; nil when either three lie on a line.
    private static func affine(from: [Point], to: [Point]) -> cairo_matrix_t? {
        let (p1, p2) = (from[1] - from[0], from[2] - from[0])
        let (q1, q2) = (to[1] - to[0], to[2] - to[0])
        let determinant = p1.x * p2.y - p2.x * p1.y
        guard abs(determinant) > 1e-9, abs(q1.x * q2.y - q2.x * q1.y) > 1e-9 else { return nil }
        // [q1 q2] = A [p1 p2], so A = [q1 q2] [p1 p2]⁻¹.
        let xx = (q1.x * p2.y - q2.x * p1.y) / determinant, xy = (q2.x * p1.x - q1.x * p2.x) / determinant
        let yx = (q1.y * p2.y - q2.y * p1.y) / determinant, yy = (q2.y * p1.x - q1.y * p2.x) / determinant
        let x0 = to[0].x - xx * from[0].x - xy * from[0].y, y0 = to[0].y - yx * from[0].x - yy * from[0].y
        let values = [xx, xy, yx, yy, x0, y0]
        guard values.allSatisfy(\.isFinite) else { return nil }
        return cairo_matrix_t(xx: xx, yx: yx, xy: xy, yy: yy, x0: x0, y0: y0)
    }

    /// A large polygon covering the side of the line through `a` and `b` that `point` is not on.
    private static func halfPlane(from a: Point, to b: Point, awayFrom point: Point) -> [Point] {
        let along = b - a, length = max(along.length, 1e-9)
        let unit = Point(x: along.x / length, y: along.y / length)
        var normal = Point(x: -unit.y, y: unit.x)
        let side = (point.x - a.x) * normal.x + (point.y - a.y) * normal.y
        if side > 0 { normal = Point(x: -normal.x, y: -normal.y) }
        let far = 1e5
        let start = Point(x: a.x - unit.x * far, y: a.y - unit.y * far), end = Point(x: b.x + unit.x * far, y: b.y + unit.y * far)
        return [start, end, Point(x: end.x + normal.x * far, y: end.y + normal.y * far),
                Point(x: start.x + normal.x * far, y: start.y + normal.y * far)]
    }
}
