import Foundation
import Synchronization
import Testing
@testable import MapEngine

/// A producer whose answers are set by tile: pixels (with labels), nothing, or an error.
struct ScriptedProducer: TileProducing {
    enum Answer: Sendable {
        case image(labels: [LabelCandidate])
        case nothing
        case error(TileLoadError)
    }

    let answers: [TileID: Answer]
    var offersLabels = true
    /// Every key made, in order.
    final class Made: Sendable {
        let keys = Mutex<[TileKey]>([])
    }
    let made = Made()

    func produce(_ key: TileKey) throws(TileLoadError) -> TileProduct? {
        made.keys.withLock { $0.append(key) }
        switch answers[key.tile] ?? .nothing {
        case .image(let labels):
            let side = key.pixels ?? 4
            return TileProduct(pixels: TilePixels(width: side, height: side, argb: Array(repeating: 0xFF00_FF00, count: side * side),
                                                  isOpaque: true)!, labels: labels,
                               problems: [TileProblem(location: "test tile \(key.tile)", reason: "a ring of 2 points was left out")])
        case .nothing: return nil
        case .error(let error): throw error
        }
    }

    func location(of key: TileKey) -> String { "test tile \(key.tile)" }
}

/// Textures as a record of what the store handed over and let go.
final class RecordedTextures: TileTextureStoring {
    var held: [TileKey: TilePixels] = [:]
    var discarded: [TileKey] = []
    func store(_ pixels: TilePixels, for key: TileKey) throws(TileBackendError) -> Int {
        held[key] = pixels
        return pixels.byteCount
    }
    func discard(_ key: TileKey) {
        held[key] = nil
        discarded.append(key)
    }
}

@Suite struct TileStoreTests {
    let a = TileID(z: 3, x: 1, y: 1), b = TileID(z: 3, x: 2, y: 1), c = TileID(z: 3, x: 3, y: 1)

    static func label(_ text: String) -> LabelCandidate {
        LabelCandidate(text: text, tile: TileID(z: 3, x: 1, y: 1), styleZoom: 2, placement: .point(Point(x: 2, y: 2)),
                       layer: "places", look: LabelLook(size: 12, padding: 2), priority: LabelPriority(layerIndex: 0, featureIndex: 0))
    }

    /// Pumps until nothing is pending; every change met on the way, merged.
    static func settle(_ store: TileStore, _ textures: RecordedTextures, at now: Double) -> TileStore.Changes {
        var all = TileStore.Changes()
        let deadline = Date(timeIntervalSinceNow: 10)
        repeat {
            let changes = store.pump(at: now, into: textures)
            all.count += changes.count
            all.labels.arrived += changes.labels.arrived
            all.labels.departed += changes.labels.departed
            all.warnings += changes.warnings
            if store.pendingCount == 0 { break }
        } while store.waitForWork(until: deadline) || store.pendingCount > 0 && Date() < deadline
        return all
    }

    @Test func eachKeyEndsReadyMissingOrFailedAndLabelsArePushedForTheTilesThatCame() {
        let producer = ScriptedProducer(answers: [a: .image(labels: [Self.label("Zürich")]), b: .nothing,
                                                  c: .error(.broken(location: "x.mbtiles tile 3/3/1", reason: "not a vector tile"))])
        let store = TileStore(base: producer, budgetBytes: 1 << 20, asksForStandIns: false)
        let textures = RecordedTextures()
        let keys = [a, b, c].map { TileKey(tile: $0) }
        #expect(keys.allSatisfy { store.status(of: $0) == nil })
        store.request(keys, at: 0)
        #expect(keys.allSatisfy { store.status(of: $0) == .loading })
        #expect(store.pendingCount == 3)
        let changes = Self.settle(store, textures, at: 0)
        #expect(store.status(of: a) == .loaded && store.status(of: b) == .missing && store.status(of: c) == .failed)
        #expect(store.state(of: keys[2]) == .failed(.broken(location: "x.mbtiles tile 3/3/1", reason: "not a vector tile")))
        #expect(textures.held.keys.sorted { $0.tile < $1.tile } == [keys[0]])
        #expect(store.usedBytes == 4 * 4 * 4)
        #expect(changes.labels.arrived.map(\.tile) == [a] && changes.labels.arrived.first?.labels.first?.text == "Zürich")
        #expect(changes.warnings.filter { $0.contains("x.mbtiles tile 3/3/1") } == ["tile x.mbtiles tile 3/3/1 is not a usable vector tile: not a vector tile"])
        #expect(changes.warnings.contains("test tile 3/1/1: a ring of 2 points was left out"))
        store.request(keys, at: 1)
        #expect(store.pendingCount == 0, "known keys are not made again")
        #expect(producer.made.keys.withLock { $0.count } == 3)
    }

    @Test func aTileAServerCouldNotGiveIsAskedAgainAfterTheBackoffOnTheCallersClock() {
        let producer = ScriptedProducer(answers: [a: .error(.unavailable(reason: "connection refused"))])
        let store = TileStore(base: producer, budgetBytes: 1 << 20, asksForStandIns: true)
        let textures = RecordedTextures()
        let key = TileKey(tile: a)
        store.request([key], at: 100)
        let first = Self.settle(store, textures, at: 100)
        #expect(store.status(of: key) == .missing)
        #expect(store.state(of: key) == .missing(retryAt: 100 + ServerBackoff.firstWait))
        #expect(first.warnings.count == 1 && first.warnings[0].contains("connection refused"))
        #expect(!store.retryIsDue(at: 114))
        store.request([key], at: 114)
        #expect(store.pendingCount == 0, "not asked again before its wait is over")
        #expect(store.retryIsDue(at: 115))
        store.request([key], at: 115)
        #expect(store.pendingCount == 1)
        let second = Self.settle(store, textures, at: 115)
        #expect(store.state(of: key) == .missing(retryAt: 115 + 2 * ServerBackoff.firstWait), "each failure waits twice as long")
        #expect(second.warnings.isEmpty, "said once")
        #expect(producer.made.keys.withLock { $0.count } == 2)
    }

    @Test func aWaitThatIsOverForATileNoLongerOnScreenStopsWakingTheMap() {
        let producer = ScriptedProducer(answers: [a: .error(.unavailable(reason: "timed out"))])
        let store = TileStore(base: producer, budgetBytes: 1 << 20, asksForStandIns: true)
        let textures = RecordedTextures()
        store.request([TileKey(tile: a)], at: 0)
        _ = Self.settle(store, textures, at: 0)
        #expect(store.retryIsDue(at: 20))
        store.request([TileKey(tile: b)], at: 20)  // the map moved on
        #expect(!store.retryIsDue(at: 21), "an idle window is not woken for a tile it no longer shows")
        #expect(store.status(of: a) == nil, "asked for again when next on screen")
    }

    @Test func pastTheBudgetTheLeastRecentlyUsedTileGoesWithItsTextureAndLabels() {
        let producer = ScriptedProducer(answers: [a: .image(labels: []), b: .image(labels: []), c: .image(labels: [])])
        let store = TileStore(base: producer, budgetBytes: 2 * 64, asksForStandIns: false)
        let textures = RecordedTextures()
        for tile in [a, b] {
            store.request([TileKey(tile: tile)], at: 0)
            _ = Self.settle(store, textures, at: 0)
        }
        store.request([TileKey(tile: c)], at: 0)
        let changes = Self.settle(store, textures, at: 0)
        #expect(store.status(of: a) == nil && store.status(of: b) == .loaded && store.status(of: c) == .loaded)
        #expect(textures.discarded == [TileKey(tile: a)])
        #expect(changes.labels.departed == [a])
        #expect(store.usedBytes <= store.budgetBytes)
    }

    /// A tile's plain picture and the one painted at its own size with its
    /// corner moved (a map at rest) both offer its labels: the labels stay
    /// while either is kept, and go with the last of them.
    @Test func aTilesLabelsGoWithTheLastPictureOfItThatOfferedThem() {
        let producer = ScriptedProducer(answers: [a: .image(labels: [Self.label("Zürich")]), b: .image(labels: []), c: .image(labels: [])])
        let plain = TileKey(tile: a)
        var resting = TileKey(tile: a, pixels: Int(WebMercator.tileSize))
        resting.phase = TilePhase(x: 16, y: -8)
        let restingBytes = resting.pixels! * resting.pixels! * 4
        let store = TileStore(base: producer, budgetBytes: restingBytes + 64, asksForStandIns: false)
        let textures = RecordedTextures()
        store.request([plain], at: 0)
        #expect(Self.settle(store, textures, at: 0).labels.arrived.map(\.tile) == [a])
        store.request([resting], at: 1)
        #expect(Self.settle(store, textures, at: 1).labels.arrived.map(\.tile) == [a], "the picture at rest offers them too")
        #expect(store.ownSizePicture(of: a) == resting)
        store.request([TileKey(tile: b)], at: 2)
        let first = Self.settle(store, textures, at: 2)
        #expect(store.status(of: plain) == nil && store.status(of: resting) == .loaded)
        #expect(first.labels.departed.isEmpty, "the picture at rest still holds them")
        store.request([TileKey(tile: c)], at: 3)
        let second = Self.settle(store, textures, at: 3)
        #expect(store.status(of: resting) == nil)
        #expect(second.labels.departed == [a])
        #expect(store.ownSizePicture(of: a) == nil)
    }

    @Test func theTilesOnScreenAreKeptPastTheBudgetWithOneWarning() {
        let producer = ScriptedProducer(answers: [a: .image(labels: []), b: .image(labels: []), c: .image(labels: [])])
        let store = TileStore(base: producer, budgetBytes: 64, asksForStandIns: false)
        let textures = RecordedTextures()
        let keys = [a, b, c].map { TileKey(tile: $0) }
        store.request(keys, at: 0)
        let changes = Self.settle(store, textures, at: 0)
        #expect(keys.allSatisfy { store.status(of: $0) == .loaded })
        #expect(changes.warnings.filter { $0.contains("smaller than one screen") }.count == 1)
    }

    /// A new version of the overlays (a selection) keeps the old picture of
    /// each tile standing in until the new one is in, then lets it go; an
    /// old picture that never came in is let go at once.
    @Test func overlaysOfANewVersionReplaceTheOldOnesOnceTheyAreIn() {
        let base = ScriptedProducer(answers: [:])
        let overlays = ScriptedProducer(answers: [a: .image(labels: [])], offersLabels: false)
        let store = TileStore(base: base, budgetBytes: 1 << 20, asksForStandIns: false)
        let textures = RecordedTextures()
        store.useOverlays(version: 1, producers: [.aboveRoads: overlays], discardingInto: textures)
        let old = TileKey(tile: a, layer: .overlay(.aboveRoads, version: 1))
        store.request([old], at: 0)
        let changes = Self.settle(store, textures, at: 0)
        #expect(store.status(of: old) == .loaded && textures.held[old] != nil)
        #expect(changes.labels.arrived.isEmpty, "overlay tiles offer no labels")
        store.useOverlays(version: 2, producers: [.aboveRoads: overlays], discardingInto: textures)
        let new = TileKey(tile: a, layer: .overlay(.aboveRoads, version: 2))
        #expect(store.status(of: old) == .loaded && textures.discarded.isEmpty, "the old picture stays while the new one is painted")
        #expect(store.overlayStandIn(for: new) == old)
        // A third version before the second came in: the first still stands in.
        store.useOverlays(version: 3, producers: [.aboveRoads: overlays], discardingInto: textures)
        let newest = TileKey(tile: a, layer: .overlay(.aboveRoads, version: 3))
        #expect(store.overlayStandIn(for: newest) == old)
        store.request([newest], at: 0)
        _ = Self.settle(store, textures, at: 0)
        #expect(store.status(of: newest) == .loaded)
        #expect(store.status(of: old) == nil && textures.discarded == [old], "let go once the new one is in")
        #expect(store.overlayStandIn(for: newest) == nil)
    }

    @Test func aTileDrawnAgainAtItsSizeOnScreenIsItsOwnKey() {
        let producer = ScriptedProducer(answers: [a: .image(labels: [Self.label("Bern")])])
        let store = TileStore(base: producer, budgetBytes: 1 << 20, asksForStandIns: false)
        let textures = RecordedTextures()
        let plain = TileKey(tile: a), sharp = TileKey(tile: a, pixels: 10)
        store.request([plain, sharp], at: 0)
        let changes = Self.settle(store, textures, at: 0)
        #expect(textures.held[sharp]?.width == 10 && textures.held[plain]?.width == 4)
        #expect(changes.labels.arrived.count == 1, "only the plain tile's labels are the tile's")
    }

    @Test func theWorkersFitTheMachine() {
        #expect(TileStore.workers(cores: 1) == 2)
        #expect(TileStore.workers(cores: 4) == 4)
        #expect(TileStore.workers(cores: 64) == 8)
    }
}
