import Foundation
import MapEngine
import MapKitLayer
import Testing
@testable import TileSources

@Suite struct DiskTileCacheTests {
    let tile = TileID(z: 3, x: 2, y: 1)

    @Test func keepsBytesValidatorsAndExpiry() throws {
        let cache = try DiskTileCache(folder: TestTiles.temporaryFolder(), limitBytes: 8 << 20)
        let expires = Date(timeIntervalSince1970: 1_900_000_000)
        cache.store(tile, data: Data([1, 2, 3, 10, 13]), etag: "\"abc\"", lastModified: "Sun, 06 Nov 1994 08:49:37 GMT",
                    expires: expires)
        let entry = try #require(cache.entry(for: tile))
        #expect(entry.data == Data([1, 2, 3, 10, 13]) && entry.etag == "\"abc\"" && entry.expires == expires)
        #expect(entry.lastModified == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(!entry.isFresh(at: expires) && entry.isFresh(at: expires.addingTimeInterval(-1)))
        #expect(cache.entry(for: TileID(z: 3, x: 2, y: 2)) == nil)
    }

    @Test func pastItsLimitTheLeastRecentlyUsedGoFirst() throws {
        let folder = try TestTiles.temporaryFolder()
        let cache = try DiskTileCache(folder: folder, limitBytes: 1 << 20)
        let block = Data(repeating: 7, count: 300 << 10)
        let tiles = (0..<3).map { TileID(z: 4, x: $0, y: 0) }
        for (i, tile) in tiles.enumerated() {
            cache.store(tile, data: block, etag: nil, lastModified: nil, expires: .distantFuture)
            // Older use for the earlier ones, as if read long ago.
            let file = folder.appendingPathComponent("4/\(i)/0.tile").path
            var times = [timeval(tv_sec: 1_000_000 + i, tv_usec: 0), timeval(tv_sec: 1_000_000 + i, tv_usec: 0)]
            utimes(file, &times)
        }
        _ = cache.entry(for: tiles[0])  // used now: the newest
        cache.store(TileID(z: 4, x: 9, y: 0), data: block, etag: nil, lastModified: nil, expires: .distantFuture)
        #expect(cache.bytesUsed <= 1 << 20)
        #expect(cache.entry(for: tiles[1]) == nil, "the least recently used went")
        #expect(cache.entry(for: tiles[0]) != nil && cache.entry(for: TileID(z: 4, x: 9, y: 0)) != nil)
    }

    @Test func aRestartCountsWhatIsThereAndClearsHalfWrittenFiles() throws {
        let folder = try TestTiles.temporaryFolder()
        let cache = try DiskTileCache(folder: folder, limitBytes: 8 << 20)
        cache.store(tile, data: Data(count: 1000), etag: nil, lastModified: nil, expires: .distantFuture)
        let partial = folder.appendingPathComponent(DiskTileCache.temporaryPrefix + "killed")
        try Data(count: 500).write(to: partial)
        let again = try DiskTileCache(folder: folder, limitBytes: 8 << 20)
        #expect(again.bytesUsed == cache.bytesUsed)
        #expect(!FileManager.default.fileExists(atPath: partial.path))
    }

    @Test func livesUnderXDGCacheHomeOneFolderPerTemplate() throws {
        #expect(DiskTileCache.root(environment: ["XDG_CACHE_HOME": "/var/c", "HOME": "/home/u"]).path == "/var/c/pinmap")
        #expect(DiskTileCache.root(environment: ["HOME": "/home/u"]).path == "/home/u/.cache/pinmap")
        let root = URL(fileURLWithPath: "/c")
        let a = DiskTileCache.folder(for: try TileURLTemplate("https://{s}.tile.example.org/{z}/{x}/{y}.png"), in: root)
        let b = DiskTileCache.folder(for: try TileURLTemplate("https://{s}.tile.example.org/{z}/{x}/{y}@2x.png"), in: root)
        #expect(a != b && a.lastPathComponent.hasPrefix("s.tile.example.org-"))
    }
}
