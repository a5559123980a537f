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
    package func densities(columns: Int, rows: Int, origin: Point) -> [Float] {
        var grid = [Float](repeating: 0, count: max(columns, 0) * max(rows, 0))
        guard columns > 0, rows > 0 else { return grid }
        let cell = Double(HeatmapPoints.cell)
        for index in points.indices where index < weights.count && index < radii.count {
            let (point, weight, radius) = (points[index], weights[index], radii[index])
            guard radius > 0, radius.isFinite, point.x.isFinite, point.y.isFinite else { continue }
            let reach = HeatmapPoints.reach(weight: weight, intensity: intensity) * radius
            guard reach > 0 else { continue }
            // The cells whose centres lie within the kernel's square, as MapLibre draws it on a square.
            let low = (x: Int(((point.x - reach - origin.x) / cell - 0.5).rounded(.up)), y: Int(((point.y - reach - origin.y) / cell - 0.5).rounded(.up)))
            let high = (x: Int(((point.x + reach - origin.x) / cell - 0.5).rounded(.down)), y: Int(((point.y + reach - origin.y) / cell - 0.5).rounded(.down)))
            guard low.x < columns, low.y < rows, high.x >= 0, high.y >= 0 else { continue }
            let peak = weight * intensity * HeatmapPoints.gaussHeight
            for row in max(low.y, 0)...min(high.y, rows - 1) {
                let dy = (origin.y + (Double(row) + 0.5) * cell - point.y) / radius
                for column in max(low.x, 0)...min(high.x, columns - 1) {
                    let dx = (origin.x + (Double(column) + 0.5) * cell - point.x) / radius
                    grid[row * columns + column] += Float(peak * exp(-4.5 * (dx * dx + dy * dy)))
                }
            }
        }
        return grid
    }
}
