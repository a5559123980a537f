import Foundation

/// The worker side of the tile store: which producer makes each layer's
/// tiles, which keys a worker has started, and where finished work is left.
/// Shared between the store (main thread) and its workers.
final class TileWorkshop: @unchecked Sendable {
    // Guarded: `overlays` and `started` only under `lock`; `base` and `inbox` are immutable and Sendable.
    /// What became of one key.
    enum Outcome: Sendable {
        case made(TileProduct)
        case nothing
        case failed(TileLoadError)
        /// Not made: it left the screen before its turn.
        case dropped
    }

    let base: any TileProducing
    let inbox = Mailbox<(key: TileKey, outcome: Outcome)>()
    private let lock = NSLock()
    private var overlays: [TileKey.Layer: any TileProducing] = [:]
    private var started: Set<TileKey> = []

    init(base: any TileProducing) {
        self.base = base
    }

    /// The producer of a layer's tiles; nil for overlays of a version gone.
    func producer(for layer: TileKey.Layer) -> (any TileProducing)? {
        layer == .base ? base : lock.withLock { overlays[layer] }
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
        _ = lock.withLock { started.insert(key) }
        let outcome: Outcome
        if let producer = producer(for: key.layer) {
            do {
                outcome = try producer.produce(key).map(Outcome.made) ?? .nothing
            } catch {
                outcome = .failed(error)
            }
        } else {
            outcome = .dropped
        }
        _ = lock.withLock { started.remove(key) }
        inbox.post((key, outcome))
    }

    /// Posts that `key` was not made.
    func drop(_ key: TileKey) {
        inbox.post((key, .dropped))
    }
}
