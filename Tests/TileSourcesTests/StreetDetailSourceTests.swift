import Foundation
import Logging
import MapEngine
import MapKitLayer
import PinmapKit
import Synchronization
import Testing
@testable import TileSources

/// A style of two vector sources, as the embedded world's: its own ground
/// and street detail from a TileJSON on a server, which may be away when
/// the map opens (offline), left out, or given another address.
@Suite struct StreetDetailSourceTests {
    /// A folder with a street tile at 0/0/0 and the style naming it by `tileJSON`; the TileJSON itself is written later.
    func styleWithStreets(tileJSON: String, in folder: URL) throws -> URL {
        var roads = VectorTileWriter.Layer(name: "transportation")
        roads.add(.lineString, geometry: [[Point(x: 0, y: 2048), Point(x: 4096, y: 2048)]], properties: [:])
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("v/0/0"), withIntermediateDirectories: true)
        try Data(VectorTileWriter.encode([roads])).write(to: folder.appendingPathComponent("v/0/0/0.pbf"))
        let style = folder.appendingPathComponent("world.json")
        try Data("""
        {"version": 8, "sources": {"world": {"type": "vector", "url": "pinmap://world"},
          "streets": {"type": "vector", "url": "\(tileJSON)", "maxzoom": 14, "attribution": "Street maps"}},
         "layers": [{"id": "land", "type": "fill", "source": "world", "source-layer": "land"},
                    {"id": "roads", "type": "line", "source": "streets", "source-layer": "transportation"}]}
        """.utf8).write(to: style)
        return style
    }

    func load(_ style: URL, addresses: [String: String] = [:]) throws -> StyleLoader {
        var settings = TileSourceOpener.Options()
        settings.cacheRoot = try TestTiles.temporaryFolder()
        return try StyleLoader.load(styleFile: style.path, tiles: nil, settings: settings, scale: 1,
                                    fetcher: StyleResourceFetcher(folder: try TestTiles.temporaryFolder()),
                                    sourceAddresses: addresses, logger: Logger(label: "test"))
    }

    @Test func theGroundIsTheSourceOfTheLowestLayerNotTheFirstByName() throws {
        let folder = try TestTiles.temporaryFolder()
        let loader = try load(try styleWithStreets(tileJSON: "http://127.0.0.1:9/none.json", in: folder), addresses: ["streets": ""])
        #expect(loader.layout.source == "world", "\"streets\" sorts first, yet the world is what the map stands on")
        #expect(loader.source.levels.upperBound == 8)
    }

    @Test func streetsLeftOutTakeTheirLayersWithThemAndAnotherAddressIsUsed() throws {
        let folder = try TestTiles.temporaryFolder()
        let style = try styleWithStreets(tileJSON: "http://127.0.0.1:9/none.json", in: folder)
        let offline = try load(style, addresses: ["streets": ""])
        #expect(offline.vectorSources.isEmpty && offline.style.sources["streets"] == nil)
        #expect(offline.style.layers.map(\.id) == ["land"])
        #expect(offline.credit?.contains("Street maps") == false)

        let server = TestTileServer(folder: folder)
        defer { server.stop() }
        let elsewhere = try load(style, addresses: ["streets": "\(server.baseURL)/tiles/v/{z}/{x}/{y}.pbf"])
        let streets = try #require(elsewhere.vectorSources["streets"])
        #expect(try streets.data(for: TileID(z: 0, x: 0, y: 0)) != nil, "the template given instead of the style's TileJSON")
    }

    @Test func aTileJSONAwayWhenTheMapOpensIsFetchedOnceItsWaitIsOverAndTheStreetsCome() throws {
        let folder = try TestTiles.temporaryFolder()
        let server = TestTileServer(folder: folder)
        defer { server.stop() }
        let style = try styleWithStreets(tileJSON: "\(server.baseURL)/tiles/streets.json", in: folder)
        let loader = try load(style)
        let pending = try #require(loader.vectorSources["streets"] as? PendingTileJSONSource, "the map opens without it")
        #expect(!pending.isReachable && pending.levels == 0...14 && pending.content == .vector)
        #expect(loader.credit?.contains("Street maps") == true, "credited as the style says meanwhile")

        // The same, on a clock of the test's own.
        let now = Mutex(Date(timeIntervalSinceReferenceDate: 0))
        let declared = try #require(loader.style.sources["streets"])
        let streets = PendingTileJSONSource(url: declared.url ?? "", declared: declared, clock: { now.withLock { $0 } }) {
            var settings = TileSourceOpener.Options()
            settings.cacheRoot = try TestTiles.temporaryFolder()
            return try StyleSourceOpener.open(declared, named: "streets", styleFolder: folder, world: folder, settings: settings,
                                              fetcher: StyleResourceFetcher(folder: try TestTiles.temporaryFolder()))
        }
        let tile = TileID(z: 0, x: 0, y: 0)
        #expect(throws: TileSourceError.self) { try streets.data(for: tile) }
        let asked = server.requests.count
        try Data(#"{"tiles": ["v/{z}/{x}/{y}.pbf"], "maxzoom": 14}"#.utf8).write(to: folder.appendingPathComponent("streets.json"))
        now.withLock { $0 += ServerBackoff.firstWait - 1 }
        #expect(throws: TileSourceError.self, "not asked again before the wait is over") { try streets.data(for: tile) }
        #expect(server.requests.count == asked)
        now.withLock { $0 += 1 }
        #expect(try streets.data(for: tile) != nil, "the TileJSON came, and the tile from where it says")
        #expect(streets.isReachable)
        #expect(streets.location(of: tile).contains("/v/0/0/0.pbf"))
    }
}
