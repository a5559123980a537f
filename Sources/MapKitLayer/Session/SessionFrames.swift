import Foundation
import MapEngine

/// A session's frame cycle, renderer-free: takes in the tiles the store
/// finished (their pixels to the backend's texture cache, their labels to
/// the label layer, their problems to the log), builds the scene, gives the
/// store the overlays as they are and asks for every tile the frame lacks
/// in one list, then lets the session's policy act. Captures wait here for
/// what they show (`CaptureSettling`). Time comes in as a parameter; only
/// the waits of a capture are in real time, bounded by their timeouts.
///
///     let frames = SessionFrames(map: map, tiles: store, policy: policy, source: source,
///                                rasterizer: cairo, text: fonts, textures: textures, log: log)
///     let scene = frames.frame(at: now)
@MainActor
package final class SessionFrames {
    let map: MapController
    /// Every tile image the map draws.
    package let tiles: TileStore
    let policy: SessionPolicy
    let source: TileSource
    let rasterizer: any TileRasterizing
    let text: TextMeasuring
    let textures: any TileTextureStoring
    let log: SessionLog
    private var settling = CaptureSettling()
    /// While a capture waits for its tiles: they are drawn whole, not fading in.
    private var capturing = false
    /// What the vector tiles are painted from, for changing the style; nil for a map of images.
    package private(set) var painted: PaintedStyle?

    package init(map: MapController, tiles: TileStore, policy: SessionPolicy, source: TileSource,
                 rasterizer: any TileRasterizing, text: TextMeasuring, textures: any TileTextureStoring, log: SessionLog) {
        self.map = map
        self.tiles = tiles
        self.policy = policy
        self.source = source
        self.rasterizer = rasterizer
        self.text = text
        self.textures = textures
        self.log = log
    }

    /// Keeps what the vector tiles are painted from (the store's producer
    /// made from it), so the style can be changed while the map is open.
    package func paint(with painted: PaintedStyle) {
        self.painted = painted
    }

    /// Changes the style (see `PaintedStyle.change`) and has the tiles it
    /// reaches painted anew with it (`StyleChangeScope`: a paint property of
    /// a layer that draws only at zoom 14 and deeper leaves the zoom-10
    /// tiles be), the old pixels drawn until the new come.
    package func changeStyle(reopening: Set<String> = [],
                             _ edit: (inout StyleDocument) throws(StyleChangeError) -> MapStyle) throws(StyleChangeError) {
        guard var painted else { throw StyleChangeError("the map shows images, not a style") }
        let before = painted.layout.style
        try painted.change(reopening: reopening, edit)
        self.painted = painted
        // New data in a source reaches every tile; so does a change the scope cannot tell apart.
        let scope = reopening.isEmpty ? StyleChangeScope(from: before, to: painted.layout.style) : .everything
        let (layout, scale) = (painted.layout, painted.scale)
        tiles.replaceBase(with: painted.producer()) { key, madeBy in
            guard let previous = madeBy as? VectorTileProducer else { return false }
            let pixels = Double(key.pixels ?? Int(WebMercator.tileSize))
            return !scope.reaches(styleZoom: layout.styleZoom(for: key.tile, scale: scale, pixels: pixels)) { source, sourceLayer in
                previous.keptData(of: source, for: key.tile, pixels: pixels).map { $0.layer(named: sourceLayer) != nil }
            }
        }
    }

    /// Replaces the whole style with another's JSON (MapLibre's `setStyle`):
    /// its GeoJSON sources are read anew, other sources kept by name.
    package func replaceStyle(with style: StyleValue) throws(StyleChangeError) {
        var geoJSON: Set<String> = []
        if case .object(let root) = style, case .object(let sources)? = root["sources"] {
            geoJSON = Set(sources.filter { if case .object(let source) = $0.value { source["type"] == .string("geojson") } else { false } }.keys)
        }
        try changeStyle(reopening: geoJSON) { document throws(StyleChangeError) in try document.replace(with: style) }
    }

    /// Sets a feature's state (see `PaintedStyle.setFeatureState`) and has
    /// every tile painted anew with it.
    package func setFeatureState(_ state: [String: StyleValue]?, id: UInt64, source: String) throws(StyleChangeError) {
        guard var painted else { throw StyleChangeError("the map shows images, not a style") }
        try painted.setFeatureState(state, id: id, source: source)
        self.painted = painted
        tiles.replaceBase(with: painted.producer())
    }

    /// The store for `source`: vector tiles painted with `layout` (with the
    /// style's other vector and raster sources; images decoded by `decoder`
    /// otherwise), at `scale`, within `budgetBytes`.
    package static func tileStore(source: TileSource, layout: VectorTileLayout?, scale: Double, rasterizer: any TileRasterizing,
                                  rasterSources: [String: TileSource], vectorSources: [String: TileSource] = [:],
                                  decoder: any TileImageDecoding, budgetBytes: Int) -> TileStore {
        let producer: any TileProducing = layout.map {
            VectorTileProducer(source: source, layout: $0, scale: scale, rasterizer: rasterizer,
                               rasterSources: rasterSources, vectorSources: vectorSources, decoder: decoder)
        } ?? ImageTileProducer(source: source, decoder: decoder)
        return TileStore(base: producer, budgetBytes: budgetBytes, asksForStandIns: layout == nil,
                         sourceReads: source.concurrentReads)
    }

    /// Takes in finished tiles, builds the scene at `now` and asks for the
    /// tiles it lacks, every kind in one list. `settlingLabels` ends the
    /// labels' fades (a picture taken once the tiles are in).
    package func frame(at now: Double, settlingLabels: Bool = false) -> Scene {
        policy.frameBegins(at: now)
        takeTiles(at: now)
        // Every change first, then a frame that only reads.
        map.prepareFrame(at: now, text: text)
        FrameComposer.prepareLabels(of: map, at: now, text: text, instant: settlingLabels)
        // A picture (settling) shows its tiles whole; a window fades them in as the style's raster layers ask.
        let fade = settlingLabels || capturing ? nil : TileFade(now: now, duration: tileFadeDuration)
        let scene = FrameComposer.makeScene(of: map, tiles: tiles, text: text, fade: fade)
        useOverlays()
        tiles.request(scene.tileRequests, at: now)
        // What the downloaded areas hold of the view is asked only when the notice is said (the server just went away).
        let source = self.source, camera = map.camera
        policy.afterFrame(at: now, sourceReachable: source.isReachable,
                          areas: { (source as? any OfflineBackedSource)?.offlineCoverage(of: camera.centerCoordinate.wrapped,
                                                                                          zoom: Int(camera.zoom.rounded(.down))) },
                          detail: policy.detailNotice == nil ? .reachable : detailAvailability)
        return scene
    }

    /// Whether the style's source of street detail (as the style is now) can
    /// be had, and if not, what the downloaded areas hold of the view.
    private var detailAvailability: DetailNotice.Availability {
        guard let name = policy.detailNotice?.source else { return .reachable }
        guard let source = painted?.vectorSources[name] else { return .away(.noAreas) }
        if source.isReachable { return .reachable }
        guard let backed = source as? any OfflineBackedSource else { return .away(.noAreas) }
        return .away(backed.offlineCoverage(of: map.camera.centerCoordinate.wrapped, zoom: Int(map.camera.zoom.rounded(.down))))
    }

    /// Finished tiles to textures, their labels to the label layer, their problems to the log.
    @discardableResult
    package func takeTiles(at now: Double) -> Int {
        let changes = tiles.pump(at: now, into: textures)
        for warning in changes.warnings { log.warning(warning) }
        if !changes.labels.arrived.isEmpty || !changes.labels.departed.isEmpty {
            map.labels.apply(changes.labels)
            map.buildings.apply(changes.labels)
        }
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
        tiles.useOverlays(version: layer.version, producers: producers, discardingInto: textures)
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
    package func wantsFrame(at now: Double) -> Bool {
        tiles.pendingCount > 0 || tiles.retryIsDue(at: now) || tiles.isFadingIn(at: now, duration: tileFadeDuration)
    }

    /// How long a tile takes to fade in, in seconds: the longest
    /// `raster-fade-duration` of the style's raster layers shown at this
    /// zoom (MapLibre fades raster tiles in; vector tiles come whole).
    var tileFadeDuration: Double {
        guard let layout = painted?.layout else { return 0 }
        return layout.rasterFadeDuration(atStyleZoom: VectorTileLayout.styleZoom(mapZoom: map.camera.zoom, scale: map.displayScale))
    }

    /// The scene at `now` once every tile it asks for has loaded or failed
    /// (see `CaptureSettling`), so that what is captured does not depend on
    /// how fast the disk was. Tiles still loading after `tileTimeout`
    /// seconds (a server that never answers, or trickles) are drawn from
    /// their stand-ins, with one warning: a capture always gets its picture.
    /// Throws when place names are still being looked up after `timeout` seconds.
    package func settledFrame(at now: Double, timeout: Double, tileTimeout: Double) throws(CaptureError) -> Scene {
        capturing = true
        defer { capturing = false }
        // Placemark names first, also for pins the frame itself drops.
        var scene: Scene
        repeat {
            if !map.placemarks.waitForNames(timeout: timeout, at: now, on: map) {
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
                    log.warning("\(count) did not arrive within \(Int(tileTimeout)) s (\(source.location(of: first.tile)) first); the capture shows what stands in for them")
                    return frame(at: now, settlingLabels: true)
                }
            }
            scene = frame(at: now)
        }
        // A picture shows its labels whole, not a fifth of the way into their fade.
        return map.labels.isFading || map.labels.isBehind ? frame(at: now, settlingLabels: true) : scene
    }
}
