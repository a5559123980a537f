import Foundation
import MapEngine
import PinmapResources
import Synchronization
import Testing
@testable import TileSources

/// Downloading an area: the tiles that cover a box at its zooms, fetched
/// from a server of our own on 127.0.0.1 into an MBTiles file, two at a
/// time, resumed after a stop without fetching a tile twice.
@Suite struct AreaDownloaderTests {
    let server = TestTileServer(folder: PinmapResources.tilesDirectory)

    func source() throws -> HTTPTileSource {
        let cache = try DiskTileCache(folder: TestTiles.temporaryFolder(), limitBytes: 64 << 20)
        return HTTPTileSource(template: try TileURLTemplate("\(server.baseURL)/tiles/{z}/{x}/{y}.png"), levels: 0...5, cache: cache)
    }

    @Test func anAreaIsDownloadedIntoAnMBTilesFileWithItsMetadata() throws {
        let path = try TestTiles.temporaryFolder().appendingPathComponent("areas/world.mbtiles").path
        let plan = try AreaPlan(south: -85, west: -180, north: 85, east: 180, zooms: 0...2)
        let done = try AreaDownloader(source: try source(), file: try AreaFile(path: path))
            .run(plan, metadata: ["name": "World", "format": "png", "bounds": "-180,-85,180,85", "minzoom": "0", "maxzoom": "2"])
        #expect(done.fetched == 21 && done.failed == 0 && done.done == done.total)
        let file = try MBTilesSource(path: path)
        #expect(file.levels == 0...2)
        let embedded = try TestTiles.embedded
        for tile in plan.tiles {
            #expect(try file.data(for: tile) == (try embedded.data(for: tile)), "tile \(tile)")
        }
        #expect(server.mostOpenAtOnce <= 2, "at most two requests at a time")
        #expect(server.requests.allSatisfy { $0.headers["user-agent"]?.hasPrefix("pinmap/") == true })
    }

    @Test func aStoppedDownloadResumesWithoutFetchingATileTwice() throws {
        let path = try TestTiles.temporaryFolder().appendingPathComponent("world.mbtiles").path
        let plan = try AreaPlan(south: -85, west: -180, north: 85, east: 180, zooms: 0...3)
        let seen = Mutex(0)
        // Stopped after about 30 tiles, as by Ctrl+C.
        let first = try AreaDownloader(source: try source(), file: try AreaFile(path: path))
            .run(plan, metadata: [:], progress: { _ in seen.withLock { $0 += 1 } }, isCancelled: { seen.withLock { $0 >= 30 } })
        #expect(first.done < plan.tileCount, "the first run stopped early (\(first.done) of \(plan.tileCount))")
        let held = try AreaFile(path: path).tiles()
        #expect(held.count == first.fetched, "every tile fetched before the stop is in the file")
        let second = try AreaDownloader(source: try source(), file: try AreaFile(path: path)).run(plan, metadata: ["name": "World"])
        #expect(second.alreadyHeld == held.count)
        #expect(second.done == plan.tileCount && second.failed == 0)
        let paths = server.requests.map(\.path)
        #expect(paths.count == Set(paths).count, "no tile was fetched twice (\(paths.count) requests, \(Set(paths).count) tiles)")
        #expect(Set(paths).count == plan.tileCount)
        let file = try MBTilesSource(path: path)
        let embedded = try TestTiles.embedded
        for tile in plan.tiles { #expect(try file.data(for: tile) == (try embedded.data(for: tile)), "tile \(tile)") }
    }
}
