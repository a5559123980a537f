import Foundation
import MapEngine
import TileSources

/// An area of the map kept for use without a connection: the tiles that
/// cover a box of latitudes and longitudes at a range of zooms, downloaded
/// from a tile source into one MBTiles file, politely (two requests at a
/// time, as long a wait as the server asks) and resumably (the same
/// download again fetches only the tiles the file lacks; a download stopped
/// or killed leaves a whole, readable file). MapKit has no such thing; the
/// model is Organic Maps' regions.
///
///     let area = try OfflineArea(south: 47.12, west: 9.49, north: 47.16, east: 9.55, zooms: 12...14)
///     print(area.tileCount, area.estimatedBytes)          // before anything is fetched
///     let server = try RemoteTiles.open("https://example.org/planet.pmtiles")
///     let file = URL(fileURLWithPath: "vaduz.mbtiles")
///     let done = try area.download(from: server, into: file, name: "Vaduz",
///                                  progress: { print($0.done, "of", $0.total) })
///     let options = try MapOptions(tiles: file.path)      // the area as a map of its own
public struct OfflineArea: Sendable, Equatable {
    let plan: AreaPlan

    /// The most tiles an area should have (as Organic Maps limits its
    /// regions: about 500 MB of street tiles).
    public static let mostTiles = AreaPlan.mostTiles

    /// A box from `south` to `north` and `west` to `east` in degrees (within
    /// latitudes ±85 and longitudes ±180, not across the date line), at
    /// `zooms` from 0 to 16.
    public init(south: Double, west: Double, north: Double, east: Double, zooms: ClosedRange<Int>) throws(OfflineAreaError) {
        do {
            plan = try AreaPlan(south: south, west: west, north: north, east: east, zooms: zooms)
        } catch {
            throw OfflineAreaError(description: error.description)
        }
    }

    /// The box around `region` (MapKit's region: a centre and spans), at `zooms`.
    public init(region: CoordinateRegion, zooms: ClosedRange<Int>) throws(OfflineAreaError) {
        let center = region.center, span = region.span
        try self.init(south: center.latitude - span.latitudeDelta / 2, west: center.longitude - span.longitudeDelta / 2,
                      north: center.latitude + span.latitudeDelta / 2, east: center.longitude + span.longitudeDelta / 2, zooms: zooms)
    }

    /// The box's southern edge, in degrees of latitude.
    public var south: Double { plan.south }
    /// The box's western edge, in degrees of longitude.
    public var west: Double { plan.west }
    /// The box's northern edge, in degrees of latitude.
    public var north: Double { plan.north }
    /// The box's eastern edge, in degrees of longitude.
    public var east: Double { plan.east }
    /// The zooms whose tiles are downloaded.
    public var zooms: ClosedRange<Int> { plan.zooms }

    /// How many tiles cover the box at its zooms.
    public var tileCount: Int { plan.tileCount }

    /// The size to expect, before anything is fetched (17 KB a street tile).
    public var estimatedBytes: Int { plan.estimatedBytes }

    /// Downloads the tiles `file` lacks from `source` (a tile server, a
    /// remote PMTiles archive: `RemoteTiles.open`), with `workers` requests
    /// at a time, telling `progress` after each tile (on the downloading
    /// threads), until done or `isCancelled` says stop. The file is an
    /// MBTiles file whose metadata names the box, zooms, format, `name`,
    /// the source's credit and the date; a stopped download keeps what came.
    /// Returns how far it got: `done < total` (or `failed > 0`) means tiles
    /// are left for the next call.
    public func download(from source: any TileSource, into file: URL, name: String, workers: Int = 2,
                         progress: @escaping @Sendable (OfflineAreaProgress) -> Void = { _ in },
                         isCancelled: @escaping @Sendable () -> Bool = { false }) throws(OfflineAreaError) -> OfflineAreaProgress {
        do {
            let area = try AreaFile(path: file.path)
            // The source's address, by which a map drawing from it finds the area (`pinmap:source`).
            let address = (source as? HTTPTileSource)?.template.template ?? (source as? PMTilesSource)?.path
                ?? source.location(of: TileID(z: 0, x: 0, y: 0))
            let metadata = AreaMetadata.of(plan, name: name, source: address, format: source.content == .vector ? "pbf" : "png",
                                           attribution: source.attribution)
            let done = try AreaDownloader(source: source, file: area, workers: workers)
                .run(plan, metadata: metadata, progress: { progress(OfflineAreaProgress($0)) }, isCancelled: isCancelled)
            return OfflineAreaProgress(done)
        } catch {
            throw OfflineAreaError(description: error.description)
        }
    }
}

/// How far a download of an `OfflineArea` is.
public struct OfflineAreaProgress: Sendable, Equatable {
    /// Tiles in the area.
    public let total: Int
    /// Tiles dealt with: held before, fetched, absent from the source, or failed.
    public let done: Int
    /// Tiles fetched and written in this download.
    public let fetched: Int
    /// Tiles that could not be had this time, left for the next download.
    public let failed: Int
    /// Bytes fetched in this download.
    public let bytes: Int
    /// Seconds since it started.
    public let seconds: Double
    /// Seconds left at its rate so far; nil before there is one.
    public let secondsLeft: Double?
    /// Why it stopped before the end on its own (its server stopped answering), if it did.
    public let stopReason: String?

    init(_ progress: AreaProgress) {
        (total, done, fetched, failed, bytes) = (progress.total, progress.done, progress.fetched, progress.failed, progress.bytes)
        (seconds, secondsLeft, stopReason) = (progress.seconds, progress.secondsLeft, progress.stopReason)
    }
}

/// Why an area cannot be planned or downloaded, in words naming the file or the server.
public struct OfflineAreaError: Error, CustomStringConvertible, Equatable {
    /// What went wrong, naming the file or the server.
    public let description: String
}

/// Tiles on a web server, opened for drawing (`MapOptions(source:…)`) or
/// for downloading an `OfflineArea`.
///
///     let city = try RemoteTiles.open("https://example.org/city.pmtiles")     // read with range requests
///     let streets = try RemoteTiles.open("https://tiles.example.org/{z}/{x}/{y}.pbf")
public enum RemoteTiles {
    /// A PMTiles archive on any web server (`https://…/map.pmtiles`, or
    /// `pmtiles://https://…`), read with HTTP range requests: its header and
    /// root directory when opened, leaf directories and tiles as they are
    /// asked for (tiles stored side by side come in one request), its ETag
    /// checked so that a file replaced on the server is noticed; or a tile
    /// server's `{z}/{x}/{y}` URL template, with a disk cache.
    public static func open(_ address: String) throws(TileSourceError) -> any TileSource {
        guard ["http://", "https://", "pmtiles://"].contains(where: { address.lowercased().hasPrefix($0) }) else {
            throw .unsupported(path: address, reason: "is not an http(s) address of a PMTiles file or of {z}/{x}/{y} tiles")
        }
        return try TileSourceOpener.open(address)
    }
}
