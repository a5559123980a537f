import CSDL2
import Dispatch
import Foundation
import Logging
import MapCore

/// Loads tiles from a `TileSource`: reading and decoding happen on background
/// threads, textures are made on the calling (main) thread in `pump()`.
///
///     let loader = TileLoader(source: source, renderer: renderer, budgetBytes: 256 << 20)
///     loader.request(scene.tileRequests)
///     loader.pump()                      // once per frame
///     loader.texture(for: tile)
public final class TileLoader: TileStatusProviding {
    public let source: TileSource
    let renderer: Renderer
    let logger: Logger
    private var cache: TileTextureCache
    /// Status of tiles not in the cache: loading, missing or failed.
    private var statuses: [TileID: TileStatus] = [:]
    private let inbox = TileInbox()
    private let queue = DispatchQueue(label: "pinmap.tile-decode", qos: .userInitiated, attributes: .concurrent)

    public init(source: TileSource, renderer: Renderer, budgetBytes: Int,
                logger: Logger = Logger(label: "pinmap.tiles")) {
        self.source = source
        self.renderer = renderer
        self.cache = TileTextureCache(budgetBytes: budgetBytes)
        self.logger = logger
    }

    public func status(of tile: TileID) -> TileStatus? {
        cache.contains(tile) ? .loaded : statuses[tile]
    }

    /// Number of tiles asked for and not answered yet. Kept as a count
    /// because the window asks every frame.
    public private(set) var pendingCount = 0

    public var cachedBytes: Int { cache.usedBytes }

    /// Starts loading every tile not yet known, in the order given.
    public func request(_ tiles: [TileID]) {
        for tile in tiles where status(of: tile) == nil {
            statuses[tile] = .loading
            pendingCount += 1
            let source = self.source, inbox = self.inbox
            queue.async {
                inbox.post(tile, TileLoader.decode(tile, from: source))
            }
        }
    }

    /// Takes finished decodes and turns them into textures. Main thread only.
    /// Returns how many tiles changed status.
    @discardableResult
    public func pump() -> Int {
        let finished = inbox.takeAll()
        pendingCount -= finished.count
        for (tile, outcome) in finished {
            switch outcome {
            case .decoded(let image):
                do {
                    let texture = try renderer.makeTexture(from: image.surface, opaque: image.opaque)
                    statuses[tile] = nil
                    for evicted in cache.insert(texture, for: tile) { statuses[evicted] = nil }
                } catch {
                    fail(tile, because: error.description)
                }
            case .missing:
                statuses[tile] = .missing
            case .failed(let reason):
                fail(tile, because: reason)
            }
        }
        return finished.count
    }

    /// Waits (in real time) until none of `tiles` is still loading, or the
    /// timeout passes. Returns false on time-out.
    public func waitUntilSettled(_ tiles: [TileID], timeout: Double) -> Bool {
        let deadline = DispatchTime.now() + timeout
        while true {
            pump()
            if !tiles.contains(where: { status(of: $0) == .loading }) { return true }
            if inbox.wait(until: deadline) == .timedOut { pump(); return false }
        }
    }

    /// The texture of a loaded tile, marking it recently used.
    func texture(for tile: TileID) -> Texture? {
        cache.texture(for: tile)
    }

    private func fail(_ tile: TileID, because reason: String) {
        statuses[tile] = .failed
        logger.warning("tile \(source.location(of: tile)) is not a usable image: \(reason)")
    }

    /// Reads and decodes one tile; runs on a background thread.
    private static func decode(_ tile: TileID, from source: TileSource) -> TileInbox.Outcome {
        do {
            guard let data = try source.data(for: tile) else { return .missing }
            let surface = try Surface.decode(data, name: source.location(of: tile))
            return .decoded(DecodedImage(surface: surface, opaque: surface.isOpaque))
        } catch let error as TileSourceError {
            return .failed(error.description)
        } catch let error as SDLError {
            return .failed(error.reason)
        } catch {
            return .failed("\(error)")
        }
    }
}

/// A decoded image handed from the decoding thread to the main thread. The
/// decoder gives up its reference when posting, so only one thread ever
/// touches the surface at a time.
struct DecodedImage: @unchecked Sendable {
    let surface: Surface
    let opaque: Bool
}

/// Where background decodes leave their results for the main thread.
final class TileInbox: @unchecked Sendable {
    enum Outcome: Sendable {
        case decoded(DecodedImage)
        case missing
        case failed(String)
    }

    private let lock = NSLock()
    private var items: [(TileID, Outcome)] = []
    private let arrived = DispatchSemaphore(value: 0)

    func post(_ tile: TileID, _ outcome: Outcome) {
        lock.lock()
        items.append((tile, outcome))
        lock.unlock()
        arrived.signal()
    }

    func takeAll() -> [(TileID, Outcome)] {
        lock.lock()
        defer { lock.unlock() }
        let taken = items
        items.removeAll()
        return taken
    }

    func wait(until deadline: DispatchTime) -> DispatchTimeoutResult {
        arrived.wait(timeout: deadline)
    }
}
