import Foundation
import MapEngine
import FileAccess

/// Tiles in an MBTiles file (spec 1.3): an SQLite database whose `tiles`
/// table (or view, as in the deduplicated layout of mbutil and
/// node-mbtiles) holds one image per zoom, column and row, rows counted from
/// the south. Opened read-only; each reading thread gets a connection of
/// its own from a small pool, so reads run side by side.
///
///     let source = try MBTilesSource(path: "town.mbtiles")
///     source.levels          // from minzoom/maxzoom, or the tiles present
///     source.openingView     // from `center`
package struct MBTilesSource: TileSource {
    /// The file's path, as given.
    package let path: String
    /// The zoom levels the file has tiles for.
    package let levels: ClosedRange<Int>
    /// The file's `attribution` metadata, if any.
    package let attribution: String?
    /// Where the file's `center` metadata opens the map, if it says.
    package let openingView: OpeningView?
    /// The tileset's name from its metadata, if any.
    package let name: String?
    /// The image format the metadata names (png, jpg, webp), if any.
    package let format: String?
    /// Vector when the metadata's format is `pbf`, else images.
    package let content: TileContent
    /// The source layers the `json` metadata lists (`vector_layers`), for a vector file.
    package let vectorLayers: [String]
    private let pool: ReaderPool

    /// No tile image is larger than this; a bigger blob is refused.
    package static let tileSizeLimit = 32 << 20

    /// Opens an MBTiles file read-only; throws naming the file when it is missing, not SQLite or
    /// has no tiles table.
    package init(path: String) throws(TileSourceError) {
        try MBTilesSource.checkIsSQLite(path)
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path, readOnly: true)
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
        let metadata: MBTilesMetadata
        do {
            connection.statementSeconds = 5
            let hasMetadata = try !connection.rows("SELECT 1 FROM sqlite_master WHERE name = 'metadata'").isEmpty
            guard try !connection.rows("SELECT 1 FROM sqlite_master WHERE name = 'tiles' AND type IN ('table', 'view')")
                .isEmpty else {
                throw TileSourceError.unsupported(path: path, reason: "not an MBTiles file: it has no tiles table")
            }
            // Only the first 64 KB of a value are read: a megabyte of attribution is not drawn.
            let rows = hasMetadata
                ? try connection.rows("SELECT name, substr(value, 1, \(MBTilesMetadata.longestValue)) FROM metadata",
                                      limit: 10_000)
                : []
            var values: [String: String] = [:]
            for row in rows { if let key = row[0], let value = row[1] { values[key] = value } }
            metadata = MBTilesMetadata(values)
        } catch let error as TileSourceError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: "its metadata: \(error)")
        }
        if let format = metadata.format, format != "pbf", !MBTilesMetadata.rasterFormats.contains(format) {
            throw .unsupported(path: path, reason: "holds tiles in the format \"\(format)\"; pinmap draws raster tiles (png, jpg, webp) and vector tiles (pbf)")
        }
        var levels: ClosedRange<Int>?
        if let low = metadata.minZoom, let high = metadata.maxZoom, low <= high { levels = low...high }
        if levels == nil {
            let range: [String?]?
            do {
                range = try connection.rows("SELECT MIN(zoom_level), MAX(zoom_level) FROM tiles").first
            } catch {
                throw .unreadable(path: path, reason: "its tiles: \(error)")
            }
            if let low = range?[0].flatMap({ Int($0) }), let high = range?[1].flatMap({ Int($0) }),
               low <= high, (0...30).contains(low), (0...30).contains(high) {
                levels = low...high
            }
        }
        guard let levels else { throw .noTiles(path: path) }
        connection.statementSeconds = 2
        self.path = path
        self.levels = levels
        self.attribution = AttributionText.credit(metadata.attribution, vectorLayers: metadata.vectorLayers)
        var opening = metadata.openingView
        if let tiles = MBTilesSource.dataArea(connection, level: levels.upperBound) {
            // Where the deepest tiles lie, within the bounds when the file gives them.
            let area = opening?.area.flatMap { MBTilesSource.overlap($0, tiles) } ?? tiles
            opening = opening ?? OpeningView(center: WebMercator.unproject(Point(x: area.midX, y: area.midY)), zoom: Double(levels.lowerBound))
            opening?.area = area
        }
        self.openingView = opening
        self.name = metadata.name
        self.format = metadata.format
        self.content = metadata.format == "pbf" ? .vector : .raster
        self.vectorLayers = metadata.vectorLayers
        self.pool = ReaderPool(path: path, first: connection)
    }

    /// The tile's bytes, or nil when the file has none.
    package func data(for tile: TileID) throws(TileSourceError) -> Data? {
        guard tile.isValid else { return nil }
        let result: Result<Data?, SQLiteConnection.Failure> = pool.withReader { reader in
            Result { () throws(SQLiteConnection.Failure) -> Data? in try reader.tile(tile) }
        }
        switch result {
        case .success(let data):
            guard let data else { return nil }
            guard data.count <= MBTilesSource.tileSizeLimit else {
                throw .unreadable(path: location(of: tile), reason: "the tile is \(data.count >> 20) MB, over the 32 MB limit")
            }
            guard content == .vector else { return data }
            // Gzipped or not, whatever the metadata says: the bytes tell.
            do {
                return Data(try Gunzip.inflateIfCompressed([UInt8](data), limit: MBTilesSource.tileSizeLimit))
            } catch {
                throw .unreadable(path: location(of: tile), reason: error.description)
            }
        case .failure(let failure):
            throw .unreadable(path: location(of: tile), reason: failure.description)
        }
    }

    /// The file and the tile, for messages.
    package func location(of tile: TileID) -> String {
        "\(path) tile \(tile.z)/\(tile.x)/\(tile.y) (tile_row \(tile.tmsY))"
    }

    /// Refuses at once a file that is missing, a folder, or not SQLite.
    private static func checkIsSQLite(_ path: String) throws(TileSourceError) {
        let header: [UInt8]
        do {
            header = try FileReader.readPrefix(path, count: 16)
        } catch where error.problem == .missing {
            throw .notFound(path: path)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        guard header == Array("SQLite format 3\0".utf8) else {
            throw .unsupported(path: path, reason: "not an MBTiles file: it is not an SQLite database")
        }
    }
}

/// Connections to one file, handed to one thread at a time: a reader is
/// either in `idle` (under `lock`) or held by exactly one thread between
/// `take` and `give`, which is what `@unchecked Sendable` rests on.
private final class ReaderPool: @unchecked Sendable {
    /// A connection with its tile query prepared.
    final class Reader {
        let connection: SQLiteConnection
        let query: SQLiteConnection.Statement

        init(_ connection: SQLiteConnection) throws(SQLiteConnection.Failure) {
            self.connection = connection
            query = try connection.prepare(
                "SELECT tile_data FROM tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3")
        }

        func tile(_ tile: TileID) throws(SQLiteConnection.Failure) -> Data? {
            query.bind([tile.z, tile.x, tile.tmsY])
            defer { query.reset() }
            return try query.step() ? query.blob(0, limit: MBTilesSource.tileSizeLimit) : nil
        }
    }

    private let path: String
    /// Guards `idle` and `first`.
    private let lock = NSLock()
    private var idle: [Reader] = []
    /// The connection the source opened to check the file, handed to the first reader.
    private var first: SQLiteConnection?

    init(path: String, first: SQLiteConnection) {
        self.path = path
        self.first = first
    }

    func withReader<T>(_ body: (Reader) -> Result<T, SQLiteConnection.Failure>) -> Result<T, SQLiteConnection.Failure> {
        let reader: Reader
        do {
            reader = try take()
        } catch {
            return .failure(error)
        }
        defer { give(reader) }
        return body(reader)
    }

    private func take() throws(SQLiteConnection.Failure) -> Reader {
        lock.lock()
        if let reader = idle.popLast() {
            lock.unlock()
            return reader
        }
        let reused = first
        first = nil
        lock.unlock()
        if let reused { return try Reader(reused) }
        return try Reader(SQLiteConnection(path: path, readOnly: true))
    }

    private func give(_ reader: Reader) {
        lock.lock()
        idle.append(reader)
        lock.unlock()
    }
}
