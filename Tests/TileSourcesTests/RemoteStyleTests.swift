import Foundation
import Logging
import MapEngine
import MapKitLayer
import PinmapKit
import Testing
@testable import TileSources

/// A published style opened by its address, as `--style https://…` does:
/// the style, its sprite and its TileJSON source fetched from the server,
/// their relative addresses taken from the style's own.
@Suite struct RemoteStyleTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../MapSDLTests/Fixtures/Vector").standardized

    @Test func aStyleOnAServerOpensWithItsRelativeSpriteAndSource() throws {
        let folder = try TestTiles.temporaryFolder()
        var water = VectorTileWriter.Layer(name: "water")
        water.add(.polygon, geometry: [[Point(x: 0, y: 0), Point(x: 4096, y: 0), Point(x: 4096, y: 4096), Point(x: 0, y: 4096), Point(x: 0, y: 0)]],
                  properties: [:])
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("v/0/0"), withIntermediateDirectories: true)
        try Data(VectorTileWriter.encode([water])).write(to: folder.appendingPathComponent("v/0/0/0.pbf"))
        try Data(#"{"tiles": ["v/{z}/{x}/{y}.pbf"], "maxzoom": 0, "attribution": "Sea maps"}"#.utf8)
            .write(to: folder.appendingPathComponent("sea.json"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sprite"), withIntermediateDirectories: true)
        for name in ["test.json", "test.png", "test@2x.json", "test@2x.png"] {
            try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("sprite/\(name)"),
                                             to: folder.appendingPathComponent("sprite/\(name)"))
        }
        try Data("""
        {"version": 8, "sprite": "sprite/test", "sources": {"sea": {"type": "vector", "url": "sea.json"}},
         "layers": [{"id": "water", "type": "fill", "source": "sea", "source-layer": "water", "paint": {"fill-color": "#3366cc"}}]}
        """.utf8).write(to: folder.appendingPathComponent("style.json"))
        let server = TestTileServer(folder: folder)
        defer { server.stop() }
        var settings = TileSourceOpener.Options()
        settings.cacheRoot = try TestTiles.temporaryFolder()
        let loader = try StyleLoader.load(styleFile: "\(server.baseURL)/tiles/style.json", tiles: nil, settings: settings, scale: 1,
                                          fetcher: StyleResourceFetcher(folder: try TestTiles.temporaryFolder()),
                                          logger: Logger(label: "test"))
        #expect(loader.sprite?.sheet.icons["town"] != nil, "the sprite, relative to the style")
        #expect(loader.credit == "Sea maps", "the TileJSON's credit")
        #expect(try loader.source.data(for: TileID(z: 0, x: 0, y: 0)) != nil, "the tiles, relative to the TileJSON")
        // A style address that does not answer names itself.
        #expect {
            try StyleLoader.load(styleFile: "\(server.baseURL)/e404/gone.json", tiles: nil, settings: settings, scale: 1,
                                 fetcher: StyleResourceFetcher(folder: try TestTiles.temporaryFolder()), logger: Logger(label: "test"))
        } throws: { error in
            "\(error)".contains("gone.json") && "\(error)".contains("404")
        }
    }
}
