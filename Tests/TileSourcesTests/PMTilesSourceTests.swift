import Foundation
import MapEngine
import MapKitLayer
import Testing
@testable import TileSources

@Suite struct PMTilesSourceTests {
    typealias Entry = PMTilesDirectory.Entry

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../MapSDLTests/Fixtures/Vector").standardized

    @Test func tileIDsFollowTheHilbertCurveLevelByLevel() {
        #expect(PMTilesDirectory.tileID(z: 0, x: 0, y: 0) == 0)
        #expect([(0, 0), (0, 1), (1, 1), (1, 0)].map { PMTilesDirectory.tileID(z: 1, x: $0.0, y: $0.1) } == [1, 2, 3, 4])
        #expect(PMTilesDirectory.tileID(z: 2, x: 0, y: 0) == 5)
        // Every tile of a level gets its own id within the level's range.
        let ids = Set((0..<8).flatMap { x in (0..<8).map { y in PMTilesDirectory.tileID(z: 3, x: x, y: y) } })
        #expect(ids == Set(21..<85))
    }

    @Test func runLengthsAndLeafDirectoriesFindTheirTiles() throws {
        var builder = PMTilesBuilder()
        let png = [UInt8](try #require(try TestTiles.embedded.data(for: TileID(z: 0, x: 0, y: 0))))
        let shared = builder.addTile(png)
        let own = builder.addTile(png + [0])
        // Root: tile 0 alone; a leaf holding level 2's first four ids as one run and one more tile.
        let leaf = builder.addLeaf([
            Entry(tileID: 5, offset: shared, length: UInt64(png.count), runLength: 4),
            Entry(tileID: 12, offset: own, length: UInt64(png.count + 1), runLength: 1),
        ])
        builder.root = [Entry(tileID: 0, offset: shared, length: UInt64(png.count), runLength: 1), leaf]
        let source = try PMTilesSource(path: try builder.write())
        #expect(source.content == .raster)
        #expect(source.levels == 0...3)
        #expect(source.attribution == "© Test")
        #expect(source.vectorLayers == ["roads"])
        #expect(try source.data(for: TileID(z: 0, x: 0, y: 0)).map([UInt8].init) == png)
        for id in 5..<9 {
            let tile = try #require(Self.tile(forID: UInt64(id), z: 2))
            #expect(try source.data(for: tile).map([UInt8].init) == png)
        }
        let twelve = try #require(Self.tile(forID: 12, z: 2))
        #expect(try source.data(for: twelve)?.count == png.count + 1)
        let nine = try #require(Self.tile(forID: 9, z: 2))
        #expect(try source.data(for: nine) == nil)
        #expect(try source.data(for: TileID(z: 1, x: 0, y: 0)) == nil)
    }

    @Test func theFixtureHoldsTheSameTilesAsItsMBTiles() throws {
        let mbtiles = try MBTilesSource(path: Self.fixtures.appendingPathComponent("swiss.mbtiles").path)
        let pmtiles = try PMTilesSource(path: Self.fixtures.appendingPathComponent("swiss.pmtiles").path)
        #expect(mbtiles.content == .vector && pmtiles.content == .vector)
        #expect(pmtiles.levels == mbtiles.levels)
        #expect(pmtiles.vectorLayers.contains("place"))
        var compared = 0
        func column(_ longitude: Double, _ z: Int) -> Int { Int(Double(1 << z) * (longitude + 180) / 360) }
        func row(_ latitude: Double, _ z: Int) -> Int {
            let φ = latitude * .pi / 180
            return Int(Double(1 << z) * (1 - log(tan(φ) + 1 / cos(φ)) / .pi) / 2)
        }
        for z in 5...8 {
            for x in column(5.5, z)...column(11, z) { for y in row(48.2, z)...row(45.5, z) {
                let tile = TileID(z: z, x: x, y: y)
                let a = try mbtiles.data(for: tile)
                #expect(a == (try pmtiles.data(for: tile)))
                if let a {
                    compared += 1
                    #expect(!Gunzip.isGzip([UInt8](a)))
                    #expect(try !VectorTile(bytes: [UInt8](a)).layers.isEmpty)
                }
            } }
        }
        #expect(compared >= 4)
    }

    /// The header byte changed (97 directories' compression, 98 tiles', 99 tile type) and the refusal.
    @Test(arguments: [
        (97, 3, "its directories are compressed with brotli, which pinmap cannot read (only none or gzip)"),
        (98, 4, "its tiles are compressed with zstd, which pinmap cannot read (only none or gzip)"),
        (99, 5, "its tiles are of type avif (pinmap draws mvt, png, jpeg and webp)"),
        // Compressions the spec does not define at all.
        (97, 9, "its directories name compression 9, which PMTiles does not define (0 to 4)"),
        (98, 200, "its tiles name compression 200, which PMTiles does not define (0 to 4)"),
    ])
    func unsupportedArchivesAreRefusedNamingTheFile(_ byte: Int, _ value: UInt8, _ reason: String) throws {
        var builder = PMTilesBuilder()
        builder.root = [Entry(tileID: 0, offset: builder.addTile([1, 2, 3]), length: 3, runLength: 1)]
        let path = try builder.write()
        var bytes = builder.bytes()
        bytes[byte] = value
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(throws: TileSourceError.unsupported(path: path, reason: reason)) { try PMTilesSource(path: path) }
    }

    /// Directories the campaign found read in silence: each is refused when the archive opens, naming the file.
    @Test(arguments: [
        ([Entry(tileID: 0, offset: 0, length: 3, runLength: 1), Entry(tileID: 0, offset: 3, length: 3, runLength: 1)],
         "a directory lists tile id 0 twice"),
        ([Entry(tileID: UInt64.max, offset: 0, length: 3, runLength: 1)], "a directory lists tile id 18446744073709551615, past the deepest level"),
        ([Entry(tileID: 5, offset: 0, length: 3, runLength: UInt64.max)], "a directory's run of 18446744073709551615 tiles from tile id 5 runs past"),
    ])
    func lyingDirectoriesAreRefusedAtOpening(_ root: [Entry], _ reason: String) throws {
        var builder = PMTilesBuilder()
        _ = builder.addTile([1, 2, 3])
        builder.root = root
        let path = try builder.write()
        #expect {
            _ = try PMTilesSource(path: path)
        } throws: { error in
            "\(error)".contains(path) && "\(error)".contains(reason)
        }
    }

    @Test func hostileArchivesFailTileByTileOrAtOpening() throws {
        // A leaf that points to itself: the depth limit ends the walk.
        var looping = PMTilesBuilder()
        looping.root = [Entry(tileID: 0, offset: 0, length: 9, runLength: 0)]
        looping.leaves = PMTilesBuilder.directory([Entry(tileID: 0, offset: 0, length: 9, runLength: 0)])
        let loop = try PMTilesSource(path: try looping.write())
        #expect(throws: TileSourceError.self) { try loop.data(for: TileID(z: 0, x: 0, y: 0)) }
        // A tile past the end of the file.
        var short = PMTilesBuilder()
        short.root = [Entry(tileID: 0, offset: 1_000_000, length: 100, runLength: 1)]
        let past = try PMTilesSource(path: try short.write())
        #expect(throws: TileSourceError.self) { try past.data(for: TileID(z: 0, x: 0, y: 0)) }
        // A root claiming a billion entries in a few bytes.
        var lying = PMTilesBuilder()
        lying.root = []
        var bytes = lying.bytes()
        bytes.replaceSubrange(127..<128, with: PMTilesBuilder.varint(1_000_000_000))
        let path = try lying.write()
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(throws: TileSourceError.self) { try PMTilesSource(path: path) }
        // Not an archive at all, and a missing file.
        let junk = path + ".junk"
        try Data("PMTiles\u{2}".utf8).write(to: URL(fileURLWithPath: junk))
        #expect(throws: TileSourceError.unsupported(path: junk, reason: "not a PMTiles archive")) { try PMTilesSource(path: junk) }
        #expect(throws: TileSourceError.notFound(path: "/nonexistent.pmtiles")) { try PMTilesSource(path: "/nonexistent.pmtiles") }
    }

    static func tile(forID id: UInt64, z: Int) -> TileID? {
        for x in 0..<(1 << z) { for y in 0..<(1 << z) where PMTilesDirectory.tileID(z: z, x: x, y: y) == id {
            return TileID(z: z, x: x, y: y)
        } }
        return nil
    }
}
