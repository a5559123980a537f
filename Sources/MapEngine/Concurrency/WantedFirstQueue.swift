import Dispatch
import Foundation

/// Jobs keyed by what they fetch, run by at most `width` workers at once,
/// most wanted first: `want(_:)` says what matters now, in order. A job whose
/// key is no longer wanted when its turn comes is dropped, not run (a tile
/// that left the screen before its request was sent costs nothing).
///
///     let queue = WantedFirstQueue<TileID>(width: 2, run: { load($0) }, drop: { forget($0) })
///     queue.want(frameTiles)            // centre first
///     for tile in newTiles { queue.submit(tile) }
package final class WantedFirstQueue<Key: Hashable & Sendable>: @unchecked Sendable {
    /// How many keys run at once.
    package let width: Int
    /// Keys of the narrow lane (reads from a source that asks for few at
    /// once) and how many of them may run together. Immutable, like `width`,
    /// `run`, `drop` and `workers`; what changes is below `lock`.
    private let isNarrow: @Sendable (Key) -> Bool
    private let narrowWidth: Int
    private let run: @Sendable (Key) -> Void
    private let drop: @Sendable (Key) -> Void
    private let workers = DispatchQueue(label: "pinmap.wanted-first", qos: .userInitiated, attributes: .concurrent)
    /// Guards everything below; `@unchecked Sendable` rests on it.
    private let lock = NSLock()
    private var waiting: Set<Key> = []
    /// Each wanted key's place in the latest `want`.
    private var rank: [Key: Int] = [:]
    private var running = 0
    private var runningNarrow = 0

    /// A queue running at most `width` keys at once with `run`, and handing the keys no longer
    /// wanted to `drop`; of the keys `isNarrow` picks, at most `narrowWidth` run at once.
    package init(width: Int, narrow isNarrow: @escaping @Sendable (Key) -> Bool = { _ in false }, narrowWidth: Int = .max,
                run: @escaping @Sendable (Key) -> Void, drop: @escaping @Sendable (Key) -> Void) {
        self.width = max(1, width)
        self.isNarrow = isNarrow
        self.narrowWidth = max(1, narrowWidth)
        self.run = run
        self.drop = drop
    }

    /// What is wanted now, most wanted first; everything else waiting will
    /// be dropped when a worker comes to it.
    package func want(_ keys: [Key]) {
        var rank: [Key: Int] = [:]
        rank.reserveCapacity(keys.count)
        for (index, key) in keys.enumerated() where rank[key] == nil { rank[key] = index }
        lock.lock()
        self.rank = rank
        lock.unlock()
    }

    /// Queues a job; it runs when a worker is free and nothing more wanted waits.
    package func submit(_ key: Key) {
        lock.lock()
        waiting.insert(key)
        let start = running < width
        if start { running += 1 }
        lock.unlock()
        if start { workers.async { self.work() } }
    }

    /// Jobs waiting, not yet started.
    package var waitingCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return waiting.count
    }

    private func work() {
        var finishedNarrow = false
        while true {
            lock.lock()
            if finishedNarrow { runningNarrow -= 1 }
            var unwanted: [Key] = []
            var next: (key: Key, rank: Int, narrow: Bool)?
            for key in waiting {
                guard let place = rank[key] else { unwanted.append(key); continue }
                guard next == nil || place < next!.rank else { continue }
                let narrow = isNarrow(key)
                if narrow && runningNarrow >= narrowWidth { continue }
                next = (key, place, narrow)
            }
            for key in unwanted { waiting.remove(key) }
            if let next {
                waiting.remove(next.key)
                if next.narrow { runningNarrow += 1 }
            } else {
                running -= 1
            }
            lock.unlock()
            for key in unwanted { drop(key) }
            guard let next else { return }
            run(next.key)
            finishedNarrow = next.narrow
        }
    }
}
