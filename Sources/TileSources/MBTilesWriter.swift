import Foundation
import MapEngine
import FileAccess

/// Writes MBTiles files: a tile folder (or any source) copied into the
/// plain layout (one `tiles` table) or the deduplicated one (`map` and
/// `images` tables behind a `tiles` view, as mbutil writes). The tests and
/// the benchmark make their MBTiles this way from the embedded world.
///
///     try MBTilesWriter.export(DirectoryTileSource(root: folder), to: "world.mbtiles",
///                              metadata: ["name": "World", "format": "png"])
package enum MBTilesWriter {
    /// How tiles are stored: one `tiles` table, or `map` and `images` tables sharing repeated tiles
    /// (oceans).
    package enum Layout: Sendable {
        /// Every tile in the `tiles` table.
        case plain
        /// Each distinct tile once in `images`, placed by `map`, with a `tiles` view over both.
        case deduplicated
    }

    /// Why the file could not be written.
    package struct Failure: Error, CustomStringConvertible {
        /// What went wrong, on one line.
        package let description: String
    }

    /// Copies every tile of `levels` (default: all the source holds) into a
    /// new file at `path`, replacing one there. Rows are stored from the
    /// south, as the spec says.
    package static func export(_ source: TileSource, levels: ClosedRange<Int>? = nil, to path: String,
                              metadata: [String: String], layout: Layout = .plain) throws(Failure) {
        var tiles: [(TileID, Data)] = []
        for z in levels ?? source.levels {
            let side = 1 << z
            for x in 0..<side {
                for y in 0..<side {
                    let tile = TileID(z: z, x: x, y: y)
                    let data: Data?
                    do { data = try source.data(for: tile) } catch { throw Failure(description: error.description) }
                    if let data { tiles.append((tile, data)) }
                }
            }
        }
        try write(tiles, to: path, metadata: metadata, layout: layout)
    }

    /// Writes `tiles` (rows from the top) and `metadata` into a new file at `path`, replacing a
    /// regular file there only once the new one is whole (built beside it, then renamed over it);
    /// a FIFO, a device, a folder or a read-only file at `path` is refused and left as it is.
    package static func write(_ tiles: [(TileID, Data)], to path: String, metadata: [String: String],
                             layout: Layout = .plain) throws(Failure) {
        do {
            try AtomicFile.checkTarget(path)
        } catch {
            throw Failure(description: "\(path): cannot be written: \(error.reason)")
        }
        let staging = path + ".pinmap-\(getpid()).tmp"
        try? FileManager.default.removeItem(atPath: staging)
        do {
            try fill(tiles, into: staging, metadata: metadata, layout: layout)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw Failure(description: "\(path): \(error.description)")
        }
        guard rename(staging, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: staging)
            throw Failure(description: "\(path): cannot be written: \(reason)")
        }
    }

    private static func fill(_ tiles: [(TileID, Data)], into path: String, metadata: [String: String],
                             layout: Layout) throws(SQLiteConnection.Failure) {
        do {
            let db = try SQLiteConnection(path: path, readOnly: false)
            try db.execute("BEGIN")
            try db.execute("CREATE TABLE metadata (name TEXT, value TEXT)")
            let meta = try db.prepare("INSERT INTO metadata VALUES (?1, ?2)")
            for (name, value) in metadata.sorted(by: { $0.key < $1.key }) {
                meta.reset()
                meta.bind(1, text: name)
                meta.bind(2, text: value)
                _ = try meta.step()
            }
            switch layout {
            case .plain:
                try db.execute("""
                    CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
                    CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row)
                    """)
                let insert = try db.prepare("INSERT INTO tiles VALUES (?1, ?2, ?3, ?4)")
                for (tile, data) in tiles {
                    insert.bind([tile.z, tile.x, tile.tmsY])
                    insert.bind(4, blob: data)
                    _ = try insert.step()
                }
            case .deduplicated:
                try db.execute("""
                    CREATE TABLE map (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_id TEXT);
                    CREATE UNIQUE INDEX map_index ON map (zoom_level, tile_column, tile_row);
                    CREATE TABLE images (tile_data BLOB, tile_id TEXT);
                    CREATE UNIQUE INDEX images_id ON images (tile_id);
                    CREATE VIEW tiles AS SELECT map.zoom_level AS zoom_level, map.tile_column AS tile_column,
                        map.tile_row AS tile_row, images.tile_data AS tile_data
                        FROM map JOIN images ON images.tile_id = map.tile_id
                    """)
                var ids: [Data: String] = [:]
                let image = try db.prepare("INSERT INTO images VALUES (?1, ?2)")
                let place = try db.prepare("INSERT INTO map VALUES (?1, ?2, ?3, ?4)")
                for (tile, data) in tiles {
                    let id = ids[data] ?? "image-\(ids.count)"
                    if ids[data] == nil {
                        ids[data] = id
                        image.reset()
                        image.bind(1, blob: data)
                        image.bind(2, text: id)
                        _ = try image.step()
                    }
                    place.bind([tile.z, tile.x, tile.tmsY])
                    place.bind(4, text: id)
                    _ = try place.step()
                }
            }
            try db.execute("COMMIT")
        }
    }

}
