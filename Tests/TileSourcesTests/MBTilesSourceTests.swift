import Foundation
import MapCore
import Testing
@testable import TileSources

@Suite struct MBTilesSourceTests {
    @Test func readsEveryTileAsTheFolderHasIt() throws {
        let folder = try TestTiles.embedded
        for layout in [MBTilesWriter.Layout.plain, .deduplicated] {
            let source = try MBTilesSource(path: TestTiles.mbtiles(levels: 0...2, layout: layout))
            #expect(source.levels == 0...2, "levels from the tiles present when the metadata names none")
            for z in 0...2 {
                for x in 0..<(1 << z) {
                    for y in 0..<(1 << z) {
                        let tile = TileID(z: z, x: x, y: y)
                        #expect(try source.data(for: tile) == folder.data(for: tile), "\(layout) \(tile)")
                    }
                }
            }
            #expect(try source.data(for: TileID(z: 3, x: 0, y: 0)) == nil)
        }
    }

    @Test func rowsCountFromTheSouth() throws {
        let path = try TestTiles.temporaryFolder().appendingPathComponent("one.mbtiles").path
        let png = try #require(try TestTiles.embedded.data(for: TileID(z: 0, x: 0, y: 0)))
        try MBTilesWriter.write([(TileID(z: 11, x: 327, y: 791), png)], to: path, metadata: ["format": "png"])
        let source = try MBTilesSource(path: path)
        #expect(try source.data(for: TileID(z: 11, x: 327, y: 791)) == png)
        #expect(try source.data(for: TileID(z: 11, x: 327, y: 1256)) == nil)
        #expect(source.location(of: TileID(z: 11, x: 327, y: 791)).hasSuffix("tile 11/327/791 (tile_row 1256)"))
    }

    @Test func metadataGivesLevelsCentreAndCredit() throws {
        let path = try TestTiles.mbtiles(levels: 0...1, metadata: [
            "name": "Town", "format": "PNG", "minzoom": "0", "maxzoom": "1", "center": "2.35,48.85,7",
            "bounds": "-180,-85,180,85", "attribution": "<a href=\"https://example.org\">&copy; Example</a> maps",
        ])
        let source = try MBTilesSource(path: path)
        #expect(source.levels == 0...1 && source.name == "Town" && source.format == "png")
        #expect(source.openingView == OpeningView(center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 7))
        #expect(source.attribution == "© Example maps")
    }

    /// tilemaker and Planetiler write OpenMapTiles-schema files without a
    /// credit; the map then credits OpenMapTiles and OpenStreetMap, and a
    /// file of other layers credits nothing it cannot know.
    @Test func anOpenMapTilesFileWithoutACreditIsCreditedToOpenMapTilesAndOpenStreetMap() throws {
        let city = try MBTilesSource(path: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../MapSDLTests/Fixtures/City/monte-carlo.mbtiles").standardized.path)
        #expect(city.attribution == "© OpenMapTiles © OpenStreetMap contributors")
        let layers = #"{"vector_layers": [{"id": "roads"}, {"id": "lakes"}, {"id": "place"}]}"#
        let other = try TestTiles.mbtiles(levels: 0...0, metadata: ["format": "png", "json": layers])
        #expect(try MBTilesSource(path: other).attribution == nil)
        let own = try TestTiles.mbtiles(levels: 0...0, metadata: [
            "format": "png", "attribution": "City survey", "json": #"{"vector_layers": [{"id": "water"}, {"id": "place"}, {"id": "transportation"}]}"#,
        ])
        #expect(try MBTilesSource(path: own).attribution == "City survey", "a file's own credit wins")
    }

    @Test func refusesWhatIsNotARasterMBTilesWithAClearReason() throws {
        let folder = try TestTiles.temporaryFolder()
        let text = folder.appendingPathComponent("notes.mbtiles")
        try Data("just text\n".utf8).write(to: text)
        #expect(throws: TileSourceError.unsupported(path: text.path,
                                                    reason: "not an MBTiles file: it is not an SQLite database")) {
            try MBTilesSource(path: text.path)
        }
        let vector = try TestTiles.mbtiles(levels: 0...0, metadata: ["format": "pbf"])
        #expect(try MBTilesSource(path: vector).content == .vector)
        let other = try TestTiles.mbtiles(levels: 0...0, metadata: ["format": "geojson"])
        #expect(throws: TileSourceError.unsupported(
            path: other, reason: "holds tiles in the format \"geojson\"; pinmap draws raster tiles (png, jpg, webp) and vector tiles (pbf)")) {
            try MBTilesSource(path: other)
        }
        let missing = folder.appendingPathComponent("missing.mbtiles").path
        #expect(throws: TileSourceError.notFound(path: missing)) { try MBTilesSource(path: missing) }
        #expect(throws: TileSourceError.self) { try MBTilesSource(path: folder.path) }
    }

    @Test func aDatabaseWithoutTilesIsNotAnMBTiles() throws {
        let path = try TestTiles.temporaryFolder().appendingPathComponent("other.mbtiles").path
        let db = try SQLiteConnection(path: path, readOnly: false)
        try db.execute("CREATE TABLE metadata (name TEXT, value TEXT); CREATE TABLE other (x INTEGER)")
        #expect(throws: TileSourceError.unsupported(path: path, reason: "not an MBTiles file: it has no tiles table")) {
            try MBTilesSource(path: path)
        }
    }

    @Test func opensReadOnlyAndLeavesTheFileAsItWas() throws {
        let path = try TestTiles.mbtiles(levels: 0...1)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let source = try MBTilesSource(path: path)
        _ = try source.data(for: TileID(z: 1, x: 1, y: 1))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
        #expect(siblings == ["world.mbtiles"], "no journal or lock file beside it")
        // Another program may write to it while pinmap has it open, and pinmap sees the new tile.
        let writer = try SQLiteConnection(path: path, readOnly: false)
        try writer.execute("INSERT INTO tiles SELECT 2, 0, 0, tile_data FROM tiles WHERE zoom_level = 0")
        #expect(try source.data(for: TileID(z: 2, x: 0, y: 3)) == source.data(for: TileID(z: 0, x: 0, y: 0)))
    }

    @Test func readsFromManyThreadsAtOnce() async throws {
        let source = try MBTilesSource(path: TestTiles.mbtiles(levels: 0...3))
        let folder = try TestTiles.embedded
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for x in 0..<8 {
                group.addTask {
                    try (0..<8).allSatisfy { y in
                        try source.data(for: TileID(z: 3, x: x, y: y)) == folder.data(for: TileID(z: 3, x: x, y: y))
                    }
                }
            }
            for try await same in group { #expect(same) }
        }
    }
}
