import Foundation
import Testing
@testable import MapEngine

/// A style changed at run time: the store makes the map's tiles with the
/// new producer, and draws the old pixels until the new ones come.
@Suite struct TileStoreRestyleTests {
    let a = TileID(z: 3, x: 1, y: 1), b = TileID(z: 3, x: 2, y: 1), gone = TileID(z: 3, x: 3, y: 1)

    @Test func oldPixelsStandUntilTheNewStylesArriveAndReplaceThem() {
        let old = ScriptedProducer(answers: [a: .image(labels: [TileStoreTests.label("old")]), b: .image(labels: [])])
        let store = TileStore(base: old, budgetBytes: 1 << 20, asksForStandIns: false)
        let textures = RecordedTextures()
        let keys = [a, b, gone].map { TileKey(tile: $0) }
        store.request(keys, at: 0)
        _ = TileStoreTests.settle(store, textures, at: 0)
        #expect(store.status(of: gone) == .missing)
        let bytes = store.usedBytes

        let new = ScriptedProducer(answers: [a: .image(labels: [TileStoreTests.label("new")]), gone: .image(labels: [])])
        store.replaceBase(with: new)
        #expect(store.status(of: a) == .loaded && store.status(of: b) == .loaded, "the old pixels are drawn meanwhile: no flash")
        #expect(store.status(of: gone) == nil, "a tile the old style lacked is asked for again")
        #expect(store.pendingCount == 0, "nothing is made before it is asked for")

        store.request(keys, at: 1)
        #expect(store.status(of: a) == .loaded, "still the old pixels while the new are made")
        #expect(store.pendingCount == 3)
        let changes = TileStoreTests.settle(store, textures, at: 1)
        #expect(new.made.keys.withLock { Set($0) } == Set(keys))
        #expect(changes.labels.arrived.first { $0.tile == a }?.labels.map(\.text) == ["new"])
        #expect(store.status(of: gone) == .loaded)
        #expect(store.status(of: b) == nil && textures.held[TileKey(tile: b)] == nil, "the new style has nothing there: it goes")
        #expect(changes.labels.departed.contains(b))
        #expect(store.usedBytes == bytes, "a tile's bytes counted once: \(store.usedBytes)")

        store.request(keys, at: 2)
        #expect(store.pendingCount == 1 && store.status(of: b) == .loading, "only b, which went, is asked again")
    }

    @Test func aChangeThatDoesNotReachATileLeavesItBe() {
        let old = ScriptedProducer(answers: [a: .image(labels: [TileStoreTests.label("old")]), b: .image(labels: [])])
        let store = TileStore(base: old, budgetBytes: 1 << 20, asksForStandIns: false)
        let textures = RecordedTextures()
        let keys = [a, b].map { TileKey(tile: $0) }
        store.request(keys, at: 0)
        _ = TileStoreTests.settle(store, textures, at: 0)
        let new = ScriptedProducer(answers: [a: .image(labels: [TileStoreTests.label("new")]), b: .image(labels: [])])
        var asked: [TileKey] = []
        store.replaceBase(with: new) { key, madeBy in
            asked.append(key)
            #expect((madeBy as? ScriptedProducer)?.made === old.made, "asked with the producer that made the tile")
            return key.tile == b
        }
        #expect(Set(asked) == Set(keys))
        store.request(keys, at: 1)
        _ = TileStoreTests.settle(store, textures, at: 1)
        #expect(new.made.keys.withLock { Set($0) } == [TileKey(tile: a)], "only the reached tile is made again")
        #expect(store.status(of: b) == .loaded, "the one left be is still drawn")
    }

    @Test func aTileMadeByTheOldStyleAfterTheChangeIsMadeAgain() {
        final class Gate: @unchecked Sendable {
            // Guarded: `open` only under the condition's lock.
            let condition = NSCondition()
            var open = false
        }
        struct Slow: TileProducing {
            let gate: Gate
            let inner: ScriptedProducer
            func produce(_ key: TileKey) throws(TileLoadError) -> TileProduct? {
                gate.condition.lock()
                while !gate.open { gate.condition.wait() }
                gate.condition.unlock()
                return try inner.produce(key)
            }
            func location(of key: TileKey) -> String { inner.location(of: key) }
            var offersLabels: Bool { true }
        }
        let gate = Gate()
        let store = TileStore(base: Slow(gate: gate, inner: ScriptedProducer(answers: [a: .image(labels: [TileStoreTests.label("old")])])),
                              budgetBytes: 1 << 20, asksForStandIns: false)
        let textures = RecordedTextures()
        store.request([TileKey(tile: a)], at: 0)
        let new = ScriptedProducer(answers: [a: .image(labels: [TileStoreTests.label("new")])])
        store.replaceBase(with: new)
        gate.condition.lock()
        gate.open = true
        gate.condition.broadcast()
        gate.condition.unlock()
        let changes = TileStoreTests.settle(store, textures, at: 0)
        #expect(changes.labels.arrived.map { $0.labels.map(\.text) } == [["new"]], "the old style's tile never shows")
        #expect(store.status(of: a) == .loaded && store.pendingCount == 0)
    }
}
