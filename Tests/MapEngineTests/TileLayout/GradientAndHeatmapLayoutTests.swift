import Foundation
import Testing
@testable import MapEngine

/// `line-gradient` and `heatmap` layers laid out into a tile's paint
/// operations: a gradient line keeps where along its whole line each piece
/// lies; a heatmap gathers its points (its neighbours' near the edge too)
/// with their weights and radii, and its ramp.
@Suite struct GradientAndHeatmapLayoutTests {
    typealias E = TileEncoder

    static func layout(_ layers: String) -> VectorTileLayout {
        let style = #"{"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}}, "layers": ["# + layers + "]}"
        return VectorTileLayout(style: try! MapStyle(bytes: Array(style.utf8), file: "t.json"), source: "v", dataLevels: 0...6)
    }

    /// A line across the tile's middle from 62.5 px west of it, the second half of a longer line (progress 0.5 to 1).
    static var lines: VectorTile {
        try! VectorTile(bytes: E.encode([.init(name: "routes", features: [
            .init(type: 2, properties: [("mapbox_clip_start", .double(0.5)), ("mapbox_clip_end", .double(1))],
                  commands: E.commands([[(-1000, 2048), (4096, 2048)]])),
        ])]))
    }

    static let gradientLayer = #"""
    {"id": "route", "type": "line", "source": "v", "source-layer": "routes",
     "paint": {"line-width": 4, "line-opacity": 0.5, "line-dasharray": [2, 2],
               "line-gradient": ["interpolate", ["linear"], ["line-progress"], 0, "#0000ff", 1, "#ff0000"]}}
    """#

    @Test func aGradientLineKeepsItsSpanAndTheRampWithTheLinesOpacity() throws {
        let drawing = Self.layout(Self.gradientLayer).drawing(for: TileID(z: 4, x: 0, y: 0), data: Self.lines,
                                                                 dataTile: TileID(z: 4, x: 0, y: 0), scale: 1)
        let found = drawing.operations.compactMap { operation -> ([MeasuredLine], Stroke, [Color])? in
            if case .gradient(let lines, let stroke, let ramp) = operation { (lines, stroke, ramp) } else { nil }
        }
        let (lines, stroke, ramp) = try #require(found.first)
        #expect(ramp.count == 256 && ramp.first == Color(rgba: 0, 0, 255, 128) && ramp.last == Color(rgba: 255, 0, 0, 128),
                "blue to red at half opacity: \(String(describing: ramp.first)) \(String(describing: ramp.last))")
        #expect(stroke.width == 4 && stroke.dashes.isEmpty, "a gradient has no dashes, as in MapLibre")
        let line = try #require(lines.first)
        // The line is cut at the drawn area's margin (24 px beyond the tile, and its 4 px width): its span is shared by length.
        let first = try #require(line.points.first), last = try #require(line.points.last)
        #expect(abs(first.x + 28) < 1e-6 && abs(last.x - 256) < 1e-6, "\(line.points)")
        // 34.5 of its 318.5 px lie west of that: that share of its half of the line is cut off.
        #expect(abs(line.start - (0.5 + 0.5 * 34.5 / 318.5)) < 1e-6 && abs(line.end - 1) < 1e-6, "\(line.start)…\(line.end)")
        #expect(drawing.problems.isEmpty)
    }

    @Test func aGradientWithoutLineMetricsIsDrawnInItsFirstColourAndSaysWhy() throws {
        let plain = try VectorTile(bytes: E.encode([.init(name: "routes", features: [
            .init(type: 2, properties: [], commands: E.commands([[(0, 2048), (4096, 2048)]])),
        ])]))
        let drawing = Self.layout(Self.gradientLayer).drawing(for: TileID(z: 4, x: 0, y: 0), data: plain, dataTile: TileID(z: 4, x: 0, y: 0), scale: 1)
        let spans = drawing.operations.flatMap { operation -> [MeasuredLine] in
            if case .gradient(let lines, _, _) = operation { lines } else { [] }
        }
        #expect(!spans.isEmpty && spans.allSatisfy { $0.start == 0 && $0.end == 0 })
        #expect(drawing.problems.contains { $0.contains("\"line-gradient\" needs a GeoJSON source with \"lineMetrics\": true") },
                "\(drawing.problems)")
    }

    static let heatLayer = #"""
    {"id": "heat", "type": "heatmap", "source": "v", "source-layer": "points",
     "paint": {"heatmap-weight": ["get", "w"], "heatmap-radius": 10, "heatmap-intensity": 2, "heatmap-opacity": 0.5}}
    """#

    @Test func aHeatmapGathersItsPointsWeightsAndRadiiAndTheDefaultRamp() throws {
        // One point in the tile, one just past its edge (its kernel reaches in), one far beyond, one of weight 0.
        let points = try VectorTile(bytes: E.encode([.init(name: "points", features: [
            .init(type: 1, properties: [("w", .double(1))], commands: E.commands([[(2048, 2048)]])),
            .init(type: 1, properties: [("w", .double(0.5))], commands: E.commands([[(4096 + 400, 2048)]])),
            .init(type: 1, properties: [("w", .double(1))], commands: E.commands([[(4096 + 4000, 2048)]])),
            .init(type: 1, properties: [("w", .double(0))], commands: E.commands([[(1000, 1000)]])),
        ])]))
        let drawing = Self.layout(Self.heatLayer).drawing(for: TileID(z: 4, x: 0, y: 0), data: points, dataTile: TileID(z: 4, x: 0, y: 0), scale: 2)
        let heat = try #require(drawing.operations.compactMap { operation -> HeatmapPoints? in
            if case .heatmap(let heat) = operation { heat } else { nil }
        }.first)
        #expect(heat.points == [Point(x: 128, y: 128), Point(x: 281, y: 128)], "\(heat.points)")
        #expect(heat.weights == [1, 0.5] && heat.radii == [20, 20], "radii in the drawing's pixels at 2x")
        #expect(heat.intensity == 2 && heat.opacity == 0.5)
        #expect(heat.ramp.count == 256 && heat.ramp.first == Color(rgba: 0, 0, 255, 0) && heat.ramp.last == Color(rgba: 255, 0, 0, 255),
                "the spec's default ramp, clear blue to red")
    }

    @Test func aPointsKernelPeaksAtItAndFadesToNothingPastItsReach() {
        let heat = HeatmapPoints(points: [Point(x: 18, y: 18)], weights: [1], radii: [10], intensity: 1, ramp: [], opacity: 1)
        // Cells of 4 pixels from (0, 0): cell (4, 4) is centred on (18, 18).
        let grid = heat.densities(columns: 10, rows: 10, origin: .zero)
        #expect(abs(Double(grid[4 * 10 + 4]) - HeatmapPoints.gaussHeight) < 1e-6)
        // One cell (4 px, 0.4 radii) away: e^(−4.5 · 0.16) of the peak.
        #expect(abs(Double(grid[4 * 10 + 5]) - HeatmapPoints.gaussHeight * exp(-0.72)) < 1e-6)
        #expect(grid[4 * 10 + 3] == grid[4 * 10 + 5] && grid[3 * 10 + 4] == grid[5 * 10 + 4], "the same each way")
        // Past 1.28 radii (for weight 1) a point adds nothing.
        #expect(abs(HeatmapPoints.reach(weight: 1, intensity: 1) - 1.2815) < 1e-3)
        #expect(grid[4 * 10 + 8] == 0, "16 px away")
        #expect(HeatmapPoints.reach(weight: 0, intensity: 1) == 0)
    }

    /// The campaign's crash: a kernel narrower than a cell can fall between
    /// two cell centres, and its range of cells was built backwards.
    @Test(arguments: [1.0, 1.5, 0.5, 2.0])
    func aKernelNarrowerThanACellAddsWhatItReachesAndNeverTraps(_ radius: Double) {
        let points = (0..<64).map { Point(x: 10 + Double($0) * 0.37, y: 10 + Double($0 % 8) * 0.61) }
        let heat = HeatmapPoints(points: points, weights: Array(repeating: 1, count: 64), radii: Array(repeating: radius, count: 64),
                                 intensity: 1, ramp: [], opacity: 1)
        let grid = heat.densities(columns: 12, rows: 12, origin: .zero)
        #expect(grid.allSatisfy { $0.isFinite && $0 >= 0 })
    }

    /// Many points of one radius are blurred on the grid; the result is the
    /// sum of their kernels, as the cell-by-cell sum gives it, within a
    /// step of MapLibre's 8-bit density.
    @Test func manyPointsBlurredMatchTheirKernelsSummedOneByOne() {
        var state: UInt64 = 12345
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let count = 5000
        let points = (0..<count).map { _ in Point(x: -60 + next() * 380, y: -60 + next() * 380) }
        let weights = (0..<count).map { _ in 0.02 + next() * 0.05 }
        let many = HeatmapPoints(points: points, weights: weights, radii: Array(repeating: 40, count: count),
                                 intensity: 1, ramp: [], opacity: 1)
        let blurred = many.densities(columns: 67, rows: 67, origin: Point(x: -4, y: -4))
        var exact = [Float](repeating: 0, count: 67 * 67)
        // Split into groups of a few points each, which are summed cell by cell, and add them up.
        for start in stride(from: 0, to: count, by: 20) {
            let range = start..<min(start + 20, count)
            let few = HeatmapPoints(points: Array(points[range]), weights: Array(weights[range]),
                                    radii: Array(repeating: 40, count: range.count), intensity: 1, ramp: [], opacity: 1)
            for (index, value) in few.densities(columns: 67, rows: 67, origin: Point(x: -4, y: -4)).enumerated() { exact[index] += value }
        }
        let peak = exact.max() ?? 0
        #expect(peak > 0.5, "the points overlap to most of full density: \(peak)")
        let worst = zip(blurred, exact).map { abs($0 - $1) / max($1, 1) }.max() ?? 1
        #expect(worst < 0.01, "blurred against summed: \(worst) of the density")
    }
}
