import FileAccess
import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import Synchronization
import TileSources

/// The window's areas for offline use: what the card of "Download this area"
/// asks (list, download, stop, update, delete) done beside the window, as
/// `pinmap download` and `pinmap areas` do it, with the card told how far a
/// download is and the map drawing from a finished area at once.
@MainActor
final class WindowAreas {
    /// The map's street source: `streets` (OpenFreeMap's) or `--street-tiles`' address.
    let source: String
    /// The areas the map draws from when the street source is away.
    let areas: OfflineAreas
    /// The most tiles an area may have (the `areaMaxTiles` setting).
    let cap: Int
    /// Whether the run fetches nothing (`--offline`): areas are listed and deleted, not downloaded.
    let offline: Bool
    /// Tiles that could not be had are asked for again when an area comes (the window's tile store).
    var areaArrived: () -> Void = {}
    /// Set to stop the download under way.
    private var stop: StopFlag?

    /// Whether a download was asked to stop, read by its thread.
    final class StopFlag: Sendable {
        private let flag = Mutex(false)
        func set() { flag.withLock { $0 = true } }
        var isSet: Bool { flag.withLock { $0 } }
    }

    init(source: String, areas: OfflineAreas, cap: Int, offline: Bool = false) {
        self.source = source
        self.areas = areas
        self.cap = cap
        self.offline = offline
    }

    /// Gives the map its menu item, Ctrl+D and cap, and takes the card's requests.
    func attach(to window: MapWindow) {
        attach(to: window.map)
        areaArrived = { [weak window] in window?.view.session.frames.tiles.askAgainForMissing() }
        window.onAreaRequest = { [unowned self] window, request in self.handle(request, on: window.map) }
    }

    /// Gives `map` its menu item, Ctrl+D and cap.
    func attach(to map: MapController) {
        map.offersAreaDownload = true
        map.areaTileCap = cap
    }

    /// Whether a download or an update is under way.
    var isDownloading: Bool { stop != nil }

    func handle(_ request: MapAction, on map: MapController) {
        switch request {
        case .showAreas: list(on: map)
        case .downloadArea(let plan): start(plan, name: nil, from: source, refetching: false, on: map)
        case .stopAreaDownload: stop?.set()
        case .updateArea(let name):
            guard let area = areas.all.first(where: { $0.name == name }) else { return }
            start(area.plan, name: name, from: area.source, refetching: true, on: map)
        case .deleteArea(let name): delete(name, on: map)
        default: break
        }
    }

    /// The card's list: every area of the street source, newest first.
    private func list(on map: MapController) {
        areas.reload()
        map.areaPanel?.areas = areas.all.map { area in
            let bytes = ((try? FileManager.default.attributesOfItem(atPath: area.path))?[.size] as? Int) ?? 0
            let date = area.downloaded.map { ISO8601DateFormatter.string(from: $0, timeZone: .current, formatOptions: [.withFullDate]) } ?? ""
            let detail = "z\(area.plan.zooms.lowerBound)–\(area.plan.zooms.upperBound) · "
                + String(format: "%.1f MB", Double(bytes) / 1_000_000) + (date.isEmpty ? "" : " · \(date)")
            return AreaPanel.Listed(name: area.name, detail: detail)
        }
    }

    private func delete(_ name: String, on map: MapController) {
        guard let area = areas.all.first(where: { $0.name == name }) else { return }
        do {
            try FileManager.default.removeItem(atPath: area.path)
            map.showMessage("Deleted the area \(name)", isError: false)
        } catch {
            map.showMessage("Could not delete \(area.path): \(error.localizedDescription)")
        }
        list(on: map)
    }

    /// Downloads (or, `refetching`, updates) the area on a thread of its own,
    /// telling the card a few times a second; the map draws from it when done.
    private func start(_ plan: AreaPlan, name given: String?, from source: String, refetching: Bool, on map: MapController) {
        guard stop == nil else { return }
        guard !offline else {
            map.areaPanel?.stage = .failed("pinmap runs offline (--offline): nothing is fetched")
            return
        }
        let stopFlag = StopFlag()
        stop = stopFlag
        map.areaPanel?.stage = .downloading(name: given ?? "this area", progress: AreaProgress(total: plan.tileCount))
        let folder = areas.folder
        let shown = Mutex(0.0)
        Thread { [weak map] in
            // Named here, off the window's thread: the gazetteer takes a moment to read.
            let name = given ?? WindowAreas.freeName(for: plan, in: folder)
            let outcome: Result<AreaProgress, UsageError>
            do {
                let done = try DownloadCommand.run(plan, name: name, into: folder.appendingPathComponent("\(name).mbtiles").path, from: source,
                                                   refetching: refetching, progress: { progress in
                    let due = shown.withLock { last in
                        guard progress.seconds - last >= 0.25 else { return false }
                        last = progress.seconds
                        return true
                    }
                    if due { Task { @MainActor in map?.areaPanel?.stage = .downloading(name: name, progress: progress) } }
                }, isCancelled: { stopFlag.isSet })
                outcome = .success(done)
            } catch let error as UsageError {
                outcome = .failure(error)
            } catch {
                outcome = .failure(UsageError("\(error)"))
            }
            Task { @MainActor in
                guard let map else { return }
                self.finish(name: name, outcome, on: map)
            }
        }.start()
    }

    private func finish(name: String, _ outcome: Result<AreaProgress, UsageError>, on map: MapController) {
        stop = nil
        areas.reload()
        switch outcome {
        case .success(let done):
            map.areaPanel?.stage = .finished(name: name, progress: done)
            let complete = done.done >= done.total && done.failed == 0
            map.showMessage(complete ? "Downloaded \(name): \(done.total) tiles, drawn when offline"
                                   : "Stopped \(name): Download carries on where it stopped", isError: false)
        case .failure(let error):
            map.areaPanel?.stage = .failed(error.description)
            map.showMessage("Could not download \(name): \(error.description)")
        }
        if map.showsAreaPanel { list(on: map) }
        // Tiles that were missing are asked for again, now from the area when the server is away.
        areaArrived()
    }

    /// The name of the place nearest the area's middle ("Vaduz"), else its
    /// corner in degrees, with " 2", " 3"… when an area of another box has it.
    nonisolated static func freeName(for plan: AreaPlan, in folder: URL) -> String {
        let middle = Coordinate(latitude: (plan.south + plan.north) / 2, longitude: (plan.west + plan.east) / 2)
        let place = (try? Gazetteer.load(from: PinmapResources.gazetteer, files: DiskFiles()))?.nearest(to: middle)?.name
        let stem = (place ?? String(format: "area %.3f %.3f", plan.south, plan.west))
            .map { "/\\:\0".contains($0) || $0.isNewline ? "-" : $0 }
        var name = String(String(stem).prefix(60)), number = 2
        // A file of that name for another box or zooms (or another source's) is left alone; the same area carries on.
        while FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name).mbtiles").path),
              (try? AreaFile.metadata(at: folder.appendingPathComponent("\(name).mbtiles").path))
                .flatMap({ AreaPlan(metadata: $0) }) != plan {
            name = "\(String(stem).prefix(60)) \(number)"
            number += 1
        }
        return name
    }
}
