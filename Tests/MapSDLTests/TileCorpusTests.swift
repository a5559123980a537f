import Foundation
import MapEngine
import MapKitLayer
@testable import MapSDL
import PinmapResources
import Testing
import TileSources

/// A corpus of broken and hostile tiles, made at test time: each is refused
/// with one warning naming its file and shown as a placeholder, sane large
/// tiles load, and nothing crashes or hangs.
@Suite @MainActor struct TileCorpusTests {
    static let validPNG = try! Data(contentsOf: PinmapResources.tilesDirectory.appendingPathComponent("1/0/0.png"))

    /// A PNG header that declares `width` x `height`, followed by junk.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
                    + be(width) + be(height) + [1, 0, 0, 0, 0] + [UInt8](repeating: 0x78, count: 4096))
    }

    /// (tile, what is there, the words the warning must contain)
    static func makeCorpus(in root: URL) throws -> [(TileID, String)] {
        let fm = FileManager.default
        func path(_ z: Int, _ x: Int, _ y: Int) throws -> String {
            let dir = root.appendingPathComponent("\(z)/\(x)")
            try fm.createDirectory(at: dir, withIntermediateDirectories: true)
            return dir.appendingPathComponent("\(y).png").path
        }
        try validPNG.write(to: URL(fileURLWithPath: path(0, 0, 0)))
        var cases: [(TileID, String)] = []
        try validPNG.prefix(120).write(to: URL(fileURLWithPath: path(1, 0, 0)))
        cases.append((TileID(z: 1, x: 0, y: 0), "its image data cannot be decoded"))
        try Data("<html>404 Not Found</html>".utf8).write(to: URL(fileURLWithPath: path(1, 1, 0)))
        cases.append((TileID(z: 1, x: 1, y: 0), "not a PNG, JPEG, WebP, GIF or BMP image"))
        try pngHeader(width: 60000, height: 60000).write(to: URL(fileURLWithPath: path(1, 0, 1)))
        cases.append((TileID(z: 1, x: 0, y: 1), "60000x60000 pixels, larger than the 4096 px"))
        try fm.createDirectory(atPath: path(1, 1, 1), withIntermediateDirectories: true)
        cases.append((TileID(z: 1, x: 1, y: 1), "it is a folder, not a file"))
        mkfifo(try path(2, 0, 0), 0o644)
        cases.append((TileID(z: 2, x: 0, y: 0), "it is a named pipe (FIFO)"))
        symlink("0.png", try path(2, 1, 0).replacingOccurrences(of: "0.png", with: "0.png"))
        let loop = try path(2, 1, 0)
        unlink(loop)
        symlink(loop, loop)
        cases.append((TileID(z: 2, x: 1, y: 0), "symbolic links form a loop"))
        try Data().write(to: URL(fileURLWithPath: path(2, 2, 0)))
        cases.append((TileID(z: 2, x: 2, y: 0), "not a PNG, JPEG, WebP, GIF or BMP image"))
        try pngHeader(width: 16000, height: 16000).write(to: URL(fileURLWithPath: path(2, 3, 0)))
        cases.append((TileID(z: 2, x: 3, y: 0), "16000x16000"))
        try pngHeader(width: 8192, height: 8192).write(to: URL(fileURLWithPath: path(2, 0, 1)))
        cases.append((TileID(z: 2, x: 0, y: 1), "8192x8192"))
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00]).write(to: URL(fileURLWithPath: path(2, 1, 1)))
        cases.append((TileID(z: 2, x: 1, y: 1), "JPEG file whose header is cut short"))
        return cases
    }

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tile-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func everyBrokenTileIsAPlaceholderWithOneWarningNamingItsFile() throws {
        let root = try folder()
        let cases = try TileCorpusTests.makeCorpus(in: root)
        let log = LogRecorder()
        let loader = try tileSession(try DirectoryTileSource(root: root), logger: log.logger)
        let tiles = cases.map(\.0)
        loader.request(tiles)
        #expect(loader.waitUntilSettled(tiles, timeout: 20), "nothing hangs")
        loader.request(tiles)  // asked again, as every frame does
        for (tile, words) in cases {
            #expect(loader.tiles.status(of: tile) == .failed, "\(tile)")
            let file = root.appendingPathComponent("\(tile.z)/\(tile.x)/\(tile.y).png").path
            let warnings = log.messages.filter { $0.contains(file) }
            #expect(warnings.count == 1, "\(tile): \(warnings)")
            #expect(warnings.first?.contains(words) == true, "\(tile): \(warnings)")
        }
        let layer = TileLayer.build(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 1,
                                                   viewportSize: Size(width: 512, height: 512)),
                                    levels: 0...2, tiles: loader.tiles)
        #expect(layer.commands.contains(.rect(Rect(x: 0, y: 0, width: 256, height: 256), TileLayer.placeholderFill)))
    }

    @Test func largeButSaneTilesAreDrawnAtTileSize() throws {
        let root = try folder()
        for (z, side) in [(0, 512), (1, 1024)] {
            let surface = try Surface(width: side, height: side)
            for y in stride(from: 0, to: side, by: 1) {
                for x in 0..<side { surface.setPixel(x: x, y: y, Color(rgba: 200, 30, 30, 255)) }
            }
            let dir = root.appendingPathComponent("\(z)/0")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try surface.savePNG(path: dir.appendingPathComponent("0.png").path)
        }
        let source = try DirectoryTileSource(root: root)
        var options = try TestMaps.options(tiles: root, center: Coordinate(latitude: 0, longitude: 0), zoom: 0,
                                           size: Size(width: 300, height: 300))
        options.source = source
        options.pins = nil
        let run = try HeadlessRun(options: options)
        let image = try run.renderImage()
        #expect(image.pixel(x: 150, y: 150) == Color(rgba: 200, 30, 30, 255))
        #expect(image.pixel(x: 10, y: 150) == image.pixel(x: 150, y: 150), "the whole 256 px world is the tile")
    }

    @Test func aCacheSmallerThanAScreenGrowsToItWithOneWarning() throws {
        let log = LogRecorder()
        let loader = try tileSession(try DirectoryTileSource(root: PinmapResources.tilesDirectory), budgetBytes: 1 << 20,
                                     logger: log.logger, size: Size(width: 1024, height: 768))
        let camera = Camera(center: Coordinate(latitude: 45, longitude: 10), zoom: 4.4,
                            viewportSize: Size(width: 1024, height: 768))
        var rounds = 0
        var layer = TileLayer.build(camera: camera, levels: 0...5, tiles: loader.tiles)
        while layer.requests.contains(where: { loader.tiles.status(of: $0) != .loaded && loader.tiles.status(of: $0) != .missing }) {
            rounds += 1
            guard rounds < 20 else { break }
            loader.tiles.request(layer.requests, at: 0)
            #expect(loader.settle(layer.requests, timeout: 20))
            layer = TileLayer.build(camera: camera, levels: 0...5, tiles: loader.tiles)
        }
        #expect(rounds < 20, "the frame settles instead of loading forever")
        #expect(loader.tiles.usedBytes > 1 << 20)
        #expect(log.messages.filter { $0.contains("smaller than one screen") }.count == 1)
    }

    @Test func aCorruptBlobInAnMBTilesFileIsAPlaceholderWithOneWarning() throws {
        let path = try folder().appendingPathComponent("broken.mbtiles").path
        let good = try #require(try DirectoryTileSource(root: PinmapResources.tilesDirectory)
            .data(for: TileID(z: 1, x: 0, y: 0)))
        let broken = TileID(z: 1, x: 1, y: 0), cut = TileID(z: 1, x: 1, y: 1)
        try MBTilesWriter.write([(TileID(z: 1, x: 0, y: 0), good), (broken, Data("<html>oops</html>".utf8)),
                                 (cut, good.prefix(40))], to: path, metadata: ["format": "png"])
        let log = LogRecorder()
        let loader = try tileSession(try MBTilesSource(path: path), logger: log.logger)
        let tiles = [TileID(z: 1, x: 0, y: 0), broken, cut]
        loader.request(tiles)
        #expect(loader.waitUntilSettled(tiles, timeout: 20))
        loader.request(tiles)
        #expect(loader.tiles.status(of: tiles[0]) == .loaded)
        for tile in [broken, cut] {
            #expect(loader.tiles.status(of: tile) == .failed)
            let warnings = log.messages.filter { $0.contains("\(path) tile \(tile.z)/\(tile.x)/\(tile.y)") }
            #expect(warnings.count == 1, "\(warnings)")
        }
    }
}
