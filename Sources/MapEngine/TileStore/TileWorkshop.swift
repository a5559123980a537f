import Foundation

/// The worker side of the tile store: which producer makes each layer's
/// tiles, which keys a worker has started, and where finished work is left.
/// Shared between the store (main thread) and its workers.
final class TileWorkshop: @unchecked Sendable {
    // Guarded: `baseProducer`, `baseGeneration`, `overlays` and `started` only under `lock`; `inbox` is immutable and Sendable.
    /// What became of one key.
    enum Outcome: Sendable {
        case made(TileProduct)
        case nothing
        case failed(TileLoadError)
        /// Not made: it left the screen before its turn.
        case dropped
    }

    /// What a worker finished: the key, what became of it, and the
    /// generation of the map's producer that made it (see `replaceBase`).
    typealias Finished = (key: TileKey, outcome: Outcome, generation: Int)

    private var baseProducer: any TileProducing
    /// Counts the map's producers: a tile of an older one is of a style gone.
    private var baseGeneration = 0
    let inbox = Mailbox<Finished>()
    private let lock = NSLock()
    private var overlays: [TileKey.Layer: any TileProducing] = [:]
    private var started: Set<TileKey> = []

    init(base: any TileProducing) {
        baseProducer = base
    }

    /// The map's producer now.
    var base: any TileProducing { lock.withLock { baseProducer } }

    /// The generation of the map's producer now.
    var generation: Int { lock.withLock { baseGeneration } }

    /// Makes the map's tiles with `producer` from now on (a style changed at
    /// run time): a new generation.
    func replaceBase(with producer: any TileProducing) {
        lock.withLock {
            baseProducer = producer
            baseGeneration += 1
        }
    }

    /// The producer of a layer's tiles; nil for overlays of a version gone.
    func producer(for layer: TileKey.Layer) -> (any TileProducing)? {
        lock.withLock { layer == .base ? baseProducer : overlays[layer] }
    }

    /// The overlay producers from now on (those of older versions go).
    func setOverlays(_ producers: [TileKey.Layer: any TileProducing]) {
        lock.withLock { overlays = producers }
    }

    /// Whether a worker has taken up `key`.
    func hasStarted(_ key: TileKey) -> Bool {
        lock.withLock { started.contains(key) }
    }

    /// Makes `key` on the calling worker and posts the outcome.
    func make(_ key: TileKey) {
        let (producer, generation) = lock.withLock {
            started.insert(key)
            return (key.layer == .base ? baseProducer : overlays[key.layer], baseGeneration)
        }
        let outcome: Outcome
        if let producer {
            do {
                outcome = try producer.produce(key).map(Outcome.made) ?? .nothing
            } catch {
                outcome = .failed(error)
            }
        } else {
            outcome = .dropped
        }
        _ = lock.withLock { started.remove(key) }
        inbox.post((key, outcome, generation))
    }

    /// Posts that `key` was not made.
    func drop(_ key: TileKey) {
        inbox.post((key, .dropped, generation))
    }
}
