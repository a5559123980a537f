import Foundation
import MapEngine

/// What a map session does around the map that no renderer decides: saves
/// the pins files when pins change (merging what another program wrote
/// meanwhile), shows notices (a failed save, a tile server gone), stops the
/// location feed once the map stops listening, and builds the search's name
/// index off the main thread. Time comes in as a parameter.
///
///     let policy = SessionPolicy(map: map, pins: pins, morePins: [], log: log)
///     policy.handle(input, at: now)        // saves when pins moved
///     policy.afterFrame(at: now, sourceReachable: source.isReachable)
@MainActor
package final class SessionPolicy {
    let map: MapController
    /// The options' pins and the file they are saved to.
    package let pinsOnMap: PinsOnMap
    /// The pins of further files, each saved to its own (those opened
    /// while the session runs too).
    package internal(set) var morePinsOnMap: [PinsOnMap]
    /// The lines, areas and tracks each of those files drew, by file.
    var overlaysOfFiles: [String: [any Overlay]] = [:]
    /// Told when a file left the map (Ctrl+W, the menu's "Close"), with its path.
    package var onFileClosed: ((String) -> Void)?
    private let log: SessionLog
    /// The user's location source, stopped when the map no longer listens.
    private let locationProvider: (any LocationProvider)?
    private var locationStopped = false
    /// Told of every tap on a callout's control: the annotation's identifier and the control's action.
    package var onCalloutAction: ((_ annotation: String, _ action: String) -> Void)?
    /// True when pins moved since the pins file was last written (a save
    /// failed, or the session does not save).
    package private(set) var hasUnsavedMoves = false
    /// The latest time the session was told of, for messages a save shows.
    package private(set) var lastTime = 0.0
    /// Whether the tile server answered last time we looked.
    private var tilesReachable = true
    /// Says when street detail cannot be had past the map's own data; nil when the map has no such source.
    package var detailNotice: DetailNotice?
    /// The search's name index, built on another thread so the window opens at once.
    private let searchIndex = Mailbox<PlaceSearch?>()
    private var searchIndexPending = false
    private let gazetteer: Gazetteer.Loader?

    /// The policy of a session showing `map`, saving `pins` and `morePins`,
    /// listening to `locationProvider` and searching the gazetteer that `gazetteer` reads.
    package init(map: MapController, pins: PinsOnMap, morePins: [PinsOnMap], locationProvider: (any LocationProvider)?,
                 gazetteer: Gazetteer.Loader?, log: SessionLog) {
        self.map = map
        pinsOnMap = pins
        morePinsOnMap = morePins
        self.locationProvider = locationProvider
        self.gazetteer = gazetteer
        self.log = log
        for pins in [pins] + morePins { tidy(pins) }
        map.closableFile = { [unowned self] in self.fileOfSelection().map { ($0 as NSString).lastPathComponent } }
    }

    /// Saves the pins of a file opened while the session runs, as those
    /// of the files it opened with.
    package func adopt(_ pins: PinsOnMap) {
        morePinsOnMap.append(pins)
        tidy(pins)
    }

    /// Notes the lines, areas and tracks an opened file drew, which leave with it.
    package func note(_ overlays: [any Overlay], of file: String) {
        overlaysOfFiles[file, default: []] += overlays
    }

    private func tidy(_ pins: PinsOnMap) {
        guard let file = pins.file else { return }
        let removed = file.removeStaleTemporaries()
        if removed > 0 {
            log.info("removed \(removed) staging file(s) that an interrupted save left beside \(file.document.file)")
        }
    }

    /// Passes an input event to the map and saves the pins file when the
    /// event moved pins. A failed save is logged and shown on the map; the
    /// moved pins stay where they are and the file keeps its last good state.
    package func handle(_ input: InputEvent, at now: Double) -> [MapAction] {
        lastTime = max(lastTime, now)
        let actions = map.handle(input, at: now)
        process(actions, at: now)
        return actions
    }

    /// Notes the time of a frame.
    package func frameBegins(at now: Double) {
        lastTime = max(lastTime, now)
    }

    /// Reports callout taps and saves the pins file when pins changed.
    private func process(_ actions: [MapAction], at now: Double) {
        for case .calloutAction(let annotation, let action) in actions {
            onCalloutAction?(annotation, action)
        }
        if actions.contains(.annotationsChanged) {
            hasUnsavedMoves = true
            saveShowingFailure(at: now)
        }
        if actions.contains(.closeFile) {
            if let file = fileOfSelection() ?? morePinsOnMap.last?.path {
                close(file, at: now)
            } else {
                map.showMessage("No opened file to close: select a pin or a track of one", at: now, isError: false)
            }
        }
    }

    private func saveShowingFailure(at now: Double) {
        do {
            try savePins()
        } catch {
            log.error(error.description)
            map.showMessage("Not saved: \(error.shortDescription)", at: now)
        }
    }

    /// Writes the pins back to their files (only when the session saves
    /// pins), leaving out the ones deleted from the map.
    package func savePins() throws(PinFileError) {
        for pins in [pinsOnMap] + morePinsOnMap { try save(pins) }
    }

    private func save(_ pins: PinsOnMap) throws(PinFileError) {
        guard let outcome = try pins.save(from: map) else { return }
        hasUnsavedMoves = false
        if outcome == .saved, let file = pins.file { log.info("saved \(file.document.file)") }
        if outcome == .merged, let file = pins.file {
            log.warning("\(file.document.file) was changed by another program; your change was added to its new content")
            let name = (file.document.file as NSString).lastPathComponent
            map.showMessage("\(name) was changed by another program; your change was added to it", at: lastTime,
                            isError: false)
        }
    }

    /// After each frame: takes the search index when built, handles the
    /// frame's pending actions, says once when the tile server stops
    /// answering and when street detail cannot be had past the map's own
    /// data, stops the location source once the map is done with it, and
    /// writes place names that just arrived when the session saves them.
    /// `areas` tells what the areas downloaded for offline use hold of the
    /// view (nil when the tiles are not backed by any); asked only when the
    /// tile server has just gone away.
    package func afterFrame(at now: Double, sourceReachable: Bool, areas: () -> OfflineCoverage? = { nil },
                            detail: DetailNotice.Availability = .reachable) {
        takeSearchIndex()
        process(map.takePendingActions(), at: now)
        noteTileServer(reachable: sourceReachable, areas: areas, at: now)
        if let text = detailNotice?.message(zoom: map.camera.zoom, availability: detail) {
            map.showMessage(text, at: now, isError: false)
        }
        if !map.userLocation.isListening && !locationStopped {
            locationStopped = true
            locationProvider?.stop()
        }
        guard pinsOnMap.wantsSave(afterNaming: map.placemarks.takeNamed(), on: map) else { return }
        saveShowingFailure(at: now)
    }

    /// One notice when a tile server stops answering (not one per tile),
    /// and a line in the log when it is back.
    private func noteTileServer(reachable: Bool, areas: () -> OfflineCoverage?, at now: Double) {
        guard reachable != tilesReachable else { return }
        tilesReachable = reachable
        guard !reachable else { return }
        let text = switch areas() {
        case .covered: "Offline: showing your downloaded areas"
        case .elsewhere: "Offline: no downloaded area covers this view; showing cached tiles"
        case .noAreas, nil: "Offline: showing cached tiles"
        }
        map.showMessage(text, at: now, isError: false)
    }

    /// Stops the location source (the session ends).
    package func stopLocation() {
        locationProvider?.stop()
    }

    /// Starts building the search's name index on another thread (once):
    /// a window does so as it opens, a headless run when a script first
    /// presses a key.
    package func prepareSearchIndex() {
        guard let gazetteer, !searchIndexPending, map.search.finder == nil else { return }
        searchIndexPending = true
        let mailbox = searchIndex, log = log
        DispatchQueue.global(qos: .userInitiated).async {
            do {
                mailbox.post(PlaceSearch(try gazetteer()))
            } catch {
                log.warning("place search: \(error)")
                mailbox.post(nil)
            }
        }
    }

    /// Blocks (real time) until the search's name index is built, for
    /// headless runs whose scripts type into the search field.
    package func waitForSearchIndex(timeout: Double = 30) {
        prepareSearchIndex()
        guard searchIndexPending else { return }
        _ = searchIndex.wait(timeout: timeout) { $0.counted > 0 }
        takeSearchIndex()
    }

    private func takeSearchIndex() {
        guard searchIndexPending, let built = searchIndex.takeAll().last else { return }
        searchIndexPending = false
        map.search.finder = built
    }
}
