import Foundation
import MapEngine
import FileAccess

/// Tiles in a PMTiles v3 archive, on the disk or on a web server: raster
/// (PNG, JPEG, WebP) or vector (MVT). Only the parts asked for are read
/// (`ArchiveReading`: `pread` for a file, HTTP range requests for a URL): the
/// header and root directory when opened, then leaf directories (a few
/// kept) and tiles.
/// Directories and tiles may be uncompressed or gzipped; brotli and zstd
/// are refused when the file is opened.
///
///     let source = try PMTilesSource(path: "city.pmtiles")
///     let tile = try source.data(for: TileID(z: 12, x: 2144, y: 1434))
package final class PMTilesSource: TileSource, @unchecked Sendable {
    // Guarded: `archive` and everything set in init are immutable; the leaf
    // cache is touched only under `lock`. The archive is safe to read from any thread.
    /// The archive's path or URL.
    package let path: String
    /// From the header's minimum and maximum zoom.
    package let levels: ClosedRange<Int>
    /// From the metadata's `attribution`, as plain text.
    package let attribution: String?
    /// From the header's centre, unless it is 0,0.
    package let openingView: OpeningView?
    /// Vector for MVT archives, else images.
    package let content: TileContent
    /// Whether the header leaves the tiles' compression unknown (0): each
    /// tile's bytes are then looked at, and the opener says so once.
    package var tileCompressionIsUnknown: Bool { header.tileCompression == .unknown }
    /// The source layers the metadata lists (`vector_layers`), for a vector archive.
    package let vectorLayers: [String]
    private let header: PMTilesHeader
    /// Where the bytes come from.
    package let archive: any ArchiveReading
    private let root: PMTilesDirectory
    /// Guards `leaves` and `leafOrder`. `@unchecked Sendable` rests on it, on
    /// the archive being safe to read from any thread, and on every other
    /// field being immutable.
    private let lock = NSLock()
    private var leaves: [UInt64: PMTilesDirectory] = [:]
    private var leafOrder: [UInt64] = []

    /// How many leaf directories are kept decoded.
    static let keptLeaves = 64
    /// The leaf directories kept: the first read let go first.
    static let leafPolicy = EvictionPolicy(limit: keptLeaves)
    /// Directories deeper than this are refused: the spec's writers use one level of leaves.
    static let deepestLeaf = 4
    /// The largest directory or metadata read.
    static let sectionLimit = 64 << 20

    /// Opens the archive at `path` and reads its header, root directory and metadata; throws for a file that is not one pinmap can read.
    package convenience init(path: String) throws(TileSourceError) {
        try self.init(archive: LocalArchive(path: path))
    }

    /// Reads the archive's header, root directory and metadata; throws for an archive that is not one pinmap can read.
    package init(archive: any ArchiveReading) throws(TileSourceError) {
        let path = archive.name
        self.path = path
        self.archive = archive
        let header: PMTilesHeader
        do {
            header = try PMTilesHeader(try archive.read(offset: 0, length: UInt64(PMTilesHeader.length)))
        } catch let problem as PMTilesHeader.Problem {
            throw .unsupported(path: path, reason: problem.reason)
        } catch let error as TileSourceError {
            if case .unreadable(_, let reason) = error, reason.hasPrefix("it ends before") {
                // Shorter than a header: said as the header reader says it of too few bytes.
                do { _ = try PMTilesHeader([]) } catch { throw .unsupported(path: path, reason: error.reason) }
            }
            throw error
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
        for (what, compression) in [("directories", header.internalCompression), ("tiles", header.tileCompression)] {
            switch compression {
            case .none, .gzip: continue
            case .unknown where what == "tiles": continue  // sniffed per tile
            default: throw .unsupported(path: path, reason: "its \(what) are compressed with \(compression), which pinmap cannot read (only none or gzip)")
            }
        }
        switch header.tileType {
        case .mvt: content = .vector
        case .png, .jpeg, .webp: content = .raster
        default: throw .unsupported(path: path, reason: "its tiles are of type \(header.tileType) (pinmap draws mvt, png, jpeg and webp)")
        }
        self.header = header
        levels = header.minZoom...header.maxZoom
        do {
            root = try PMTilesDirectory(try PMTilesSource.section(archive, header, header.rootOffset, header.rootLength, path: path))
        } catch let problem as PMTilesDirectory.Problem {
            throw .unreadable(path: path, reason: "its root directory: \(problem.reason)")
        } catch let error as TileSourceError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: "its root directory: \(error)")
        }
        let metadata = (try? PMTilesSource.section(archive, header, header.metadataOffset, header.metadataLength, path: path))
            .flatMap { try? JSONParser.parse($0) }
        // Archives converted from MBTiles keep its `json` value as a string.
        if let metadata, metadata["vector_layers"] != nil {
            vectorLayers = MBTilesMetadata.layerIDs(metadata)
        } else {
            vectorLayers = MBTilesMetadata.layerIDs(json: metadata?["json"]?.string)
        }
        attribution = AttributionText.credit(metadata?["attribution"]?.string.map(MBTilesMetadata.plainText), vectorLayers: vectorLayers)
        var opening = header.center.isValid && (header.center.latitude != 0 || header.center.longitude != 0)
            ? OpeningView(center: header.center, zoom: Double(header.centerZoom)) : nil
        if let area = OpeningView.area(bounds: header.bounds) {
            opening = opening ?? OpeningView(center: WebMercator.unproject(Point(x: area.midX, y: area.midY)), zoom: Double(header.minZoom))
            opening?.area = area
        }
        openingView = opening
    }

    /// How near on the Hilbert curve (in tile ids) a neighbour offered to a
    /// merged read must be, and how many tiles and bytes are offered on each
    /// side (the archive takes what it has not read yet, up to its own limit).
    static let neighbourIDs: UInt64 = 12
    static let mergedTiles = 16
    static let mergedBytes: UInt64 = 1 << 20

    /// The tile's bytes, inflated when gzipped; nil when the archive lacks it.
    package func data(for tile: TileID) throws(TileSourceError) -> Data? {
        guard tile.isValid, levels.contains(tile.z) else { return nil }
        let id = PMTilesDirectory.tileID(z: tile.z, x: tile.x, y: tile.y)
        do {
            var directory = root
            for depth in 0...PMTilesSource.deepestLeaf {
                guard let entry = directory.find(id) else { return nil }
                if entry.runLength > 0 {
                    guard entry.length <= UInt64(MBTilesSource.tileSizeLimit) else {
                        throw TileSourceError.unreadable(path: location(of: tile), reason: "the tile is \(entry.length >> 20) MB, over the 32 MB limit")
                    }
                    let (start, overflow) = header.dataOffset.addingReportingOverflow(entry.offset)
                    guard !overflow else { throw TileSourceError.unreadable(path: location(of: tile), reason: "its offset is impossible") }
                    // From a server, the tiles stored beside it and near it on the map come in the same request.
                    let run = archive.mergesNeighbours
                        ? directory.storedAround(entry, idDistance: PMTilesSource.neighbourIDs, maxBytes: PMTilesSource.mergedBytes,
                                                 most: PMTilesSource.mergedTiles)
                            .map { (offset: header.dataOffset &+ $0.offset, length: $0.length) }
                        : []
                    let bytes = try archive.read(offset: start, length: entry.length, storedWith: run)
                    guard content == .vector || header.tileCompression == .gzip else { return Data(bytes) }
                    return Data(try Gunzip.inflateIfCompressed(bytes, limit: MBTilesSource.tileSizeLimit))
                }
                guard depth < PMTilesSource.deepestLeaf else { break }
                directory = try leaf(at: entry)
            }
            throw TileSourceError.unreadable(path: location(of: tile), reason: "its directories nest deeper than \(PMTilesSource.deepestLeaf) levels")
        } catch let error as TileSourceError {
            throw error
        } catch let problem as PMTilesDirectory.Problem {
            throw .unreadable(path: location(of: tile), reason: "a leaf directory: \(problem.reason)")
        } catch let failure as Gunzip.Failure {
            throw .unreadable(path: location(of: tile), reason: failure.description)
        } catch {
            throw .unreadable(path: location(of: tile), reason: "\(error)")
        }
    }

    /// The archive and the tile, for messages.
    package func location(of tile: TileID) -> String {
        "\(path) tile \(tile.z)/\(tile.x)/\(tile.y)"
    }

    private func leaf(at entry: PMTilesDirectory.Entry) throws -> PMTilesDirectory {
        lock.lock()
        if let cached = leaves[entry.offset] { lock.unlock(); return cached }
        lock.unlock()
        let (start, overflow) = header.leafOffset.addingReportingOverflow(entry.offset)
        guard !overflow else { throw PMTilesDirectory.Problem(reason: "its offset is impossible") }
        let directory = try PMTilesDirectory(try PMTilesSource.section(archive, header, start, entry.length, path: path))
        lock.lock()
        defer { lock.unlock() }
        if leaves.updateValue(directory, forKey: entry.offset) == nil {
            leafOrder.append(entry.offset)
            let victims = PMTilesSource.leafPolicy.victims(leafOrder.indices, total: leafOrder.count, lastUse: { $0 })
            for index in victims.reversed() { leaves[leafOrder.remove(at: index)] = nil }
        }
        return directory
    }

    /// A directory or the metadata, inflated as the header says.
    private static func section(_ archive: any ArchiveReading, _ header: PMTilesHeader, _ offset: UInt64, _ length: UInt64,
                                path: String) throws -> [UInt8] {
        guard length <= UInt64(sectionLimit) else {
            throw TileSourceError.unreadable(path: path, reason: "a section of \(length >> 20) MB is over the \(sectionLimit >> 20) MB limit")
        }
        let bytes = try archive.read(offset: offset, length: length)
        return header.internalCompression == .gzip ? try Gunzip.inflate(bytes, limit: sectionLimit) : bytes
    }
}
