import Foundation
import Logging
@_spi(PinmapApp) import MapCore

/// One map on one renderer: the core controller with its tiles, fonts,
/// images and pins. Window and headless runs both drive a session frame by
/// frame.
///
///     let session = try MapSession(renderer: renderer, options: options)
///     let scene = session.frame(at: now)
///     session.draw(scene)
@_spi(PinmapApp) public final class MapSession {
    /// The map shown.
    public let map: MapController
    /// Every tile image the map draws (its own, overlays, tiles drawn
    /// sharp at rest): made off the main thread, kept by key.
    package let tiles: TileStore
    /// Where the store's tile images live as textures.
    let tileTextures: TileTextures
    /// Where the map's tiles come from.
    public let source: TileSource
    /// Paints overlays (and vector tiles) into pixels.
    private let rasterizer: any TileRasterizing
    /// The fonts text is measured and drawn with.
    public let fonts: FontBook
    /// The images views and callouts name.
    public let images: ImageLibrary
    /// Saves, notices, the location feed and the search index: the session's policy, in the core.
    package let policy: SessionPolicy
    /// The annotations made from the options' pins file, in file order.
    public var pins: [FeatureAnnotation] { policy.pinsOnMap.annotations }
    /// Those pins and the file they are saved to.
    public var pinsOnMap: PinsOnMap { policy.pinsOnMap }
    /// The pins of further files, each saved to its own.
    public var morePinsOnMap: [PinsOnMap] { policy.morePinsOnMap }
    let sceneRenderer: SceneRenderer
    /// Makes the pins' views; the map holds its delegate weakly.
    let pinViews: PinFeatureViews
    /// Told of every tap on a callout's control: the annotation's
    /// identifier and the control's action.
    public var onCalloutAction: ((_ annotation: String, _ action: String) -> Void)? {
        get { policy.onCalloutAction }
        set { policy.onCalloutAction = newValue }
    }
    let logger: Logger
    /// Tiles a capture gave up on, and what it waits for.
    private var settling = CaptureSettling()

    /// A map opened with `options`, drawing with `renderer` and logging
    /// through `options.logger` (nowhere without one). Throws when the fonts cannot be read.
    public init(renderer: Renderer, options: MapOptions) throws(SDLError) {
        let logger = options.logger ?? .silent()
        self.logger = logger
        source = options.source
        rasterizer = options.rasterizer
        tiles = MapSession.tileStore(for: options)
        tileTextures = TileTextures(renderer: renderer)
        fonts = try FontBook(files: options.resources.fonts, renderer: renderer)
        images = ImageLibrary(resources: options.resources, renderer: renderer, logger: logger)
        sceneRenderer = SceneRenderer(renderer: renderer, tiles: tileTextures, fonts: fonts, images: images)
        map = MapController(camera: options.camera, levels: options.source.levels, attribution: options.attribution)
        map.displayScale = options.displayScale
        let pinsOnMap = PinsOnMap(document: options.pins, saves: options.savesPins, placeNames: options.savesPlaceNames,
                                  clusterAll: options.clustersPins)
        let morePinsOnMap = options.morePins.map {
            PinsOnMap(document: $0, saves: options.savesPins, placeNames: options.savesPlaceNames,
                      clusterAll: options.clustersPins, receivesDroppedPins: false)
        }
        policy = SessionPolicy(map: map, pins: pinsOnMap, morePins: morePinsOnMap, locationProvider: options.locationProvider,
                               gazetteer: options.gazetteer, log: SessionLog.writing(to: logger))
        if let sprite = options.sprite {
            map.sprite = sprite.sheet
            images.useSprite(sprite.sheet, image: sprite.image)
        }
        map.showsTouches = options.showsTouches
        map.chrome.showsControls = options.showsControls
        map.chrome.units = options.units
        map.chrome.showsPosition = options.showsPosition
        pinViews = PinFeatureViews(layouts: options.calloutLayouts)
        map.delegate = pinViews
        // Pins dropped in earlier sessions keep their numbers.
        map.userLocation.droppedCount = pinsOnMap.annotations.reduce(0) { max($0, DroppedPin.number(in: $1.identifier ?? "") ?? 0) }
        map.placemarks.geocoder = options.gazetteer.map { ReverseGeocoder(file: $0) }
        map.addAnnotations(pinsOnMap.annotations)
        for more in morePinsOnMap { map.addAnnotations(more.annotations) }
        // The files' lines and areas, drawn as simplestyle says; GPX routes and tracks.
        for document in [options.pins].compactMap({ $0 }) + options.morePins {
            for (overlay, renderer) in document.overlays(coloring: options.trackColoring) {
                map.addOverlay(overlay, renderer: renderer)
            }
        }
        if let provider = options.locationProvider {
            let locationLogger = logger
            let feed = LocationFeed { report in
                if case .unavailable(let reason) = report { locationLogger.warning("\(reason)") }
            }
            map.userLocation.feed = feed
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
    public var hasUnsavedMoves: Bool { policy.hasUnsavedMoves }

    /// Passes an input event to the map and saves the pins file when the
    /// event moved pins (see `SessionPolicy`).
    public func handle(_ input: InputEvent, at now: Double) -> [MapAction] {
        policy.handle(input, at: now)
    }

    /// Writes the pins back to their file (only when the session saves
    /// pins), leaving out the ones deleted from the map.
    public func savePins() throws(PinFileError) {
        try policy.savePins()
    }

    /// The tile store for the options' source: vector tiles painted with
    /// their layout, images decoded by SDL_image.
    static func tileStore(for options: MapOptions) -> TileStore {
        let producer: any TileProducing = options.vectorLayout.map {
            VectorTileProducer(source: options.source, layout: $0, scale: options.displayScale, rasterizer: options.rasterizer,
                               rasterSources: options.rasterSources, decoder: SDLImageDecoder())
        } ?? ImageTileProducer(source: options.source, decoder: SDLImageDecoder())
        return TileStore(base: producer, budgetBytes: options.tileCacheBytes, asksForStandIns: options.vectorLayout == nil,
                         sourceReads: options.source.concurrentReads)
    }

    /// Takes in finished tiles (their labels to the label layer), builds
    /// the scene at `now` and asks for the tiles it lacks, every kind in
    /// one list. `settlingLabels` ends the labels' fades (a picture taken
    /// once the tiles are in).
    public func frame(at now: Double, settlingLabels: Bool = false) -> Scene {
        policy.frameBegins(at: now)
        takeTiles(at: now)
        // Every change first, then a frame that only reads.
        map.prepareFrame(at: now, text: fonts)
        map.prepareLabels(at: now, text: fonts, instant: settlingLabels)
        let scene = map.makeScene(tiles: tiles, text: fonts)
        useOverlays()
        tiles.request(scene.tileRequests, at: now)
        policy.afterFrame(at: now, sourceReachable: source.isReachable)
        return scene
    }

    /// Finished tiles to textures, their labels to the label layer, their problems to the log.
    @discardableResult
    private func takeTiles(at now: Double) -> Int {
        let changes = tiles.pump(at: now, into: tileTextures)
        for warning in changes.warnings { logger.warning("\(warning)") }
        map.tileLabelsChanged(changes.labels)
        return changes.count
    }

    /// Gives the store the overlays as they are now, when they changed.
    private func useOverlays() {
        let layer = map.overlayLayer
        guard tiles.overlayVersion != layer.version else { return }
        var producers: [OverlayLevel: any TileProducing] = [:]
        for level in OverlayLevel.allCases {
            let paints = layer.paints(at: level)
            guard !paints.isEmpty else { continue }
            producers[level] = OverlayTileProducer(paints: paints, scale: map.displayScale, rasterizer: rasterizer)
        }
        tiles.useOverlays(version: layer.version, producers: producers, discardingInto: tileTextures)
    }

    /// Takes in finished tiles until none of `keys` is still loading, or
    /// `timeout` seconds (real time) pass; false on time-out. For tests and
    /// tools that ask the store for tiles themselves.
    package func settle(_ keys: [TileKey], timeout: Double, at now: Double = 0) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            takeTiles(at: now)
            if !keys.contains(where: { tiles.status(of: $0) == .loading }) { return true }
            if !tiles.waitForWork(until: deadline) {
                takeTiles(at: now)
                return !keys.contains { tiles.status(of: $0) == .loading }
            }
        }
    }

    /// Whether tiles are on their way, or one a server could not give is
    /// due to be asked for again at `now`: the map wants another frame.
    func tilesWantFrame(at now: Double) -> Bool {
        tiles.pendingCount > 0 || tiles.retryIsDue(at: now)
    }

    deinit {
        policy.stopLocation()
    }

    /// Starts building the search's name index on another thread (once).
    public func prepareSearchIndex() {
        policy.prepareSearchIndex()
    }

    /// Blocks (real time) until the search's name index is built, for
    /// headless runs whose scripts type into the search field.
    public func waitForSearchIndex(timeout: Double = 30) {
        policy.waitForSearchIndex(timeout: timeout)
    }

    /// Blocks until the location source has given a fix, at most `timeout`
    /// seconds of real time; true when there is one.
    public func waitForFirstFix(timeout: Double) -> Bool {
        map.userLocation.feed?.waitForFix(timeout: timeout) ?? false
    }

    /// How long a capture waits for its tiles, in all: longer than a tile
    /// server's request may take (`HTTPTileSource`'s 15 s), so a server that
    /// is merely slow still gets its tiles in.
    public static let tileWait = 20.0

    /// The scene at `now` once every tile it asks for has loaded or failed
    /// (see `CaptureSettling`), so that what is captured does not depend on
    /// how fast the disk was. Tiles still loading after `tileTimeout`
    /// seconds (a server that never answers, or trickles) are drawn from
    /// their stand-ins, with one warning: a capture always gets its picture.
    /// Throws when place names are still being looked up after `timeout` seconds.
    public func settledFrame(at now: Double, timeout: Double = 30,
                             tileTimeout: Double = MapSession.tileWait) throws(CaptureError) -> Scene {
        // Placemark names first, also for pins the frame itself drops.
        var scene: Scene
        repeat {
            if !map.waitForPlaceNames(timeout: timeout, at: now) {
                throw .placeNamesStillLooking(seconds: Int(timeout))
            }
            scene = frame(at: now)
        } while map.placemarks.awaitsNames
        let deadline = Date(timeIntervalSinceNow: tileTimeout)
        while !settling.awaited(scene.tileRequests, tiles: tiles).isEmpty {
            if !tiles.waitForWork(until: deadline) {
                takeTiles(at: now)
                let late = settling.awaited(scene.tileRequests, tiles: tiles)
                if let first = late.first {
                    settling.abandon(late)
                    let count = late.count == 1 ? "1 tile" : "\(late.count) tiles"
                    logger.warning("\(count) did not arrive within \(Int(tileTimeout)) s (\(source.location(of: first.tile)) first); the capture shows what stands in for them")
                    return frame(at: now, settlingLabels: true)
                }
            }
            scene = frame(at: now)
        }
        // A picture shows its labels whole, not a fifth of the way into their fade.
        return map.labels.isFading ? frame(at: now, settlingLabels: true) : scene
    }

    /// Draws the scene over the whole target and presents it.
    public func draw(_ scene: Scene) {
        sceneRenderer.draw(scene)
        noteFirstFrame()
    }

    /// Draws the scene into a rectangle of the target (an app's window), not presented.
    public func draw(_ scene: Scene, into viewport: Rect) {
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
