import Foundation
import Synchronization
import MapEngine
import Testing
@testable import TileSources

/// A PMTiles archive on a web server (the loopback test server, answering
/// range requests as static storage does) is read a part at a time and
/// gives the tiles the same file gives from the disk.
@Suite struct RemotePMTilesTests {
    typealias Entry = PMTilesDirectory.Entry

    /// An archive whose level-2 tiles sit in a leaf directory and whose
    /// tiles are large enough (20 KB each) to lie past the first 16 KB
    /// read when it is opened; written into a server folder of its own.
    static func archive() throws -> (folder: URL, bytes: [UInt8], tiles: [TileID: [UInt8]]) {
        var builder = PMTilesBuilder()
        builder.tileType = 2  // png, as the builder's other archives
        var tiles: [TileID: [UInt8]] = [:]
        var entries: [Entry] = []
        var rootEntries: [Entry] = []
        let ids: [(TileID, UInt64)] = [(TileID(z: 0, x: 0, y: 0), 0), (TileID(z: 1, x: 1, y: 1), 3)]
            + (0..<4).map { x in (TileID(z: 2, x: x, y: 0), PMTilesDirectory.tileID(z: 2, x: x, y: 0)) }
        for (index, (tile, id)) in ids.enumerated() {
            let bytes = (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* (index + 3) &+ index) }
            let offset = builder.addTile(bytes)
            tiles[tile] = bytes
            let entry = Entry(tileID: id, offset: offset, length: UInt64(bytes.count), runLength: 1)
            if tile.z == 2 { entries.append(entry) } else { rootEntries.append(entry) }
        }
        entries.sort { $0.tileID < $1.tileID }
        builder.root = rootEntries + [builder.addLeaf(entries)]
        builder.maxZoom = 2
        let folder = try TestTiles.temporaryFolder()
        let bytes = builder.bytes()
        try Data(bytes).write(to: folder.appendingPathComponent("city.pmtiles"))
        return (folder, bytes, tiles)
    }

    @Test func aRemoteArchiveGivesTheTilesTheFileGivesAPartAtATime() throws {
        let (folder, bytes, tiles) = try Self.archive()
        let server = TestTileServer(folder: folder)
        defer { server.stop() }
        let url = "\(server.baseURL)/tiles/city.pmtiles"
        #expect(TileSourceOpener.kind(of: url) == .remotePMTiles)
        let source = try #require(try TileSourceOpener.open(url) as? PMTilesSource)
        let local = try PMTilesSource(path: folder.appendingPathComponent("city.pmtiles").path)
        #expect(source.levels == local.levels && source.attribution == local.attribution)
        for tile in tiles.keys.sorted() {
            let remote = try source.data(for: tile).map([UInt8].init)
            #expect(remote == tiles[tile], "tile \(tile)")
            #expect(remote == (try local.data(for: tile)).map([UInt8].init))
        }
        #expect(try source.data(for: TileID(z: 2, x: 3, y: 3)) == nil, "a tile the archive lacks is nil, as from the file")
        let archive = try #require(source.archive as? RemoteArchive)
        let traffic = archive.traffic
        // The opening, the leaf directory once (kept), and each tile past the opening's bytes.
        #expect(traffic.requests <= 1 + 1 + tiles.count, "\(traffic.requests) requests")
        // Past the opening's 16 KB, only what the view asked for: the tiles' own bytes and the leaf directory's.
        let tileBytes = tiles.values.reduce(0) { $0 + $1.count }
        #expect(traffic.bytes - Int(RemoteArchive.openingBytes) <= tileBytes + 100,
                "\(traffic.bytes) bytes fetched for \(tileBytes) bytes of tiles in a \(bytes.count)-byte file")
        let ranges = server.requests.compactMap { $0.headers["range"] }
        #expect(ranges.first == "bytes=0-16383", "the opening reads the first 16 KB")
        #expect(ranges.count == server.requests.count, "every request asks for a range")
        #expect(server.requests.allSatisfy { $0.headers["user-agent"]?.hasPrefix("pinmap/") == true })
    }

    /// A view's tiles stored side by side (as PMTiles writers store them, in
    /// the order of their ids on the Hilbert curve) come a run at a time.
    @Test func neighbouringTilesStoredTogetherComeInOneRequest() throws {
        var builder = PMTilesBuilder()
        builder.tileType = 2
        var tiles: [TileID: [UInt8]] = [:]
        var entries: [Entry] = []
        let all = (0..<16).map { TileID(z: 2, x: $0 % 4, y: $0 / 4) }
            .sorted { PMTilesDirectory.tileID(z: 2, x: $0.x, y: $0.y) < PMTilesDirectory.tileID(z: 2, x: $1.x, y: $1.y) }
        for (index, tile) in all.enumerated() {
            let bytes = (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* (index + 5) &+ index) }
            tiles[tile] = bytes
            entries.append(Entry(tileID: PMTilesDirectory.tileID(z: 2, x: tile.x, y: tile.y), offset: builder.addTile(bytes),
                                 length: UInt64(bytes.count), runLength: 1))
        }
        builder.root = entries
        builder.minZoom = 2
        builder.maxZoom = 2
        let folder = try TestTiles.temporaryFolder()
        try Data(builder.bytes()).write(to: folder.appendingPathComponent("view.pmtiles"))
        let server = TestTileServer(folder: folder)
        defer { server.stop() }
        let source = try #require(try TileSourceOpener.open("\(server.baseURL)/tiles/view.pmtiles") as? PMTilesSource)
        // A 2x2 view first (the tiles' ids 0-3 lie side by side), then the rest.
        let view = [TileID(z: 2, x: 0, y: 0), TileID(z: 2, x: 1, y: 0), TileID(z: 2, x: 0, y: 1), TileID(z: 2, x: 1, y: 1)]
        for tile in view { #expect(try source.data(for: tile).map([UInt8].init) == tiles[tile], "tile \(tile)") }
        let archive = try #require(source.archive as? RemoteArchive)
        #expect(archive.traffic.requests == 2, "the opening, then the view's four tiles in one request: \(archive.traffic.requests)")
        for tile in all { #expect(try source.data(for: tile).map([UInt8].init) == tiles[tile], "tile \(tile)") }
        let tileBytes = tiles.values.reduce(0) { $0 + $1.count }
        #expect(archive.traffic.requests <= 4, "16 tiles in \(archive.traffic.requests) requests")
        #expect(archive.traffic.bytes <= Int(RemoteArchive.openingBytes) + tileBytes, "no tile fetched twice: \(archive.traffic.bytes) bytes")
    }

    @Test func aTileAskedForByManyWorkersAtOnceIsFetchedOnce() throws {
        let (folder, bytes, _) = try Self.archive()
        let server = TestTileServer(folder: folder)
        defer { server.stop() }
        let archive = try RemoteArchive(url: try #require(URL(string: "\(server.baseURL)/tiles/city.pmtiles")))
        let offset = UInt64(bytes.count - 20_000), length: UInt64 = 20_000
        let parts = Mutex<[[UInt8]]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if let part = try? archive.read(offset: offset, length: length) { parts.withLock { $0.append(part) } }
        }
        #expect(parts.withLock { $0.count } == 8)
        #expect(parts.withLock { $0.allSatisfy { $0 == Array(bytes[Int(offset)...]) } })
        let asked = server.requests.filter { $0.headers["range"] == "bytes=\(offset)-\(offset + length - 1)" }
        #expect(asked.count == 1, "\(asked.count) requests for one part")
    }

    @Test func pmtilesBeforeTheURLOpensItAsAnArchive() throws {
        let (folder, _, tiles) = try Self.archive()
        let server = TestTileServer(folder: folder)
        defer { server.stop() }
        // No .pmtiles at the end of the path: the prefix says what it is.
        try FileManager.default.copyItem(at: folder.appendingPathComponent("city.pmtiles"), to: folder.appendingPathComponent("city.bin"))
        let spec = "pmtiles://\(server.baseURL)/tiles/city.bin"
        #expect(TileSourceOpener.kind(of: spec) == .remotePMTiles)
        let source = try TileSourceOpener.open(spec)
        #expect(try source.data(for: TileID(z: 1, x: 1, y: 1)).map([UInt8].init) == tiles[TileID(z: 1, x: 1, y: 1)])
        #expect(TileSourceOpener.kind(of: "\(server.baseURL)/tiles/{z}/{x}/{y}.png") == .server, "a template stays a server")
    }

    @Test func aFileReplacedOnTheServerIsNoticedByItsETag() throws {
        let (folder, _, _) = try Self.archive()
        let server = TestTileServer(folder: folder)
        defer { server.stop() }
        let source = try TileSourceOpener.open("\(server.baseURL)/tiles/city.pmtiles")
        #expect(try source.data(for: TileID(z: 0, x: 0, y: 0)) != nil)
        // Another archive at the same address: same layout, other tile bytes.
        var other = try Data(contentsOf: folder.appendingPathComponent("city.pmtiles"))
        other[other.count - 1] ^= 0xFF
        try other.write(to: folder.appendingPathComponent("city.pmtiles"))
        #expect {
            _ = try source.data(for: TileID(z: 2, x: 1, y: 0))
        } throws: { error in
            "\(error)".contains("replaced") && "\(error)".contains("ETag")
        }
    }

    @Test func aServerThatIgnoresRangeServesASmallArchiveWholeOnce() throws {
        let (folder, _, tiles) = try Self.archive()
        let server = TestTileServer(folder: folder)
        defer { server.stop() }
        let source = try TileSourceOpener.open("\(server.baseURL)/norange/city.pmtiles")
        for (tile, bytes) in tiles { #expect(try source.data(for: tile).map([UInt8].init) == bytes) }
        #expect(server.requests.count == 1, "the whole file came with the opening and serves every tile")
    }

    @Test func aMissingArchiveOrAFileThatIsNotOneSaysSo() throws {
        let (folder, _, _) = try Self.archive()
        try Data("<html>not a map</html>".utf8).write(to: folder.appendingPathComponent("page.pmtiles"))
        let server = TestTileServer(folder: folder)
        defer { server.stop() }
        #expect(throws: TileSourceError.notFound(path: "\(server.baseURL)/tiles/gone.pmtiles")) {
            _ = try TileSourceOpener.open("\(server.baseURL)/tiles/gone.pmtiles")
        }
        #expect {
            _ = try TileSourceOpener.open("\(server.baseURL)/tiles/page.pmtiles")
        } throws: { error in
            "\(error)".contains("page.pmtiles")
        }
        server.stop()
        #expect {
            _ = try TileSourceOpener.open("\(server.baseURL)/tiles/city.pmtiles")
        } throws: { error in
            "\(error)".contains("city.pmtiles")
        }
    }
}
