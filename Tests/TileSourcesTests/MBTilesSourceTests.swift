import Foundation
import MapEngine
import MapKitLayer
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
        #expect(source.openingView?.center == Coordinate(latitude: 48.85, longitude: 2.35) && source.openingView?.zoom == 7)
        // The bounds: the whole width of the world, and nearly all its height.
        let area = try #require(source.openingView?.area)
        #expect(area.minX == 0 && area.width == 1 && area.minY > 0 && area.maxY < 1 && area.height > 0.99)
        #expect(source.attribution == "© Example maps")
    }

    /// A city extract's bounds are the box it was cut with; its deepest tiles hold the city.
    @Test func theOpeningAreaIsWhereTheDeepestTilesLieWithinTheBounds() throws {
        let path = try TestTiles.temporaryFolder().appendingPathComponent("city.mbtiles").path
        let png = try #require(try TestTiles.embedded.data(for: TileID(z: 0, x: 0, y: 0)))
        // Two tiles side by side at level 11 (rows from the south in the file), in bounds reaching far beyond them.
        try MBTilesWriter.write([(TileID(z: 11, x: 327, y: 791), png), (TileID(z: 11, x: 328, y: 791), png)], to: path,
                                metadata: ["format": "png", "bounds": "-60,-40,60,60"])
        let area = try #require(try MBTilesSource(path: path).openingView?.area)
        let unit = 1.0 / 2048
        #expect(abs(area.minX - 327 * unit) < 1e-12 && abs(area.width - 2 * unit) < 1e-12)
        #expect(abs(area.minY - 791 * unit) < 1e-12 && abs(area.height - unit) < 1e-12)
        // Bounds that cut the tiles keep the part inside them.
        try FileManager.default.removeItem(atPath: path)
        let west = WebMercator.unproject(Point(x: 327.5 * unit, y: 791 * unit)).longitude
        try MBTilesWriter.write([(TileID(z: 11, x: 327, y: 791), png), (TileID(z: 11, x: 328, y: 791), png)], to: path,
                                metadata: ["format": "png", "bounds": "\(west),-40,60,60"])
        let cut = try #require(try MBTilesSource(path: path).openingView?.area)
        #expect(abs(cut.minX - 327.5 * unit) < 1e-9 && abs(cut.maxX - 329 * unit) < 1e-12)
    }

    @Test func boundsThatAreNoAreaAreAsIfAbsent() {
        for bounds in [[8.7, 47.3, 8.4, 47.45], [8.4, 47.3, 8.7], [.nan, 47.3, 8.7, 47.45], [-200, 47.3, 8.7, 47.45], [8.4, 95, 8.7, 96]] {
            #expect(OpeningView.area(bounds: bounds) == nil, "\(bounds)")
        }
        let town = OpeningView(center: Coordinate(latitude: 0, longitude: 0), zoom: 1)
        var fitted = town
        fitted.area = OpeningView.area(bounds: [8.4, 47.3, 8.7, 47.45])
        let view = fitted.fitted(to: Size(width: 600, height: 400), deepest: 14)
        // The height is the tighter fit: 0.15° of latitude there spans more of the map than 0.3° of longitude.
        let height = WebMercator.project(Coordinate(latitude: 47.3, longitude: 8.4)).y - WebMercator.project(Coordinate(latitude: 47.45, longitude: 8.4)).y
        #expect(abs(view.center.longitude - 8.55) < 1e-9 && abs(view.zoom - log2(400 / (height * 256))) < 1e-6, "\(view)")
        #expect(fitted.fitted(to: Size(width: 600, height: 400), deepest: 9).zoom == 9, "no deeper than the data")
        #expect(town.fitted(to: Size(width: 600, height: 400), deepest: 14) == town, "no bounds: the centre and zoom as given")
        var close = OpeningView(center: Coordinate(latitude: 47.4, longitude: 8.5), zoom: 13)
        close.area = fitted.area
        #expect(close.fitted(to: Size(width: 600, height: 400), deepest: 14) == close, "a centre in the area, closer than the fit, stays")
        close.zoom = 5
        #expect(close.fitted(to: Size(width: 600, height: 400), deepest: 14).zoom > 11, "one further out than the fit gives way")
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
