import CCairo
import MapEngine

extension CairoRasterizer {
    /// Strokes lines with an image (`line-pattern`), as MapLibre draws
    /// them: the image at its own size centred across the line (cut to the
    /// line's width), repeated along it from its start (`dashPhase` before
    /// the piece), turned with each segment.
    /// Each segment is filled on its own with the image laid along it;
    /// round joins and ends are discs of the same image, other joins bevels.
    static func strokePattern(_ lines: [[Point]], _ stroke: Stroke, _ image: SpriteImages.Image, _ cairo: OpaquePointer) {
        guard image.width > 0, image.height > 0, stroke.width > 0, stroke.width.isFinite else { return }
        // Tile pixels an image pixel spans; the band drawn: the line's width, or the image's height where that is less.
        let step = max(stroke.patternScale, 0.01) / max(image.pixelRatio, 0.01)
        let half = min(stroke.width, Double(image.height) * step) / 2
        let opacity = Double(stroke.color.alpha) / 255
        withSurface(image.pixels, width: image.width, height: image.height) { surface in
            guard let pattern = cairo_pattern_create_for_surface(surface) else { return }
            defer { cairo_pattern_destroy(pattern) }
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
            for line in lines where line.count >= 2 {
                var along = stroke.dashPhase.isFinite ? stroke.dashPhase : 0
                for index in 1..<line.count {
                    let (a, b) = (line[index - 1], line[index])
                    let length = (b - a).length
                    guard length > 0, length.isFinite else { continue }
                    let u = Point(x: (b.x - a.x) / length, y: (b.y - a.y) / length), n = Point(x: -u.y, y: u.x)
                    // Tile pixels to image pixels: along the segment from the line's start, across from its left edge.
                    var matrix = cairo_matrix_t(xx: u.x / step, yx: n.x / step, xy: u.y / step, yy: n.y / step,
                                                x0: (along - (a.x * u.x + a.y * u.y)) / step,
                                                y0: (Double(image.height) * step / 2 - (a.x * n.x + a.y * n.y)) / step)
                    cairo_pattern_set_matrix(pattern, &matrix)
                    cairo_set_source(cairo, pattern)
                    let first = index == 1, last = index == line.count - 1
                    // The segment as an area (squared past a square end), and its round joint or ends as discs.
                    let start = first && stroke.cap == .square ? a - u * half : a, end = last && stroke.cap == .square ? b + u * half : b
                    cairo_new_path(cairo)
                    trace([start + n * half, end + n * half, end - n * half, start - n * half], cairo, close: true)
                    for (point, disc) in [(b, last ? stroke.cap == .round : stroke.join == .round), (a, first && stroke.cap == .round)] where disc {
                        cairo_new_sub_path(cairo)
                        cairo_arc(cairo, point.x, point.y, half, 0, 2 * .pi)
                    }
                    fillPath(opacity, cairo)
                    // A bevelled joint: the wedge between this segment's edges and the next one's, so corners have no notch.
                    if !last, stroke.join != .round, let next = line[(index + 1)...].first(where: { ($0 - b).length > 0 }) {
                        let v = (next - b) * (1 / (next - b).length), m = Point(x: -v.y, y: v.x)
                        cairo_new_path(cairo)
                        trace([b, b + n * half, b + m * half], cairo, close: true)
                        trace([b, b - n * half, b - m * half], cairo, close: true)
                        fillPath(opacity, cairo)
                    }
                    along += length
                }
            }
        }
    }

    /// Fills the path with the source at `opacity`.
    private static func fillPath(_ opacity: Double, _ cairo: OpaquePointer) {
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
        if opacity >= 1 { return cairo_fill(cairo) }
        cairo_save(cairo)
        cairo_clip(cairo)
        cairo_paint_with_alpha(cairo, opacity)
        cairo_restore(cairo)
    }
}
