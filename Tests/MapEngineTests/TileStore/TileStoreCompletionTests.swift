import Foundation
import Synchronization
import Testing
@testable import MapEngine

/// A tile drawn without the part a server could not give (street detail
/// while offline) is shown at once and made again after the server's wait,
/// its pixels drawn meanwhile, until it comes whole.
@Suite struct TileStoreCompletionTests {
    let tile = TileID(z: 12, x: 2138, y: 1434)

    /// Makes a tile incomplete the first `incompleteTimes` times, whole after.
    final class Server: TileProducing {
        let incompleteTimes: Int
        let made = Mutex(0)

        init(incompleteTimes: Int) { self.incompleteTimes = incompleteTimes }

        func produce(_ key: TileKey) throws(TileLoadError) -> TileProduct? {
            let count = made.withLock { made in
                made += 1
                return made
            }
            var product = TileProduct(pixels: TilePixels(width: 2, height: 2, argb: Array(repeating: UInt32(count), count: 4),
                                                         isOpaque: true)!)
            product.isIncomplete = count <= incompleteTimes
            return product
        }

        func location(of key: TileKey) -> String { "test tile \(key.tile)" }
    }

    @Test func anIncompleteTileShowsAtOnceAndIsMadeAgainAfterEachWaitUntilWhole() {
        let server = Server(incompleteTimes: 2)
        let store = TileStore(base: server, budgetBytes: 1 << 20, asksForStandIns: false)
        let textures = RecordedTextures()
        let key = TileKey(tile: tile)
        store.request([key], at: 100)
        _ = TileStoreTests.settle(store, textures, at: 100)
        #expect(store.status(of: key) == .loaded, "what could be drawn is drawn at once")
        #expect(!store.retryIsDue(at: 100 + ServerBackoff.firstWait - 1))
        #expect(store.retryIsDue(at: 100 + ServerBackoff.firstWait), "an idle window wakes to ask again")

        store.request([key], at: 100 + ServerBackoff.firstWait)
        #expect(store.status(of: key) == .loaded && store.isRepainting(key), "the first pixels stay while it is made again")
        _ = TileStoreTests.settle(store, textures, at: 115)
        #expect(textures.held[key]?.argb.first == 2)
        #expect(!store.retryIsDue(at: 115 + ServerBackoff.firstWait), "each failure waits longer")
        #expect(store.retryIsDue(at: 115 + 2 * ServerBackoff.firstWait))

        store.request([key], at: 145)
        _ = TileStoreTests.settle(store, textures, at: 145)
        #expect(textures.held[key]?.argb.first == 3, "whole at last")
        #expect(!store.retryIsDue(at: 10_000), "a whole tile is not made again")
        store.request([key], at: 10_000)
        #expect(store.pendingCount == 0)
        #expect(server.made.withLock { $0 } == 3)
    }

    @Test func aTileThatLeftTheScreenIsMadeWholeOnlyWhenShownAgain() {
        let server = Server(incompleteTimes: 1)
        let store = TileStore(base: server, budgetBytes: 1 << 20, asksForStandIns: false)
        let textures = RecordedTextures()
        let key = TileKey(tile: tile), other = TileKey(tile: TileID(z: 12, x: 0, y: 0))
        store.request([key], at: 0)
        _ = TileStoreTests.settle(store, textures, at: 0)
        store.request([other], at: 20)
        _ = TileStoreTests.settle(store, textures, at: 20)
        #expect(server.made.withLock { $0 } == 2, "the wait being over asks nothing of a tile off screen")
        store.request([key], at: 21)
        _ = TileStoreTests.settle(store, textures, at: 21)
        #expect(server.made.withLock { $0 } == 3 && textures.held[key]?.argb.first == 3)
    }
}
