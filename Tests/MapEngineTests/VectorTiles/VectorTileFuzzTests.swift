import Foundation
import Testing
@testable import MapEngine

/// Good vector tiles broken in seeded ways (bytes changed, inserted or cut,
/// lengths and counts made to lie): decoding and laying out each must end in
/// a drawing or a `VectorTileError`, never a crash or a hang. A failing seed
/// runs again alone with `PINMAP_FUZZ_FIRST_SEED=<seed> PINMAP_FUZZ_SEEDS=1`.
@Suite struct VectorTileFuzzTests {
    static var seeds: Range<UInt64> { FuzzSeeds.range(count: 300) }

    static let layout = VectorTileLayout(style: try! MapStyle(bytes: Array(VectorTileLayoutTests.style.utf8), file: "t.json"),
                                         source: "v", dataLevels: 0...6)

    static var goodTile: [UInt8] {
        let ring: [(Int32, Int32)] = [(10, 10), (4000, 30), (3900, 3900), (40, 4000)]
        let hole: [(Int32, Int32)] = [(100, 100), (100, 300), (300, 300), (300, 100)]
        return TileEncoder.encode([
            .init(name: "areas", features: (0..<20).map { i in
                .init(id: UInt64(i), type: 3, properties: [("class", .string("park")), ("kind", .string(i % 2 == 0 ? "wood" : "grass"))],
                      commands: TileEncoder.commands([ring, hole], close: true))
            }),
            .init(name: "roads", features: (0..<20).map { i in
                .init(type: 2, properties: [("lanes", .int(Int64(i)))],
                      commands: TileEncoder.commands([[(0, Int32(i * 100)), (2000, Int32(i * 150)), (4096, 4096)]]))
            }),
            .init(name: "places", features: (0..<20).map { i in
                .init(type: 1, properties: [("name", .string("Place \(i)")), ("rank", .double(Double(i)))],
                      commands: TileEncoder.commands([[(Int32(i * 200), Int32(i * 180))]]))
            }),
        ])
    }

    @Test func brokenTilesEndInADrawingOrANamedError() {
        let good = Self.goodTile
        var outcomes = (drawn: 0, refused: 0)
        for seed in Self.seeds {
            var random = SeededGenerator(seed: seed)
            let bytes = Self.mutate(good, &random)
            do {
                let tile = try VectorTile(bytes: bytes)
                _ = Self.layout.drawing(for: TileID(z: 4, x: 0, y: 0), data: tile, dataTile: TileID(z: 4, x: 0, y: 0), scale: 1)
                _ = Self.layout.drawing(for: TileID(z: 9, x: 17, y: 3), data: tile, dataTile: TileID(z: 4, x: 0, y: 0), scale: 2)
                outcomes.drawn += 1
            } catch {
                #expect(!error.description.isEmpty, "seed \(seed)")
                outcomes.refused += 1
            }
        }
        // Both kinds happen: the mutations are neither all harmless nor all fatal.
        if Self.seeds.count >= 100 { #expect(outcomes.drawn > 0 && outcomes.refused > 0) }
    }

    static func mutate(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var out = bytes
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            guard !out.isEmpty else { break }
            let at = Int.random(in: 0..<out.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: out[at] = UInt8.random(in: 0...255, using: &random)
            case 1: out[at] ^= 1 << UInt8.random(in: 0...7, using: &random)
            case 2: out.insert(contentsOf: (0..<Int.random(in: 1...8, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }, at: at)
            case 3: out.removeSubrange(at..<min(out.count, at + Int.random(in: 1...16, using: &random)))
            case 4: out = Array(out.prefix(at))
            default:
                // A varint that claims far more than is there.
                out.insert(contentsOf: [0xFF, 0xFF, 0xFF, 0xFF, 0x0F], at: at)
            }
        }
        return out
    }
}
