import CSDL2
import Dispatch
import Foundation
import Logging
@_spi(PinmapApp) import MapCore

/// Loads tiles from a `TileSource`: reading and decoding happen on background
/// threads, textures are made on the calling (main) thread in `pump()`.
///
/// Nothing in a tile is trusted: its header is read before it is decoded,
/// and one that is not a known image or declares more than
/// `ImageHeader.largestTileSide` pixels a side is refused with one warning
/// naming the file. Tiles deeper than the source holds are made from the
/// deepest ancestor it has (`OverzoomSampler`). The tiles the current frame
/// asked for are never evicted, so a cache smaller than a screen grows to
/// what the screen needs (with one warning) instead of loading forever.
///
///     let loader = TileLoader(source: source, renderer: renderer, budgetBytes: 256 << 20)
///     loader.request(scene.tileRequests)
///     loader.pump()                      // once per frame
///     loader.texture(for: tile)
public final class TileLoader: TileStatusProviding {
    /// Where the tiles come from.
    public let source: TileSource
    /// Paints the tiles of a vector source; nil for images.
    public let painter: TilePainter?
    let renderer: Renderer
    let logger: Logger
    private var cache: TileTextureCache
    /// Status of tiles not in the cache: loading, missing or failed.
    private var statuses: [TileID: TileStatus] = [:]
    private let inbox = TileInbox()
    /// Reads and decodes, `source.concurrentReads` at a time, the tiles of
    /// the latest frame first; those that left the screen before their turn
    /// are not read at all.
    private let reads: WantedFirstQueue<TileID>
    /// Tiles a tile server could not give, and when to ask again.
    private var retries: [TileID: Date] = [:]
    /// How long a tile the server could not give waits before it is asked for again.
    static let retryInterval = 15.0

    /// Labels the painted tiles of the cache offer, by tile.
    private var labelsByTile: [TileID: [LabelCandidate]] = [:]
    /// Vector tiles drawn again at their size on screen, while the map rests between whole zooms.
    let resting: RestingTiles?

    /// `painter` draws the tiles of a vector source at `scale` (the display's).
    public init(source: TileSource, renderer: Renderer, budgetBytes: Int, painter: TilePainter? = nil,
                scale: Double = 1, logger: Logger = .silent(label: "pinmap.tiles")) {
        self.source = source
        self.painter = painter
        self.renderer = renderer
        self.cache = TileTextureCache(budgetBytes: budgetBytes)
        self.logger = logger
        resting = painter.map { RestingTiles(source: source, painter: $0, renderer: renderer, scale: scale, logger: logger) }
        let inbox = self.inbox
        reads = WantedFirstQueue(width: source.concurrentReads, run: { tile in
            inbox.post(TileOutcome(tile: tile, result: painter.map { TileLoader.paint(tile, from: source, with: $0, scale: scale) }
                ?? TileLoader.decode(tile, from: source)))
        }, drop: { tile in
            inbox.post(TileOutcome(tile: tile, result: .skipped))
        })
    }

    /// Whether the tile is loaded, loading, missing or failed; nil when never asked for.
    public func status(of tile: TileID) -> TileStatus? {
        cache.contains(tile) ? .loaded : statuses[tile]
    }

    /// The labels a loaded vector tile offers, kept until the tile leaves the cache.
    public func labels(of tile: TileID) -> [LabelCandidate] {
        labelsByTile[tile] ?? []
    }

    /// Number of tiles asked for and not answered yet. Kept as a count
    /// because the window asks every frame.
    public private(set) var pendingCount = 0

    /// The bytes of the tiles kept for drawing.
    public var cachedBytes: Int { cache.usedBytes }

    /// Textures larger than this a side are shrunk on loading: a tile is
    /// never drawn larger than about 362 px (724 on a 2x screen).
    static let largestTextureSide = 1024

    /// Images: yes; painted vector tiles: no (see `TileStatusProviding`).
    public var asksForStandIns: Bool { painter == nil }

    /// Starts loading every tile not yet known, in the order given. These
    /// are the tiles of the frame being drawn: they stay in the cache until
    /// the next request.
    public func request(_ tiles: [TileID]) {
        cache.protected = Set(tiles)
        reads.want(tiles)
        if !retries.isEmpty {
            let now = Date()
            for (tile, due) in retries where due <= now {
                retries[tile] = nil
                if statuses[tile] == .missing { statuses[tile] = nil }
            }
        }
        for tile in tiles where status(of: tile) == nil {
            statuses[tile] = .loading
            pendingCount += 1
            reads.submit(tile)
        }
    }

    /// True when a tile the server could not give is due to be asked for
    /// again: the window then draws a frame, which asks.
    public var retryIsDue: Bool {
        guard !retries.isEmpty else { return false }
        let now = Date()
        return retries.values.contains { $0 <= now }
    }

    /// Takes finished decodes and turns them into textures. Main thread only.
    /// Returns how many tiles changed status.
    @discardableResult
    public func pump() -> Int {
        let sharpened = resting?.pump() ?? 0
        return sharpened + pumpTiles()
    }

    private func pumpTiles() -> Int {
        let finished = inbox.takeAll()
        pendingCount -= finished.count
        for outcome in finished {
            let tile = outcome.tile
            switch outcome.result {
            case .decoded(let image):
                for problem in image.problems where warnedProblems.insert(problem.reason).inserted {
                    logger.warning("\(problem.location): \(problem.reason)")
                }
                do {
                    let texture = try renderer.makeTexture(from: image.surface, opaque: image.opaque)
                    statuses[tile] = nil
                    labelsByTile[tile] = image.labels.isEmpty ? nil : image.labels
                    for evicted in cache.insert(texture, for: tile) {
                        statuses[evicted] = nil
                        labelsByTile[evicted] = nil
                    }
                    warnIfOverBudget()
                } catch {
                    fail(tile, because: error.description)
                }
            case .missing:
                statuses[tile] = .missing
            case .skipped:
                statuses[tile] = nil
            case .unavailable:
                // Shown from its ancestors meanwhile; asked for again later.
                statuses[tile] = .missing
                retries[tile] = Date(timeIntervalSinceNow: TileLoader.retryInterval)
            case .failed(let reason, let location):
                fail(tile, because: reason, location: location)
            }
        }
        return finished.count
    }

    /// Waits (in real time) until none of `tiles` is still loading, or the
    /// timeout passes. Returns false on time-out.
    public func waitUntilSettled(_ tiles: [TileID], timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            pump()
            if !tiles.contains(where: { status(of: $0) == .loading }) { return true }
            if !inbox.wait(until: deadline, until: { $0.pending > 0 }) { pump(); return false }
        }
    }

    /// The texture of a loaded tile, marking it recently used.
    func texture(for tile: TileID) -> Texture? {
        cache.texture(for: tile)
    }

    private var warnedOverBudget = false

    /// Says once that the cache holds more than its budget because one
    /// screen of tiles needs more.
    private func warnIfOverBudget() {
        guard cache.usedBytes > cache.budgetBytes, !warnedOverBudget else { return }
        warnedOverBudget = true
        logger.warning("the tile cache of \(cache.budgetBytes >> 20) MB is smaller than one screen of tiles needs; the tiles on screen are kept beyond it (a larger --tile-cache-mb saves reloading)")
    }

    /// Each broken file is named once, however often its tiles are asked for.
    private var warned: Set<String> = []

    /// Problems met while painting, each said once (with the first tile it was met in).
    private var warnedProblems: Set<String> = []

    /// Marks a tile failed and names the stored tile at fault once:
    /// `location` when the painter said which, else the tile it is drawn from.
    private func fail(_ tile: TileID, because reason: String, location: String? = nil) {
        statuses[tile] = .failed
        let file = location ?? source.location(of: TileLoader.sourceTile(for: tile, in: source) ?? tile)
        guard warned.insert(file).inserted else { return }
        logger.warning("tile \(file) is not a usable \(painter == nil ? "image" : "vector tile"): \(reason)")
    }

    /// The tile whose file a tile is drawn from: itself, or for a tile
    /// deeper than the source holds, its ancestor at the source's last level.
    static func sourceTile(for tile: TileID, in source: TileSource) -> TileID? {
        var ancestor: TileID? = tile
        while let current = ancestor, !source.holds(level: current.z) { ancestor = current.parent }
        return ancestor
    }

    /// Paints one tile of a vector source; runs on a background thread.
    private static func paint(_ tile: TileID, from source: TileSource, with painter: TilePainter,
                              scale: Double) -> TileOutcome.Result {
        do {
            guard let painted = try painter.paint(tile, from: source, scale: scale) else { return .missing }
            let surface = try Surface(width: painted.width, height: painted.height, argb: painted.argb)
            return .decoded(DecodedImage(surface: surface, opaque: painted.isOpaque, labels: painted.labels,
                                         problems: painted.problems))
        } catch TileSourceError.unavailable(_, let reason) {
            return .unavailable(reason)
        } catch TileSourceError.unreadable(let path, let reason) {
            return .failed(reason, location: path)
        } catch {
            return .failed("\(error)")
        }
    }

    /// Reads and decodes one tile; runs on a background thread.
    private static func decode(_ tile: TileID, from source: TileSource) -> TileOutcome.Result {
        do {
            guard !source.holds(level: tile.z) else {
                guard let surface = try load(tile, from: source) else { return .missing }
                return .decoded(DecodedImage(surface: surface, opaque: surface.isOpaque))
            }
            // A level the source lacks (deeper than it goes, or between an
            // underlay and the main source): enlarge the part of the nearest
            // ancestor it has.
            var ancestor = sourceTile(for: tile, in: source)
            for _ in 0...TileLayer.fallbackDepth {
                guard let candidate = ancestor, source.holds(level: candidate.z) else { break }
                if let surface = try load(candidate, from: source) {
                    let pixels = OverzoomSampler.enlarge(surface.argbPixels(), width: surface.width,
                                                         height: surface.height, from: candidate, to: tile)
                    let enlarged = try Surface(width: surface.width, height: surface.height, argb: pixels)
                    return .decoded(DecodedImage(surface: enlarged, opaque: surface.isOpaque))
                }
                ancestor = candidate.parent
            }
            return .missing
        } catch TileSourceError.unavailable(_, let reason) {
            return .unavailable(reason)
        } catch TileSourceError.unreadable(_, let reason) {
            return .failed(reason)  // the warning names the tile already
        } catch let error as TileSourceError {
            return .failed(error.description)
        } catch let error as SDLError {
            return .failed("its image data cannot be decoded (\(error.reason))")
        } catch let error as ImageHeaderError {
            return .failed(error.description)
        } catch {
            return .failed("\(error)")
        }
    }

    /// One tile of the source decoded, or nil when the source lacks it. A
    /// kept copy that does not decode (a damaged file in a tile server's
    /// cache) is discarded and the tile fetched once more, fresh.
    private static func load(_ tile: TileID, from source: TileSource) throws -> Surface? {
        do {
            return try loadOnce(tile, from: source)
        } catch where !(error is TileSourceError) && source.discard(tile) {
            return try loadOnce(tile, from: source)
        }
    }

    /// The header is checked first, so no decoder sees an oversized image.
    private static func loadOnce(_ tile: TileID, from source: TileSource) throws -> Surface? {
        guard let data = try source.data(for: tile) else { return nil }
        try ImageHeader(data).checkTileSize()
        return try Surface.decode(data, name: source.location(of: tile)).fitting(side: largestTextureSide)
    }
}

/// A decoded image handed from the decoding thread to the main thread. The
/// decoder gives up its reference when posting, so only one thread ever
/// touches the surface at a time; the labels and problems are plain values.
struct DecodedImage: @unchecked Sendable {
    let surface: Surface
    let opaque: Bool
    var labels: [LabelCandidate] = []
    var problems: [(location: String, reason: String)] = []
}

/// Where background decodes leave their results for the main thread.
typealias TileInbox = Mailbox<TileOutcome>

/// What became of one tile's load.
struct TileOutcome: Sendable {
    enum Result: Sendable {
        case decoded(DecodedImage)
        case missing
        /// Not read: the tile left the screen before its turn.
        case skipped
        /// Not now (a tile server unreachable); try again later.
        case unavailable(String)
        /// Broken; `location` names the stored tile at fault when the painter knew it.
        case failed(String, location: String? = nil)
    }

    let tile: TileID
    let result: Result
}
