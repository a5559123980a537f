import Foundation

/// What a `heatmap` layer paints in one tile: a Gaussian kernel around each
/// point, summed into a density, and the density coloured through a ramp,
/// as MapLibre paints it.
///
/// A point of weight `w` adds `w · intensity · e^(−4.5 d²/r²) / √(2π)`
/// at `d` pixels from it (`r` its radius: the kernel has faded to almost
/// nothing there), out to where that falls below 1/4080. The density is
/// summed at a quarter of the pixels across (MapLibre's heatmap texture),
/// then read smoothly: `ramp`'s colour at the density (0 to 1, more is 1), times `opacity`.
package struct HeatmapPoints: Sendable, Equatable {
    /// The points, in the drawing's pixels; the tile's neighbours' near its edge too.
    package var points: [Point]
    /// Each point's weight (`heatmap-weight`).
    package var weights: [Double]
    /// Each point's radius in the drawing's pixels (`heatmap-radius` times the drawing's scale).
    package var radii: [Double]
    /// How much every point adds (`heatmap-intensity`).
    package var intensity: Double
    /// The colours from density 0 to 1, evenly spread (`heatmap-color`).
    package var ramp: [Color]
    /// The whole layer's opacity (`heatmap-opacity`).
    package var opacity: Double

    /// The density below which a point adds nothing: a step of MapLibre's 8-bit colour over 16.
    package static let faintest = 1.0 / 255 / 16
    /// 1/√(2π), the Gaussian's height.
    package static let gaussHeight = 0.3989422804014327
    /// How many drawing pixels one cell of the density spans.
    package static let cell = 4

    /// The points with their weights and radii (the three of one length).
    package init(points: [Point], weights: [Double], radii: [Double], intensity: Double, ramp: [Color], opacity: Double) {
        self.points = points
        self.weights = weights
        self.radii = radii
        self.intensity = intensity
        self.ramp = ramp
        self.opacity = opacity
    }

    /// How far from its centre, in radii, a point of this weight adds
    /// anything; 0 when it adds nothing anywhere.
    package static func reach(weight: Double, intensity: Double) -> Double {
        let peak = weight * intensity * gaussHeight
        guard peak > faintest, peak.isFinite else { return 0 }
        return (-2 * log(faintest / peak)).squareRoot() / 3
    }

    /// The summed density over a grid of `columns` × `rows` cells, the cell
    /// (i, j) centred on drawing pixel ((i + ½)·cell + origin.x, (j + ½)·cell + origin.y), row by row.
    ///
    /// Points of one radius are summed the cheaper of two ways: each kernel
    /// cell by cell where they are few, or, where they are many, their
    /// weights spread over the grid and blurred once by the Gaussian, across
    /// and then down (the kernel is the product of the two). The second
    /// costs the grid's size times the kernel's width, however many points
    /// there are, so a million points of radius 200 draw in well under a second.
    package func densities(columns: Int, rows: Int, origin: Point) -> [Float] {
        var grid = [Float](repeating: 0, count: max(columns, 0) * max(rows, 0))
        guard columns > 0, rows > 0, origin.x.isFinite, origin.y.isFinite else { return grid }
        var byRadius: [Double: [Int]] = [:]
        for index in points.indices where index < weights.count && index < radii.count {
            let (point, radius) = (points[index], radii[index])
            guard radius > 0, radius.isFinite, point.x.isFinite, point.y.isFinite, weights[index].isFinite, weights[index] > 0 else { continue }
            byRadius[radius, default: []].append(index)
        }
        for (radius, members) in byRadius {
            let heaviest = members.reduce(0.0) { max($0, weights[$1]) }
            let reach = HeatmapPoints.reach(weight: heaviest, intensity: intensity) * radius
            guard reach > 0 else { continue }
            let span = Double(2 * HeatmapPoints.cells(in: reach) + 1)
            let direct = Double(members.count) * span * span
            let blurred = (Double(columns) + span) * (Double(rows) + span) * span * 2
            if direct <= blurred || span > 4097 {
                for index in members { add(index, to: &grid, columns: columns, rows: rows, origin: origin) }
            } else {
                blur(members, radius: radius, reach: reach, into: &grid, columns: columns, rows: rows, origin: origin)
            }
        }
        return grid
    }

    /// How many whole cells a kernel reaches from its centre.
    static func cells(in reach: Double) -> Int {
        Int(min(reach / Double(cell), 1e6).rounded(.up))
    }

    /// Adds one point's kernel, evaluated at each cell's centre within its reach.
    private func add(_ index: Int, to grid: inout [Float], columns: Int, rows: Int, origin: Point) {
        let cell = Double(HeatmapPoints.cell)
        let (point, weight, radius) = (points[index], weights[index], radii[index])
        let reach = HeatmapPoints.reach(weight: weight, intensity: intensity) * radius
        guard reach > 0, weight * intensity < 1e30 else { return }
        // The cells whose centres lie within the kernel's square, as MapLibre draws it on a square.
        let low = (x: ((point.x - reach - origin.x) / cell - 0.5).rounded(.up), y: ((point.y - reach - origin.y) / cell - 0.5).rounded(.up))
        let high = (x: ((point.x + reach - origin.x) / cell - 0.5).rounded(.down), y: ((point.y + reach - origin.y) / cell - 0.5).rounded(.down))
        // A kernel narrower than a cell may fall between two centres: then it adds nothing.
        // Held to the grid (and one past it) before they become whole numbers: a point far off is 1e308 pixels away.
        let first = (x: Int(min(max(low.x, 0), Double(columns))), y: Int(min(max(low.y, 0), Double(rows))))
        let last = (x: Int(max(min(high.x, Double(columns - 1)), -1)), y: Int(max(min(high.y, Double(rows - 1)), -1)))
        guard first.x <= last.x, first.y <= last.y else { return }
        let peak = weight * intensity * HeatmapPoints.gaussHeight
        for row in first.y...last.y {
            let dy = (origin.y + (Double(row) + 0.5) * cell - point.y) / radius
            for column in first.x...last.x {
                let dx = (origin.x + (Double(column) + 0.5) * cell - point.x) / radius
                grid[row * columns + column] += Float(peak * exp(-4.5 * (dx * dx + dy * dy)))
            }
        }
    }

    /// Adds many points of one radius: each point's peak spread over the four
    /// cells around it (in proportion to how near it is to each centre) on a
    /// grid wider by the kernel's reach each side, then the Gaussian run
    /// across the rows and down the columns.
    private func blur(_ members: [Int], radius: Double, reach: Double, into grid: inout [Float],
                      columns: Int, rows: Int, origin: Point) {
        let cell = Double(HeatmapPoints.cell)
        let margin = HeatmapPoints.cells(in: reach)
        let (wide, high) = (columns + 2 * margin, rows + 2 * margin)
        var spread = [Float](repeating: 0, count: wide * high)
        for index in members {
            let point = points[index]
            let gx = (point.x - origin.x) / cell - 0.5 + Double(margin), gy = (point.y - origin.y) / cell - 0.5 + Double(margin)
            guard gx > -1, gy > -1, gx < Double(wide), gy < Double(high) else { continue }
            let (x, y) = (Int(gx.rounded(.down)), Int(gy.rounded(.down)))
            let (fx, fy) = (Float(gx - Double(x)), Float(gy - Double(y)))
            // A point that adds nothing anywhere, or more than a Float holds, is left out as the cell-by-cell sum leaves it out.
            let exact = weights[index] * intensity * HeatmapPoints.gaussHeight
            guard exact > HeatmapPoints.faintest, exact < 1e30 else { continue }
            let peak = Float(exact)
            for (dx, dy, share) in [(0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)), (0, 1, (1 - fx) * fy), (1, 1, fx * fy)] {
                let (cx, cy) = (x + dx, y + dy)
                guard cx >= 0, cy >= 0, cx < wide, cy < high else { continue }
                spread[cy * wide + cx] += peak * share
            }
        }
        let kernel = (-margin...margin).map { offset -> Float in
            let d = Double(offset) * cell / radius
            return Float(exp(-4.5 * d * d))
        }
        // Across: each row of the wide grid, only for the columns the result keeps.
        var across = [Float](repeating: 0, count: columns * high)
        for row in 0..<high {
            let base = row * wide
            for column in 0..<columns {
                var sum: Float = 0
                for (k, factor) in kernel.enumerated() { sum += spread[base + column + k] * factor }
                across[row * columns + column] = sum
            }
        }
        // Down: each kept column, only for the rows the result keeps.
        for row in 0..<rows {
            for column in 0..<columns {
                var sum: Float = 0
                for (k, factor) in kernel.enumerated() { sum += across[(row + k) * columns + column] * factor }
                grid[row * columns + column] += sum
            }
        }
    }
}
