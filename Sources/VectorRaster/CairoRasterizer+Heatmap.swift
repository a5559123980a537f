import CCairo
import MapEngine

extension CairoRasterizer {
    /// Paints a heatmap over what is drawn: the points' density summed on
    /// a grid of `HeatmapPoints.cell`-pixel cells lined up with the tile's
    /// corner (so neighbouring tiles agree), read bilinearly at each pixel
    /// and coloured through the ramp, times the layer's opacity.
    static func paintHeatmap(_ heat: HeatmapPoints, _ cairo: OpaquePointer) {
        guard heat.ramp.count >= 2, heat.opacity > 0 else { return }
        // The pixels the surface shows, in the drawing's coordinates.
        var (left, top, right, bottom) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(cairo, &left, &top, &right, &bottom)
        let cell = Double(HeatmapPoints.cell)
        let first = (x: ((left / cell).rounded(.down) - 1) * cell, y: ((top / cell).rounded(.down) - 1) * cell)
        let width = Int((right - first.x).rounded(.up)), height = Int((bottom - first.y).rounded(.up))
        guard width > 0, height > 0, width <= 8192, height <= 8192 else { return }
        // One cell more each side than the pixels, for the bilinear reading at the edges.
        let origin = Point(x: first.x - cell, y: first.y - cell)
        let columns = width / HeatmapPoints.cell + 3, rows = height / HeatmapPoints.cell + 3
        let grid = heat.densities(columns: columns, rows: rows, origin: origin)
        let colors = heat.ramp.map { color -> UInt32 in
            let alpha = Double(color.alpha) / 255 * heat.opacity
            func channel(_ value: UInt8) -> UInt32 { UInt32((Double(value) * alpha).rounded()) }
            return UInt32((alpha * 255).rounded()) << 24 | channel(color.red) << 16 | channel(color.green) << 8 | channel(color.blue)
        }
        let steps = Float(heat.ramp.count - 1)
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            let gy = (first.y + Double(y) + 0.5 - origin.y) / cell - 0.5
            let row = min(max(Int(gy.rounded(.down)), 0), rows - 2), fy = Float(min(max(gy - Double(row), 0), 1))
            for x in 0..<width {
                let gx = (first.x + Double(x) + 0.5 - origin.x) / cell - 0.5
                let column = min(max(Int(gx.rounded(.down)), 0), columns - 2), fx = Float(min(max(gx - Double(column), 0), 1))
                let at = row * columns + column
                let upper = grid[at] + (grid[at + 1] - grid[at]) * fx
                let lower = grid[at + columns] + (grid[at + columns + 1] - grid[at + columns]) * fx
                let density = min(max(upper + (lower - upper) * fy, 0), 1)
                pixels[y * width + x] = colors[Int((density * steps).rounded())]
            }
        }
        withSurface(pixels, width: width, height: height) { surface in
            cairo_set_source_surface(cairo, surface, first.x, first.y)
            cairo_paint(cairo)
        }
    }
}
