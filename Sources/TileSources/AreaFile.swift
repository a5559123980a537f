import Foundation
import MapEngine
import FileAccess

/// An area downloaded for offline use: an MBTiles file written a batch of
/// tiles at a time, each batch one SQLite transaction, so a download cut
/// off (Ctrl+C, a kill, a full disk) leaves every tile of the batches
/// before it whole and the file readable, and the next run carries on.
package final class AreaFile {
    /// The file's path.
    package let path: String
    private let db: SQLiteConnection

    /// Opens the area file at `path`, making it (and its folder) when there is none.
    package init(path: String) throws(TileSourceError) {
        self.path = path
        if FileManager.default.fileExists(atPath: path), let problem = FileReader.problem(at: path) {
            throw .unreadable(path: path, reason: problem.reason)
        }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        do {
            db = try SQLiteConnection(path: path, readOnly: false)
            try db.execute("""
                CREATE TABLE IF NOT EXISTS metadata (name TEXT, value TEXT);
                CREATE UNIQUE INDEX IF NOT EXISTS metadata_name ON metadata (name);
                CREATE TABLE IF NOT EXISTS tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
                CREATE UNIQUE INDEX IF NOT EXISTS tile_index ON tiles (zoom_level, tile_column, tile_row)
                """)
        } catch {
            throw .unreadable(path: path, reason: "it is not an area file pinmap can write: \(error.description)")
        }
    }

    /// The tiles the file holds already.
    package func tiles() throws(TileSourceError) -> Set<TileID> {
        do {
            let query = try db.prepare("SELECT zoom_level, tile_column, tile_row FROM tiles")
            var found: Set<TileID> = []
            while try query.step() {
                guard let z = query.int(0), let x = query.int(1), let row = query.int(2), (0...30).contains(z) else { continue }
                let tile = TileID(z: z, x: x, y: (1 << z) - 1 - row)
                if tile.isValid { found.insert(tile) }
            }
            return found
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
    }

    /// The file's metadata, name by name.
    package func metadata() throws(TileSourceError) -> [String: String] {
        try AreaFile.metadata(of: db, path: path)
    }

    /// The metadata of the area file at `path`, read without changing the file.
    package static func metadata(at path: String) throws(TileSourceError) -> [String: String] {
        let db: SQLiteConnection
        do { db = try SQLiteConnection(path: path, readOnly: true) } catch { throw .unreadable(path: path, reason: error.description) }
        return try metadata(of: db, path: path)
    }

    /// The metadata table of `db`, each value's first 4 KB.
    private static func metadata(of db: SQLiteConnection, path: String) throws(TileSourceError) -> [String: String] {
        do {
            var found: [String: String] = [:]
            for row in try db.rows("SELECT name, substr(value, 1, 4096) FROM metadata", limit: 1000) where row.count == 2 {
                if let name = row[0], let value = row[1] { found[name] = value }
            }
            return found
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
    }

    /// Adds tiles (rows from the top), replacing any the file holds, in one transaction.
    package func add(_ batch: [(TileID, Data)]) throws(TileSourceError) {
        guard !batch.isEmpty else { return }
        do {
            try db.execute("BEGIN IMMEDIATE")
            let insert = try db.prepare("INSERT OR REPLACE INTO tiles VALUES (?1, ?2, ?3, ?4)")
            for (tile, data) in batch {
                insert.reset()
                insert.bind([tile.z, tile.x, tile.tmsY])
                insert.bind(4, blob: data)
                _ = try insert.step()
            }
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw .unsupported(path: path, reason: "tiles could not be written (\(error.description)); is the disk full? "
                               + "The tiles written before are kept: run the same command again to carry on")
        }
    }

    /// Sets the file's metadata (bounds, zooms, format, credit, date, name), in one transaction.
    package func setMetadata(_ metadata: [String: String]) throws(TileSourceError) {
        do {
            try db.execute("BEGIN IMMEDIATE")
            let insert = try db.prepare("INSERT OR REPLACE INTO metadata VALUES (?1, ?2)")
            for (name, value) in metadata.sorted(by: { $0.key < $1.key }) {
                insert.reset()
                insert.bind(1, text: name)
                insert.bind(2, text: value)
                _ = try insert.step()
            }
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw .unsupported(path: path, reason: "its metadata could not be written (\(error.description)); is the disk full?")
        }
    }
}
