import Foundation

/// A source drawn over another: where the main source has no tile of a
/// level it holds or lacks the level (zoomed out past an MBTiles file's
/// `minzoom`), the underlay's tile shows instead, so the map is never
/// blank; past both, the nearest level above is enlarged.
///
///     let source = UnderlaidTileSource(town, under: embeddedWorld)
package struct UnderlaidTileSource: TileSource {
    /// The source drawn on top.
    package let main: TileSource
    /// The source that shows where `main` has no tile.
    package let underlay: TileSource

    /// `main`, with `underlay` showing through its gaps.
    package init(_ main: TileSource, under underlay: TileSource) {
        self.main = main
        self.underlay = underlay
    }

    /// The levels of both sources.
    package var levels: ClosedRange<Int> {
        min(main.levels.lowerBound, underlay.levels.lowerBound)...main.levels.upperBound
    }

    /// The main source's credit.
    package var attribution: String? { main.attribution }
    /// Where the main source opens.
    package var openingView: OpeningView? { main.openingView }
    /// The main source's reads at once.
    package var concurrentReads: Int { main.concurrentReads }
    /// Whether the main source can be reached.
    package var isReachable: Bool { main.isReachable }

    /// Whether either source holds `level`.
    package func holds(level: Int) -> Bool {
        main.holds(level: level) || (underlay.holds(level: level) && level <= main.levels.upperBound)
    }

    /// The main source's tile, else the underlay's.
    package func data(for tile: TileID) throws(TileSourceError) -> Data? {
        if main.holds(level: tile.z), let data = try main.data(for: tile) { return data }
        return underlay.holds(level: tile.z) ? try underlay.data(for: tile) : nil
    }

    /// Asks whichever source the tile came from.
    package func discard(_ tile: TileID) -> Bool {
        main.holds(level: tile.z) ? main.discard(tile) : underlay.discard(tile)
    }

    /// Where the tile comes from, for messages.
    package func location(of tile: TileID) -> String {
        main.holds(level: tile.z) ? main.location(of: tile) : underlay.location(of: tile)
    }
}
