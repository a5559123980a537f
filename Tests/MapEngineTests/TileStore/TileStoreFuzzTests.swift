import Foundation
import Testing
@testable import MapEngine

/// The tile store under random frames: keys of every layer and size asked
/// for and forgotten, overlays changing version, servers failing, a small
/// budget. After every pump the store, the textures it handed out and the
/// labels it reported agree.
@Suite struct TileStoreFuzzTests {
    /// Answers fixed by the key and the seed: an image of 1 to 8 pixels a side, nothing, broken or unavailable.
    struct Producer: TileProducing {
        let seed: UInt64
        func produce(_ key: TileKey) throws(TileLoadError) -> TileProduct? {
            var hasher = Hasher()
            hasher.combine(key)
            hasher.combine(seed)
            let roll = UInt64(bitPattern: Int64(hasher.finalize()))
            switch roll % 10 {
            case 0: return nil
            case 1: throw .broken(location: "t \(key.tile)", reason: "broken")
            case 2: throw .unavailable(reason: "offline")
            default:
                let side = key.pixels ?? Int(1 + roll / 10 % 8)
                return TileProduct(pixels: TilePixels(width: side, height: side, argb: Array(repeating: 0xFF00_0000, count: side * side),
                                                      isOpaque: true)!, labels: [])
            }
        }
        func location(of key: TileKey) -> String { "t \(key.tile)" }
        var offersLabels: Bool { true }
    }

    @Test(arguments: FuzzSeeds.range(count: 40))
    func theStoreItsTexturesAndItsLabelsAlwaysAgree(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let store = TileStore(base: Producer(seed: seed), budgetBytes: 4 * 64 * 4, asksForStandIns: seed % 2 == 0, workers: 2)
        let textures = RecordedTextures()
        var labelled = Set<TileID>()
        var version = 0
        let tiles = (0..<4).flatMap { x in (0..<4).map { y in TileID(z: 2, x: x, y: y) } }
        func keys() -> [TileKey] {
            (0..<Int.random(in: 0...8, using: &random)).map { _ in
                let tile = tiles.randomElement(using: &random)!
                switch Int.random(in: 0..<4, using: &random) {
                case 0: return TileKey(tile: tile, layer: .overlay(.aboveRoads, version: version))
                case 1: return TileKey(tile: tile, pixels: 5)
                default: return TileKey(tile: tile)
                }
            }
        }
        func check(_ changes: TileStore.Changes, _ step: Int) {
            for tile in changes.labels.departed { labelled.remove(tile) }
            for (tile, _) in changes.labels.arrived { labelled.insert(tile) }
            let ready = Set(textures.held.keys)
            #expect(store.usedBytes == textures.held.values.reduce(0) { $0 + $1.byteCount }, "seed \(seed) step \(step)")
            #expect(ready.allSatisfy { store.status(of: $0) == .loaded }, "seed \(seed) step \(step)")
            #expect(labelled == Set(ready.filter(\.isPlainBase).map(\.tile)), "seed \(seed) step \(step)")
            #expect(store.pendingCount >= 0)
        }
        var now = 0.0
        for step in 0..<150 {
            now += Double.random(in: 0...4, using: &random)
            if Int.random(in: 0..<20, using: &random) == 0 {
                version += 1
                store.useOverlays(version: version, producers: [.aboveRoads: Producer(seed: seed &+ UInt64(version))],
                                  discardingInto: textures)
            }
            store.request(keys(), at: now)
            if Bool.random(using: &random) { _ = store.waitForWork(until: Date(timeIntervalSinceNow: 0.01)) }
            check(store.pump(at: now, into: textures), step)
        }
        store.request([], at: now)
        let deadline = Date(timeIntervalSinceNow: 10)
        while store.pendingCount > 0 && Date() < deadline {
            _ = store.waitForWork(until: deadline)
            check(store.pump(at: now, into: textures), 150)
        }
        #expect(store.pendingCount == 0, "every job answered, seed \(seed)")
    }
}
