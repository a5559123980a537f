import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import Testing

/// The tile store with SDL_image decoding real files: states, budget, eviction.
@Suite @MainActor struct TileStoreImageTests {
    @Test func loadsDecodesAndReportsEachTileOnce() throws {
        let run = try TestMaps.run(tiles: TestMaps.fixtures.appendingPathComponent("partial-tiles"),
                                   center: Coordinate(latitude: 0, longitude: 0), zoom: 2,
                                   size: Size(width: 64, height: 64))
        let loader = run.session
        let tiles = [TileID(z: 2, x: 0, y: 0), TileID(z: 2, x: 2, y: 2), TileID(z: 2, x: 1, y: 1)]
        #expect(tiles.allSatisfy { loader.tiles.status(of: $0) == nil })
        loader.request(tiles)
        #expect(tiles.allSatisfy { loader.tiles.status(of: $0) == .loading })
        #expect(loader.tiles.pendingCount == 3)
        #expect(loader.waitUntilSettled(tiles, timeout: 10))
        #expect(loader.tiles.status(of: tiles[0]) == .loaded)
        #expect(loader.tiles.status(of: tiles[1]) == .failed)
        #expect(loader.tiles.status(of: tiles[2]) == .missing)
        // The software renderer keeps each tile's pixels beside its texture (to warp them when tilted),
        // with their half- and quarter-size copies: all count.
        #expect(loader.tiles.usedBytes == 256 * 256 * 4 + (256 * 256 + 128 * 128 + 64 * 64) * 4)
        loader.request(tiles)
        #expect(loader.tiles.pendingCount == 0, "known tiles are not loaded again")
    }

    @Test func aSmallBudgetEvictsTheLeastRecentlyUsedTile() throws {
        var options = try TestMaps.options(center: Coordinate(latitude: 0, longitude: 0), zoom: 1,
                                           size: Size(width: 64, height: 64))
        // Room for two tiles, each held twice by the software renderer (texture and pixels, these with smaller copies).
        options.tileCacheBytes = 2 * (256 * 256 * 4 + (256 * 256 + 128 * 128 + 64 * 64) * 4)
        let run = try HeadlessRun(options: options)
        let loader = run.session
        let first = [TileID(z: 1, x: 0, y: 0), TileID(z: 1, x: 1, y: 0)]
        // One at a time: decodes run in parallel, so loads requested together
        // may finish in either order.
        for tile in first {
            loader.request([tile])
            #expect(loader.waitUntilSettled([tile], timeout: 10))
        }
        let third = TileID(z: 1, x: 0, y: 1)
        loader.request([third])
        #expect(loader.waitUntilSettled([third], timeout: 10))
        #expect(loader.tiles.status(of: third) == .loaded)
        #expect(loader.tiles.status(of: first[0]) == nil, "the oldest tile was evicted")
        #expect(loader.tiles.status(of: first[1]) == .loaded)
        #expect(loader.tiles.usedBytes <= options.tileCacheBytes)
    }
}
