import Foundation
import MapEngine
import MapKitLayer
import Testing
@testable import TileSources

/// A style's source named by a TileJSON document on a server, as published
/// styles name theirs: its tiles fetched from where it says, rows from the
/// south when it says `tms`, nothing asked outside its bounds.
@Suite struct StyleSourceOpenerTests {
    @Test func aTileJSONSourceIsFetchedAndHonoured() throws {
        let folder = try TestTiles.temporaryFolder()
        // Zurich at level 4 is tile 4/8/5; in TMS rows, 4/8/10.
        let tile = TileID(z: 4, x: 8, y: 5)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("4/8"), withIntermediateDirectories: true)
        try Data([0x1A, 0x00]).write(to: folder.appendingPathComponent("4/8/\(tile.tmsY).pbf"))
        try Data("""
        {"tilejson": "3.0.0", "tiles": ["{z}/{x}/{y}.pbf"], "minzoom": 1, "maxzoom": 6, "scheme": "tms",
         "attribution": "Swiss maps", "bounds": [5.9, 45.8, 10.5, 47.8]}
        """.utf8).write(to: folder.appendingPathComponent("swiss.json"))
        let server = TestTileServer(folder: folder)
        defer { server.stop() }
        var settings = TileSourceOpener.Options()
        settings.cacheRoot = try TestTiles.temporaryFolder()
        let fetcher = StyleResourceFetcher(folder: try TestTiles.temporaryFolder())
        let declared = StyleSource(kind: .vector, url: "\(server.baseURL)/tiles/swiss.json")
        let source = try StyleSourceOpener.open(declared, named: "swiss", styleFolder: folder, world: folder, settings: settings,
                                                fetcher: fetcher)
        #expect(source.levels == 1...6 && source.attribution == "Swiss maps" && source.content == .vector)
        #expect(try source.data(for: tile) == Data([0x1A, 0x00]), "the TMS row is asked for")
        // The tiles north and west of it lie outside the bounds: not asked for.
        let before = server.requests.count
        #expect(try source.data(for: TileID(z: 4, x: 8, y: 4)) == nil)
        #expect(try source.data(for: TileID(z: 4, x: 7, y: 5)) == nil)
        #expect(server.requests.count == before)
        // A document that is not there names the source and the address.
        let missing = StyleSource(kind: .vector, url: "\(server.baseURL)/e404/none.json")
        #expect {
            try StyleSourceOpener.open(missing, named: "gone", styleFolder: folder, world: folder, settings: settings, fetcher: fetcher)
        } throws: { error in
            "\(error)".contains("\"gone\"") && "\(error)".contains("none.json")
        }
    }
}
