import Foundation

/// A source whose data covers only part of the world (a TileJSON's
/// `bounds`): tiles wholly outside are not asked for, and draw as empty.
package struct BoundedTileSource: TileSource {
    let inner: TileSource
    /// Whether a tile reaches into the covered part.
    let covers: @Sendable (TileID) -> Bool

    package init(_ inner: TileSource, covers: @escaping @Sendable (TileID) -> Bool) {
        self.inner = inner
        self.covers = covers
    }

    package var levels: ClosedRange<Int> { inner.levels }
    package var attribution: String? { inner.attribution }
    package var openingView: OpeningView? { inner.openingView }
    package var concurrentReads: Int { inner.concurrentReads }
    package var isReachable: Bool { inner.isReachable }
    package var content: TileContent { inner.content }

    package func data(for tile: TileID) throws(TileSourceError) -> Data? {
        covers(tile) ? try inner.data(for: tile) : nil
    }

    package func location(of tile: TileID) -> String { inner.location(of: tile) }
    package func holds(level: Int) -> Bool { inner.holds(level: level) }
    package func discard(_ tile: TileID) -> Bool { inner.discard(tile) }
}
