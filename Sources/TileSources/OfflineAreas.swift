import Foundation
import MapEngine

/// The areas downloaded for offline use (`pinmap download`, the window's
/// "Download this area"): the MBTiles files in one folder, each with the box
/// and zooms it was downloaded for. It answers for a tile from the newest
/// area that holds it, and keeps a tile the server sent anew in the areas
/// that hold an older copy. The folder is looked at again when it changes
/// (an area downloaded, updated or deleted meanwhile), at most once a second.
///
///     let areas = OfflineAreas(folder: areasFolder, sources: ["streets", "https://tiles.openfreemap.org/planet"], format: "pbf")
///     areas.data(for: TileID(z: 14, x: 8580, y: 5733))   // from the newest area holding it
package final class OfflineAreas: @unchecked Sendable {
    /// One downloaded area.
    package struct Area: Sendable {
        /// Its name: the file's, without `.mbtiles`.
        package let name: String
        /// The file.
        package let path: String
        /// Its box and zooms.
        package let plan: AreaPlan
        /// When it was downloaded or last updated, if its metadata says.
        package let downloaded: Date?
        /// The credit of the tiles' source.
        package let attribution: String?
        /// Where its tiles came from (`pinmap:source`: `streets`, or an address).
        package let source: String
        let tiles: MBTilesSource
    }

    /// The folder of area files.
    package let folder: URL
    /// Which sources' areas are drawn here: by the `pinmap:source` an area
    /// was downloaded from, or the tiles' address it came to (`pinmap:tiles`).
    package let sources: Set<String>
    /// The format their tiles must have (`pbf`, `png`), if one.
    package let format: String?
    // Unchecked: `folder`, `sources` and `format` are immutable; `lock` guards `found`, `everyArea`,
    // `folderChanged`, `lookedAt` and `writers`; `writing` is held while an area file's connection writes.
    private let lock = NSLock()
    /// Held while a tile is written into an area: the tile workers refresh areas side by side.
    private let writing = NSLock()
    private var found: [Area] = []
    private var everyArea: [Area] = []
    private var folderChanged: Date?
    private var lookedAt = Date.distantPast
    private var writers: [String: AreaFile] = [:]

    /// The areas in `folder` downloaded from one of `sources` (the name or
    /// address in their `pinmap:source`, or the tiles' address in their
    /// `pinmap:tiles`), with tiles in `format` when one is given.
    package init(folder: URL, sources: Set<String>, format: String? = "pbf") {
        self.folder = folder
        self.sources = sources
        self.format = format
        lock.withLock { look(at: Date(), force: true) }
    }

    /// The areas drawn here (downloaded from one of `sources`, in `format`), newest first.
    package var areas: [Area] { lock.withLock { look(at: Date()); return found } }

    /// Every area in the folder, whatever its source and format, newest first: for listing, updating and deleting.
    package var all: [Area] { lock.withLock { look(at: Date()); return everyArea } }

    /// Whether any area is downloaded.
    package var isEmpty: Bool { areas.isEmpty }

    /// The folder is read again now (after a download or a deletion).
    package func reload() { lock.withLock { look(at: Date(), force: true) } }

    /// The tile from the newest area that holds it; nil when none does.
    package func data(for tile: TileID) -> Data? {
        for area in areas where area.plan.contains(tile) {
            if let data = try? area.tiles.data(for: tile) { return data }
        }
        return nil
    }

    /// Whether an area holds the tiles around `place` at `zoom` (deeper
    /// than an area's zooms, its deepest tiles are drawn larger).
    package func covers(_ place: Coordinate, zoom: Int) -> Bool {
        areas.contains { $0.plan.covers(place) && zoom >= $0.plan.zooms.lowerBound }
    }

    /// The deepest zoom any area has, or nil without areas.
    package var deepestZoom: Int? { areas.map(\.plan.zooms.upperBound).max() }

    /// Keeps `data`, as the server sent it now, in every area that holds an
    /// older, different copy of the tile. Returns how many areas changed.
    @discardableResult
    package func refresh(_ tile: TileID, with data: Data) -> Int {
        var changed = 0
        for area in areas where area.plan.contains(tile) {
            guard let kept = try? area.tiles.data(for: tile), kept != data else { continue }
            // One writer at a time: an area file's connection is not shared between threads.
            let written: Bool = writing.withLock {
                let writer: AreaFile? = lock.withLock {
                    if let open = writers[area.path] { return open }
                    let opened = try? AreaFile(path: area.path)
                    writers[area.path] = opened
                    return opened
                }
                return (try? writer?.add([(tile, data)])) != nil
            }
            if written { changed += 1 }
        }
        return changed
    }

    /// Reads the folder when it changed since the last look (or `force`), at most once a second.
    private func look(at now: Date, force: Bool = false) {
        guard force || now.timeIntervalSince(lookedAt) >= 1 else { return }
        lookedAt = now
        let stamp = (try? FileManager.default.attributesOfItem(atPath: folder.path))?[.modificationDate] as? Date
        guard force || stamp != folderChanged else { return }
        folderChanged = stamp
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".mbtiles") }
        var areas: [(area: Area, drawn: Bool)] = []
        for name in names {
            let path = folder.appendingPathComponent(name).path
            guard let metadata = try? AreaFile.metadata(at: path), let source = metadata["pinmap:source"],
                  let plan = AreaPlan(metadata: metadata), let tiles = try? MBTilesSource(path: path) else { continue }
            let date = metadata["pinmap:downloaded"].flatMap { ISO8601DateFormatter().date(from: $0) }
            let area = Area(name: String(name.dropLast(".mbtiles".count)), path: path, plan: plan, downloaded: date,
                            attribution: metadata["attribution"].flatMap { $0.isEmpty ? nil : $0 }, source: source, tiles: tiles)
            let served = sources.contains(source) || metadata["pinmap:tiles"].map(sources.contains) == true
            areas.append((area, served && (format == nil || metadata["format"] == format)))
        }
        everyArea = areas.map(\.area).sorted { ($0.downloaded ?? .distantPast, $0.name) > ($1.downloaded ?? .distantPast, $1.name) }
        found = everyArea.filter { area in areas.contains { $0.drawn && $0.area.path == area.path } }
        writers = writers.filter { path, _ in found.contains { $0.path == path } }
    }
}
