import Foundation
import MapEngine

/// A style's source named by a TileJSON on a server that could not be
/// fetched when the style opened (offline): until the TileJSON comes, its
/// tiles are "not now", so the tiles drawing its layers are made again
/// later, and it says it cannot be reached. When a tile is asked for after
/// a wait (`ServerBackoff`'s, per attempt), the TileJSON is fetched again;
/// once it comes, tiles come from the server it names. Levels and credit
/// are the style's own until then.
///
///     let streets = PendingTileJSONSource(url: "https://tiles.openfreemap.org/planet", declared: source) {
///         try StyleSourceOpener.open(source, ...)   // fetches the TileJSON
///     }
package final class PendingTileJSONSource: TileSource, @unchecked Sendable {
    /// The TileJSON's address.
    let url: String
    /// The levels the style declares (`minzoom`, `maxzoom`), until the TileJSON says.
    package let levels: ClosedRange<Int>
    /// The credit the style declares.
    package let attribution: String?
    /// Vector tiles, or images for a raster source.
    package let content: TileContent
    /// Fetches the TileJSON and opens the source it describes.
    private let open: @Sendable () throws -> TileSource
    /// The time now (real time; a test's own clock).
    private let clock: @Sendable () -> Date
    /// Guards the fields below; `@unchecked Sendable` rests on it.
    private let lock = NSLock()
    private var opened: TileSource?
    private var isOpening = false
    private var backoff = ServerBackoff()
    /// The TileJSON's stand-in for `ServerBackoff`, which counts by tile.
    private static let attempts = TileID(z: 0, x: 0, y: 0)

    /// `declared`: the style's source (its levels, kind and credit); `open`
    /// fetches the TileJSON and opens what it names. The first try was
    /// just made, so the next waits.
    package init(url: String, declared: StyleSource, clock: @escaping @Sendable () -> Date = { Date() },
                 open: @escaping @Sendable () throws -> TileSource) {
        self.url = url
        self.clock = clock
        levels = min(declared.minZoom, declared.maxZoom)...declared.maxZoom
        attribution = declared.attribution.map(AttributionText.plain)
        content = declared.kind == .raster || declared.kind == .rasterDEM ? .raster : .vector
        self.open = open
        backoff.failed(Self.attempts, at: clock())
    }

    /// The opened source, once the TileJSON came.
    var source: TileSource? { lock.withLock { opened } }

    /// False until the TileJSON came, then the server's own answer.
    package var isReachable: Bool { source?.isReachable ?? false }

    /// The tile from the server the TileJSON names; "not now" (`unavailable`) until it came.
    package func data(for tile: TileID) throws(TileSourceError) -> Data? {
        guard let source = opened(at: clock()) else {
            throw .unavailable(location: url, reason: "its TileJSON could not be fetched yet")
        }
        return try source.data(for: tile)
    }

    /// The source, opened now if the wait is over and no other worker is opening it.
    private func opened(at now: Date) -> TileSource? {
        let mayTry: Bool = lock.withLock {
            if opened != nil || isOpening || backoff.wait(for: Self.attempts, at: now) != nil { return false }
            isOpening = true
            return true
        }
        guard mayTry else { return source }
        let result = try? open()
        lock.withLock {
            isOpening = false
            if let result { opened = result } else { backoff.failed(Self.attempts, at: now) }
        }
        return result
    }

    /// The tile's address on the server, or the TileJSON's until it came.
    package func location(of tile: TileID) -> String { source?.location(of: tile) ?? "\(url) tile \(tile)" }

    /// The opened source's levels, or the style's until then.
    package func holds(level: Int) -> Bool { source?.holds(level: level) ?? levels.contains(level) }

    /// Forgets a kept copy of the tile on the opened source (none before it opened).
    package func discard(_ tile: TileID) -> Bool { source?.discard(tile) ?? false }
}
