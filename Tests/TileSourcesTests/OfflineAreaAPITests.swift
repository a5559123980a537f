import Foundation
import PinmapKit
import Synchronization
import Testing

/// The library's face for offline areas, as an app meets it through
/// `import PinmapKit` alone: an area planned and counted, downloaded from a
/// PMTiles archive on a web server (here the loopback test server) with
/// progress and cancellation, and the file drawn as a map.
@Suite struct OfflineAreaAPITests {
    @Test func anAppPlansDownloadsAndStopsAnAreaFromARemoteArchive() throws {
        let (folder, _, tiles) = try RemotePMTilesTests.archive()
        let server = TestTileServer(folder: folder)
        defer { server.stop() }
        let source = try RemoteTiles.open("\(server.baseURL)/tiles/city.pmtiles")
        #expect(throws: TileSourceError.self) { try RemoteTiles.open("/tmp/city.pmtiles") }

        let area = try OfflineArea(south: -85, west: -180, north: 85, east: 180, zooms: 0...2)
        #expect(area.tileCount == 21 && area.estimatedBytes == 21 * 17_000)
        #expect(throws: OfflineAreaError.self) { try OfflineArea(south: 10, west: 0, north: 5, east: 1, zooms: 0...2) }
        let region = try OfflineArea(region: CoordinateRegion(center: Coordinate(latitude: 47.14, longitude: 9.52),
                                                              span: CoordinateSpan(latitudeDelta: 0.04, longitudeDelta: 0.06)), zooms: 12...14)
        #expect(abs(region.south - 47.12) < 1e-9 && abs(region.east - 9.55) < 1e-9)

        let file = try TestTiles.temporaryFolder().appendingPathComponent("world.mbtiles")
        // Stopped at once: nothing fetched, and the next download carries on.
        let stopped = try area.download(from: source, into: file, name: "World", isCancelled: { true })
        #expect(stopped.fetched == 0 && stopped.done < stopped.total)
        let seen = Mutex(0)
        let done = try area.download(from: source, into: file, name: "World", progress: { _ in seen.withLock { $0 += 1 } })
        #expect(done.total == 21 && done.done == 21 && done.failed == 0 && done.fetched == tiles.count)
        #expect(seen.withLock { $0 } == 21, "told after each tile")
        let drawn = try MBTilesSource(path: file.path)
        for (tile, bytes) in tiles { #expect(try drawn.data(for: tile).map([UInt8].init) == bytes, "tile \(tile)") }
        let options = try MapOptions(tiles: file.path)
        #expect(options.source.levels.contains(2))
    }
}
