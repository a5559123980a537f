import Foundation
import MapEngine
import MapKitLayer
import Testing
@testable import TileSources

/// The hostile-MBTiles corpus: files whose tables are views that never end
/// or make huge values. Each opens or is refused, and each tile is read
/// or refused, within a bounded time and memory, with the file named.
@Suite struct HostileMBTilesTests {
    /// An endless sequence of numbers, for views that never finish.
    static let endless = "WITH RECURSIVE r(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM r)"

    /// A file made of these SQL statements.
    func file(_ statements: [String]) throws -> String {
        let path = try TestTiles.temporaryFolder().appendingPathComponent("hostile.mbtiles").path
        let connection = try SQLiteConnection(path: path, readOnly: false)
        for statement in statements { try connection.execute(statement) }
        return path
    }

    static let plainMetadata = [
        "CREATE TABLE metadata (name TEXT, value TEXT)",
        "INSERT INTO metadata VALUES ('format', 'png'), ('minzoom', '0'), ('maxzoom', '3')",
    ]

    static let plainTiles = "CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)"

    func refusal(_ body: () throws -> Void) -> (String, Double) {
        let start = Date()
        do {
            try body()
            return ("", Date().timeIntervalSince(start))
        } catch {
            return ("\(error)", Date().timeIntervalSince(start))
        }
    }

    @Test func aTilesViewThatNeverEndsIsStoppedAtEachRead() throws {
        let path = try file(Self.plainMetadata + [
            "CREATE VIEW tiles AS \(Self.endless) SELECT 0 AS zoom_level, 0 AS tile_column, 0 AS tile_row, x'00' AS tile_data FROM r WHERE n < 0",
        ])
        let source = try MBTilesSource(path: path)
        let (message, seconds) = refusal { _ = try source.data(for: TileID(z: 0, x: 0, y: 0)) }
        #expect(message.hasPrefix("\(path) tile 0/0/0"), "\(message)")
        #expect(message.contains("ran past 2 s and was stopped"), "\(message)")
        #expect(seconds < 4)
    }

    @Test func aMetadataViewThatNeverEndsIsRefusedWhileOpening() throws {
        for (view, words) in [("SELECT 'k' || n AS name, 'v' AS value FROM r", "more than 10000 rows"),
                              ("SELECT 'k' AS name, 'v' AS value FROM r WHERE n < 0", "ran past 5 s and was stopped")] {
            let path = try file(["CREATE VIEW metadata AS \(Self.endless) \(view)", Self.plainTiles])
            let (message, seconds) = refusal { _ = try MBTilesSource(path: path) }
            #expect(message.hasPrefix("\(path): cannot be read: its metadata: "), "\(message)")
            #expect(message.contains(words), "\(message)")
            #expect(seconds < 7)
        }
    }

    @Test func levelsFromATilesViewThatNeverEndsAreStopped() throws {
        let path = try file([
            "CREATE VIEW tiles AS \(Self.endless) SELECT n AS zoom_level, 0 AS tile_column, 0 AS tile_row, x'00' AS tile_data FROM r",
        ])
        let (message, _) = refusal { _ = try MBTilesSource(path: path) }
        #expect(message.contains("its tiles: a query ran past"), "\(message)")
    }

    @Test func aGiantBlobIsRefusedBeforeItIsMade() throws {
        let path = try file(Self.plainMetadata + [
            "CREATE VIEW tiles AS SELECT 0 AS zoom_level, 0 AS tile_column, 0 AS tile_row, zeroblob(1000000000) AS tile_data",
        ])
        let source = try MBTilesSource(path: path)
        let (message, seconds) = refusal { _ = try source.data(for: TileID(z: 0, x: 0, y: 0)) }
        #expect(message.contains("too big"), "\(message)")
        #expect(seconds < 1)
    }

    @Test func aStoredTileOverTheLimitIsRefusedUnread() throws {
        let path = try file(Self.plainMetadata + [Self.plainTiles,
                                                  "INSERT INTO tiles VALUES (0, 0, 0, zeroblob(33554433))"])
        let source = try MBTilesSource(path: path)
        let (message, _) = refusal { _ = try source.data(for: TileID(z: 0, x: 0, y: 0)) }
        #expect(message.contains("over the 32 MB limit"), "\(message)")
    }

    @Test func aMegabyteOfAttributionIsCutWhileReading() throws {
        let path = try file(Self.plainMetadata + [Self.plainTiles,
            "INSERT INTO metadata VALUES ('attribution', '<a>' || printf('%.*c', 1048576, 'x') || '</a>')"])
        let source = try MBTilesSource(path: path)
        let attribution = try #require(source.attribution)
        #expect(attribution.count <= MBTilesMetadata.longestValue, "\(attribution.count) characters")
        #expect(attribution.hasPrefix("xxx"))
    }
}
