import Foundation

/// Where tile images come from: pinmap's own (`MapOptions(tiles:)` opens
/// files and servers), or one of yours. Implementations must be safe to
/// call from the background threads that load tiles.
///
///     struct Scans: TileSource {
///         let images: [TileID: Data]      // PNG bytes your app holds, by tile
///         let levels = 0...6
///         let attribution: String? = "Scans © the city archive"
///         func data(for tile: TileID) throws(TileSourceError) -> Data? { images[tile] }
///         func location(of tile: TileID) -> String { "scan \(tile.z)/\(tile.x)/\(tile.y)" }
///     }
///     let options = MapOptions(source: Scans(images: scanned), center: Coordinate(latitude: 47.37, longitude: 8.54), zoom: 3)
public protocol TileSource: Sendable {
    /// The tile levels the source holds; levels outside are drawn from these.
    var levels: ClosedRange<Int> { get }
    /// The credit line to show on the map, if the source has one.
    var attribution: String? { get }
    /// Where the source says the map should open (an MBTiles `center`);
    /// nil when it says nothing.
    var openingView: OpeningView? { get }
    /// How many tiles may be read at once: a tile server wants few.
    var concurrentReads: Int { get }
    /// False while a tile server cannot be reached (tiles then come from
    /// its disk cache); always true for files.
    var isReachable: Bool { get }
    /// What the tiles hold: images, or vector tiles to draw with a style.
    var content: TileContent { get }
    /// The encoded image (PNG, JPEG or WebP) of a tile, or for a vector
    /// source its Mapbox Vector Tile, inflated; nil when the source
    /// has none. `TileSourceError.unavailable` means "not now" (offline, a
    /// server error): the tile is asked for again later.
    func data(for tile: TileID) throws(TileSourceError) -> Data?
    /// Where a tile lives, for messages (a file path, say).
    func location(of tile: TileID) -> String
    /// Whether the source has tiles of this level; a level it lacks is
    /// drawn from the nearest level above that it has, enlarged.
    func holds(level: Int) -> Bool
    /// The data `data(for:)` gave for this tile did not decode: a source
    /// that keeps copies (a tile server's disk cache) forgets its copy and
    /// returns true, so the tile can be asked for once more, fresh; a
    /// source whose data is what it is returns false.
    func discard(_ tile: TileID) -> Bool
}

extension TileSource {
    /// Images, unless the source says otherwise.
    public var content: TileContent { .raster }
    /// None: the map opens where it is told.
    public var openingView: OpeningView? { nil }
    /// Four reads at once.
    public var concurrentReads: Int { 4 }
    /// Always reachable (files on disk).
    public var isReachable: Bool { true }
    /// Whether `levels` contains `level`.
    public func holds(level: Int) -> Bool { levels.contains(level) }
    /// Files and the like keep no copies: their data is what it is.
    public func discard(_ tile: TileID) -> Bool { false }
}

/// What a source's tiles are.
///
///     if source.content == .vector { print("drawn with a style") }
public enum TileContent: String, Sendable {
    /// Images: PNG, JPEG or WebP.
    case raster
    /// Mapbox Vector Tiles, drawn with a style.
    case vector
}

/// A centre and zoom a source proposes for opening the map.
///
///     final class Tiles: TileSource {
///         // …
///         var openingView: OpeningView? { OpeningView(center: Coordinate(latitude: 47.37, longitude: 8.54), zoom: 12) }
///     }
public struct OpeningView: Equatable, Sendable {
    /// Where the map opens.
    public var center: Coordinate
    /// At which zoom.
    public var zoom: Double

    /// Where the data lies, as a unit-world rectangle, when the source says:
    /// a window opens fitted to it (see `fitted(to:)`).
    package var area: Rect?

    /// Opening over `center` at `zoom`.
    public init(center: Coordinate, zoom: Double) {
        self.center = center
        self.zoom = zoom
    }

    /// The unit-world rectangle of bounds given as west, south, east,
    /// north in degrees; nil unless they are four finite numbers of a
    /// real area on the map.
    package static func area(bounds: [Double]) -> Rect? {
        guard bounds.count == 4, bounds.allSatisfy(\.isFinite) else { return nil }
        let (west, south, east, north) = (bounds[0], bounds[1], bounds[2], bounds[3])
        guard west >= -180, east <= 180, west < east, south >= -90, north <= 90, south < north else { return nil }
        let low = WebMercator.project(Coordinate(latitude: north, longitude: west))
        let high = WebMercator.project(Coordinate(latitude: south, longitude: east))
        guard high.x > low.x, high.y > low.y else { return nil }
        return Rect(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y)
    }

    /// The view of a `viewportSize` window: fitted to the data's area, when
    /// known, at no deeper than `deepest` (a zoom past the data's last level
    /// shows nothing more); the source's centre and zoom when they lie in
    /// the area and show it closer than that (a world's file centred on its
    /// maker's town), or when the area is not known.
    package func fitted(to viewportSize: Size, deepest: Double) -> OpeningView {
        guard let area else { return self }
        let camera = Camera.fitting(area, viewportSize: viewportSize, padding: 0, maxZoom: deepest)
        if area.contains(WebMercator.project(center)), zoom >= camera.zoom { return self }
        return OpeningView(center: camera.centerCoordinate, zoom: camera.zoom)
    }
}

/// Why a tile source could not be opened or read.
///
///     throw TileSourceError.unavailable(location: "scan 3/4/2", reason: "the archive's disk sleeps")
public enum TileSourceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file or folder at the path.
    case notFound(path: String)
    /// A path that should be a folder is not one.
    case notADirectory(path: String)
    /// The folder holds no tiles.
    case noTiles(path: String)
    /// The source could not be read; the reason says why.
    case unreadable(path: String, reason: String)
    /// The source exists but is not one pinmap can show (vector tiles, not
    /// an MBTiles file, a bad URL template).
    case unsupported(path: String, reason: String)
    /// Not now: the server cannot be reached or failed; try again later.
    case unavailable(location: String, reason: String)

    /// The path and what went wrong, on one line.
    public var description: String {
        switch self {
        case .notFound(let path):
            // A name with an extension (a .mbtiles or .pmtiles file) is a file; one without, a folder of tiles.
            return "\(path): no such \(URL(fileURLWithPath: path).pathExtension.isEmpty ? "folder" : "file")"
        case .notADirectory(let path):
            return "\(path): not a folder (expected a folder of {z}/{x}/{y}.png tiles)"
        case .noTiles(let path):
            return "\(path): no tiles found (expected {z}/{x}/{y}.png or .jpg below it)"
        case .unreadable(let path, let reason):
            return "\(path): cannot be read: \(reason)"
        case .unsupported(let path, let reason):
            return "\(path): \(reason)"
        case .unavailable(let location, let reason):
            return "\(location): \(reason)"
        }
    }
}
