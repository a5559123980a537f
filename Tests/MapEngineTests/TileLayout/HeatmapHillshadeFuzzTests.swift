import Foundation
import Testing
@testable import MapEngine

/// Seeded hostile heatmap and hillshade parameters, as the campaign tried
/// them: radii at and below the spec's minimum, huge and not finite,
/// weights and intensities of every size, points on cell edges and far
/// outside; DEM tiles of random pixels and sizes with hostile encodings,
/// exaggerations, light directions and latitudes. Each draws in bounded
/// time with every density or colour finite, and never traps. A failing
/// seed runs again alone with `PINMAP_FUZZ_FIRST_SEED=<seed> PINMAP_FUZZ_SEEDS=1`;
/// `make fuzz` runs many more seeds.
@Suite struct HeatmapHillshadeFuzzTests {
    static var seeds: Range<UInt64> { FuzzSeeds.range(count: 100) }

    static let hostile: [Double] = [0, -1, 0.5, 1, 1.5, 2, 1e-9, 1e308, -1e308, .infinity, -.infinity, .nan, 200, 4096, 3.999, 4.001]

    static func number(_ random: inout SeededGenerator, _ sane: ClosedRange<Double>) -> Double {
        Bool.random(using: &random) ? hostile.randomElement(using: &random)! : Double.random(in: sane, using: &random)
    }

    @Test func hostileHeatmapsSumFiniteDensitiesInBoundedTime() {
        for seed in Self.seeds {
            var random = SeededGenerator(seed: seed)
            let count = [0, 1, 7, 300, 3000].randomElement(using: &random)!
            let sharedRadius = Self.number(&random, 0...300)
            let points = (0..<count).map { _ in
                Point(x: Self.number(&random, -400...700), y: Self.number(&random, -400...700))
            }
            let weights = (0..<count).map { _ in Self.number(&random, 0...5) }
            let radii = (0..<count).map { _ in Bool.random(using: &random) ? sharedRadius : Self.number(&random, 0...300) }
            let heat = HeatmapPoints(points: points, weights: weights, radii: radii, intensity: Self.number(&random, 0...4), ramp: [],
                                     opacity: 1)
            let columns = Int.random(in: 0...80, using: &random), rows = Int.random(in: 0...80, using: &random)
            let start = Date()
            let grid = heat.densities(columns: columns, rows: rows, origin: Point(x: Self.number(&random, -100...100), y: -4))
            #expect(grid.count == columns * rows, "seed \(seed)")
            #expect(grid.allSatisfy { !$0.isNaN && $0 >= 0 }, "seed \(seed): a density that is not a number or below zero: \(grid.first { $0.isNaN || $0 < 0 } ?? 0) radius \(sharedRadius) intensity \(heat.intensity) count \(count)")
            #expect(Date().timeIntervalSince(start) < 3, "seed \(seed) took \(Date().timeIntervalSince(start)) s")
        }
    }

    @Test func hostileHillshadesShadeFiniteColoursInBoundedTime() {
        for seed in Self.seeds {
            var random = SeededGenerator(seed: seed)
            let side = [1, 2, 3, 16, 64].randomElement(using: &random)!
            let pixels = (0..<side * side).map { _ in UInt32.random(in: 0...UInt32.max, using: &random) }
            guard let dem = TilePixels(width: side, height: side, argb: pixels, isOpaque: false) else { continue }
            let encoding = Bool.random(using: &random) ? Hillshade.Encoding.terrarium
                : Hillshade.Encoding(red: Self.number(&random, -10...10), green: Self.number(&random, -10...10),
                                     blue: Self.number(&random, -1...1), shift: Self.number(&random, -1e5...1e5))
            let shading = Hillshade(encoding: encoding, demZoom: Int.random(in: -2...30, using: &random),
                                    exaggeration: Self.number(&random, 0...1), direction: Self.number(&random, 0...360),
                                    shadow: Color(rgba: 0, 0, 0, 255), highlight: Color(rgba: 255, 255, 255, 255),
                                    accent: Color(rgba: 0, 0, 0, 128),
                                    latitudes: (Self.number(&random, -85...85), Self.number(&random, -85...85)))
            let tile = TileID(z: Int.random(in: 0...20, using: &random), x: 0, y: 0)
            let start = Date()
            if let shaded = shading.shade(dem, tile: tile, neighbours: [:]) {
                #expect(shaded.width == side && shaded.height == side, "seed \(seed)")
            }
            #expect(Date().timeIntervalSince(start) < 3, "seed \(seed)")
        }
    }
}
