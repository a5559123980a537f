import Foundation
import Logging
import MapEngine
import MapKitLayer

/// One map on one renderer: the core controller with its tiles, fonts,
/// images and pins. Window and headless runs both drive a session frame by
/// frame.
///
///     let session = try MapSession(renderer: renderer, options: options)
///     let scene = session.frame(at: now)
///     session.draw(scene)
@MainActor
package final class MapSession {
    /// The map shown.
    package let map: MapController
    /// The frame cycle: tiles in, scene out, tiles asked for (in the core).
    package let frames: SessionFrames
    /// Every tile image the map draws (its own, overlays, tiles drawn
    /// sharp at rest): made off the main thread, kept by key.
    package var tiles: TileStore { frames.tiles }
    /// Where the store's tile images live as textures.
    let tileTextures: TileTextures
    /// Where the map's tiles come from.
    package let source: TileSource
    /// The fonts text is measured and drawn with.
    package let fonts: FontBook
    /// The images views and callouts name.
    package let images: ImageLibrary
    /// Saves, notices, the location feed and the search index: the session's policy, in the core.
    package let policy: SessionPolicy
    /// The annotations made from the options' pins file, in file order.
    package var pins: [FeatureAnnotation] { policy.pinsOnMap.annotations }
    /// Those pins and the file they are saved to.
    package var pinsOnMap: PinsOnMap { policy.pinsOnMap }
    /// The pins of further files, each saved to its own.
    package var morePinsOnMap: [PinsOnMap] { policy.morePinsOnMap }
    let sceneRenderer: SceneRenderer
    /// Makes the pins' views; the map holds its delegate weakly.
    let pinViews: PinFeatureViews
    /// Told of every tap on a callout's control: the annotation's
    /// identifier and the control's action.
    package var onCalloutAction: ((_ annotation: String, _ action: String) -> Void)? {
        get { policy.onCalloutAction }
        set { policy.onCalloutAction = newValue }
    }
    let logger: Logger
    /// Where the session reads and saves files.
    let files: any FileStore

    /// A map opened with `options`, drawing with `renderer` and logging
    /// through `options.logger` (nowhere without one). Throws when the fonts cannot be read.
    package init(renderer: Renderer, options: MapOptions) throws(SDLError) {
        let logger = options.logger ?? .silent()
        self.logger = logger
        source = options.source
        tileTextures = TileTextures(renderer: renderer)
        fonts = try FontBook(files: options.resources.fonts, renderer: renderer, language: options.language?.code, logger: logger)
        images = ImageLibrary(resources: options.resources, renderer: renderer, logger: logger)
        sceneRenderer = SceneRenderer(renderer: renderer, tiles: tileTextures, fonts: fonts, images: images)
        map = MapController(camera: options.camera, levels: options.source.levels, attribution: options.attribution)
        map.displayScale = options.displayScale
        files = options.files
        let saving = options.savesPins ? files : nil
        let pinsOnMap = PinsOnMap(document: options.pins, savingThrough: saving, placeNames: options.savesPlaceNames,
                                  clusterAll: options.clustersPins)
        let morePinsOnMap = options.morePins.map {
            PinsOnMap(document: $0, savingThrough: saving, placeNames: options.savesPlaceNames,
                      clusterAll: options.clustersPins, receivesDroppedPins: false)
        }
        let gazetteer = options.gazetteer.map { Gazetteer.loader(of: $0, files: options.files) }
        policy = SessionPolicy(map: map, pins: pinsOnMap, morePins: morePinsOnMap, locationProvider: options.locationProvider,
                               gazetteer: gazetteer, log: SessionLog.writing(to: logger))
        policy.detailNotice = options.streetDetail
        var layout = options.language.flatMap { language in
            options.vectorLayout.map { VectorTileLayout(style: $0.style.localized(to: language), source: $0.source, dataLevels: $0.dataLevels) }
        } ?? options.vectorLayout
        if let sprite = options.sprite { layout?.iconWidths = sprite.sheet.iconWidths }
        let store = SessionFrames.tileStore(source: options.source, layout: layout, scale: options.displayScale,
                                            rasterizer: options.rasterizer, rasterSources: options.rasterSources,
                                            vectorSources: options.vectorSources,
                                            decoder: SDLImageDecoder(), budgetBytes: options.tileCacheBytes)
        frames = SessionFrames(map: map, tiles: store, policy: policy, source: options.source, rasterizer: options.rasterizer,
                               text: fonts, textures: tileTextures, log: SessionLog.writing(to: logger))
        if let layout {
            frames.paint(with: PaintedStyle(layout: layout, source: options.source, vectorSources: options.vectorSources,
                                            rasterSources: options.rasterSources, scale: options.displayScale,
                                            rasterizer: options.rasterizer, decoder: SDLImageDecoder(), language: options.language,
                                            opener: options.sourceOpener))
        }
        if let sprite = options.sprite {
            map.sprite = sprite.sheet
            images.useStyleIcons(sprite.sheet, image: sprite.image)
        }
        map.showsTouches = options.showsTouches
        map.chrome.isDark = options.appearance.isDark(over: options.vectorLayout?.background(atZoom: options.zoom))
        map.chrome.showsControls = options.showsControls
        map.chrome.units = options.units
        map.chrome.showsPosition = options.showsPosition
        map.isRotateEnabled = options.isRotateEnabled
        pinViews = PinFeatureViews(layouts: options.calloutLayouts)
        map.delegate = pinViews
        // Pins dropped in earlier sessions keep their numbers.
        map.userLocation.droppedCount = pinsOnMap.annotations.reduce(0) { max($0, DroppedPin.number(in: $1.identifier ?? "") ?? 0) }
        map.placemarks.geocoder = options.gazetteer.map { ReverseGeocoder(file: $0, files: options.files) }
        map.addAnnotations(pinsOnMap.annotations)
        for more in morePinsOnMap { map.addAnnotations(more.annotations) }
        // The files' lines and areas, drawn as simplestyle says; GPX routes and tracks.
        for (index, document) in ([options.pins].compactMap({ $0 }) + options.morePins).enumerated() {
            let drawn = document.overlays(coloring: options.trackColoring)
            for (overlay, renderer) in drawn { map.addOverlay(overlay, renderer: renderer) }
            // The files opened besides the user's own pins can be closed, and their lines go with them.
            if index > 0 || options.pins == nil { policy.note(drawn.map(\.0), of: document.file) }
        }
        if let provider = options.locationProvider {
            let locationLogger = logger
            let announces = options.announcesLocationProblems
            let feed = LocationFeed { report in
                guard case .unavailable(let reason) = report else { return }
                if announces { locationLogger.warning("\(reason)") } else { locationLogger.info("\(reason)") }
            }
            map.userLocation.feed = feed
            map.userLocation.announcesProblems = announces
            map.userLocation.dropsPinAtFirstFix = options.dropsPinAtLocation
            provider.start(reporting: feed)
        }
        if let notice = options.notices.first {
            let more = options.notices.count > 1 ? " (and \(options.notices.count - 1) more on stderr)" : ""
            map.showMessage(notice + more, at: 0)
        }
    }

    /// True when pins moved since the pins file was last written (a save
    /// failed, or the session does not save).
    package var hasUnsavedMoves: Bool { policy.hasUnsavedMoves }

    /// Passes an input event to the map and saves the pins file when the
    /// event moved pins (see `SessionPolicy`).
    package func handle(_ input: InputEvent, at now: Double) -> [MapAction] {
        policy.handle(input, at: now)
    }

    /// Writes the pins back to their file (only when the session saves
    /// pins), leaving out the ones deleted from the map.
    package func savePins() throws(PinFileError) {
        try policy.savePins()
    }

    /// Takes in finished tiles (their labels to the label layer), builds
    /// the scene at `now` and asks for the tiles it lacks (see `SessionFrames`).
    /// `settlingLabels` ends the labels' fades (a picture taken once the tiles are in).
    package func frame(at now: Double, settlingLabels: Bool = false) -> Scene {
        frames.frame(at: now, settlingLabels: settlingLabels)
    }

    /// Takes in finished tiles until none of `keys` is still loading, or
    /// `timeout` seconds (real time) pass; false on time-out.
    package func settle(_ keys: [TileKey], timeout: Double, at now: Double = 0) -> Bool {
        frames.settle(keys, timeout: timeout, at: now)
    }

    isolated deinit {
        policy.stopLocation()
    }

    /// Starts building the search's name index on another thread (once).
    package func prepareSearchIndex() {
        policy.prepareSearchIndex()
    }

    /// Blocks (real time) until the search's name index is built, for
    /// headless runs whose scripts type into the search field.
    package func waitForSearchIndex(timeout: Double = 30) {
        policy.waitForSearchIndex(timeout: timeout)
    }

    /// Blocks until the location source has given a fix, at most `timeout`
    /// seconds of real time; true when there is one.
    package func waitForFirstFix(timeout: Double) -> Bool {
        map.userLocation.feed?.waitForFix(timeout: timeout) ?? false
    }

    /// How long a capture waits for its tiles, in all: longer than a tile
    /// server's request may take (`HTTPTileSource`'s 15 s), so a server that
    /// is merely slow still gets its tiles in.
    package static let tileWait = 20.0

    /// The scene at `now` once every tile it asks for has loaded or failed
    /// (see `SessionFrames.settledFrame`): a capture that does not depend on
    /// how fast the disk was. Throws when place names are still being looked
    /// up after `timeout` seconds.
    package func settledFrame(at now: Double, timeout: Double = 30,
                             tileTimeout: Double = MapSession.tileWait) throws(CaptureError) -> Scene {
        try frames.settledFrame(at: now, timeout: timeout, tileTimeout: tileTimeout)
    }

    /// Draws the scene over the whole target and presents it.
    package func draw(_ scene: Scene) {
        sceneRenderer.draw(scene)
        noteFirstFrame()
    }

    /// Draws the scene into a rectangle of the target (an app's window), not presented.
    package func draw(_ scene: Scene, into viewport: Rect) {
        sceneRenderer.draw(scene, into: viewport)
        noteFirstFrame()
    }

    private func noteFirstFrame() {
        if !hasDrawn {
            hasDrawn = true
            let after = LaunchClock.secondsSinceLaunch().map { String(format: " %.0f ms after launch", $0 * 1000) } ?? ""
            logger.info("first frame drawn\(after), \(String(format: "%.1f", PeakMemory.megabytes())) MB at most")
        }
    }

    private var hasDrawn = false
}
