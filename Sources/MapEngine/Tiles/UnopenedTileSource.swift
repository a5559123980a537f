import Foundation

/// A source whose files could not be opened (the embedded world missing
/// from an installation): it holds the world's levels, and every tile it is
/// asked for fails naming the file and why, so the map shows its
/// placeholders and the log says what is wrong, rather than an empty map
/// with no word.
package struct UnopenedTileSource: TileSource {
    /// The file or folder that could not be opened.
    package let path: String
    /// Why.
    package let reason: String

    /// A source standing for `path`, which could not be opened because of `reason`.
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The embedded world's levels.
    package var levels: ClosedRange<Int> { 0...5 }
    /// None.
    package var attribution: String? { nil }

    /// Always throws: the tiles cannot be read.
    package func data(for tile: TileID) throws(TileSourceError) -> Data? {
        throw .unreadable(path: path, reason: reason)
    }

    /// The path and the tile.
    package func location(of tile: TileID) -> String { "\(path) tile \(tile)" }
}
