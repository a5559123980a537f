import Foundation
import MapEngine

/// A street source backed by the areas downloaded for offline use: while
/// its server answers, tiles come from it (through its disk cache and
/// revalidation), and a tile that differs from an area's copy replaces it
/// there; when the server cannot be reached (or there is none: offline),
/// tiles come from the newest area that holds them. Same tiles, same zooms,
/// same style: the map looks as it does online wherever an area reaches.
///
///     let streets = AreaBackedTileSource(online: server, areas: OfflineAreas(folder: folder) { $0 == "streets" })
package final class AreaBackedTileSource: OfflineBackedSource, @unchecked Sendable {
    // Unchecked: both parts are Sendable themselves; this class keeps no state of its own.
    /// The server, or nil offline.
    package let online: (any TileSource)?
    /// The downloaded areas.
    package let areas: OfflineAreas
    private let declaredLevels: ClosedRange<Int>
    private let declaredContent: TileContent

    /// `levels`: the zooms the source has (the style's, or its TileJSON's),
    /// and `content` what its tiles hold, used offline.
    package init(online: (any TileSource)?, areas: OfflineAreas, levels: ClosedRange<Int> = 0...14, content: TileContent = .vector) {
        self.online = online
        self.areas = areas
        declaredLevels = levels
        declaredContent = content
    }

    package var levels: ClosedRange<Int> { online?.levels ?? declaredLevels }
    package var openingView: OpeningView? { online?.openingView }
    package var attribution: String? { online?.attribution ?? areas.areas.first?.attribution }
    package var content: TileContent { online?.content ?? declaredContent }
    package var concurrentReads: Int { online?.concurrentReads ?? 4 }
    /// The server's; offline, never.
    package var isReachable: Bool { online?.isReachable ?? false }
    package func holds(level: Int) -> Bool { online?.holds(level: level) ?? declaredLevels.contains(level) }
    package func discard(_ tile: TileID) -> Bool { online?.discard(tile) ?? false }

    package func location(of tile: TileID) -> String {
        online?.location(of: tile) ?? "the downloaded areas in \(areas.folder.path), tile \(tile)"
    }

    /// From the server while it answers (keeping what it sends in the areas
    /// that hold the tile); from the areas when it cannot be reached.
    package func data(for tile: TileID) throws(TileSourceError) -> Data? {
        guard let online else { return areas.data(for: tile) }
        // Asked first even while it is away: its backoff keeps that cheap, and it is how it is found back.
        let data: Data?
        do {
            data = try online.data(for: tile)
        } catch .unavailable(let location, let reason) {
            if let kept = areas.data(for: tile) { return kept }
            throw .unavailable(location: location, reason: reason)
        }
        guard online.isReachable else { return areas.data(for: tile) ?? data }  // its disk cache's copy, or the area's
        if let data { areas.refresh(tile, with: data) }
        return data
    }

    package func offlineCoverage(of place: Coordinate, zoom: Int) -> OfflineCoverage {
        if areas.isEmpty { return .noAreas }
        return areas.covers(place, zoom: zoom) ? .covered : .elsewhere
    }
}
