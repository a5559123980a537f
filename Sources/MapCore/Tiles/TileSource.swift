import Foundation

/// Where tile images come from. Implementations must be safe to call from the
/// background threads that load tiles.
///
///     let source = try DirectoryTileSource(root: URL(fileURLWithPath: "tiles"))
///     let bytes = try source.data(for: TileID(z: 0, x: 0, y: 0))
public protocol TileSource: Sendable {
    /// The tile levels the source holds; levels outside are drawn from these.
    var levels: ClosedRange<Int> { get }
    /// The credit line to show on the map, if the source has one.
    var attribution: String? { get }
    /// The encoded image (PNG or JPEG) of a tile; nil when the source has none.
    func data(for tile: TileID) throws(TileSourceError) -> Data?
    /// Where a tile lives, for messages (a file path, say).
    func location(of tile: TileID) -> String
}

/// Why a tile source could not be opened or read.
public enum TileSourceError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case notADirectory(path: String)
    case noTiles(path: String)
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(path): no such folder"
        case .notADirectory(let path):
            return "\(path): not a folder (expected a folder of {z}/{x}/{y}.png tiles)"
        case .noTiles(let path):
            return "\(path): no tiles found (expected {z}/{x}/{y}.png or .jpg below it)"
        case .unreadable(let path, let reason):
            return "\(path): cannot be read: \(reason)"
        }
    }
}
