import Foundation

/// Where one thread leaves things for another to take in: posts from any
/// thread, one taker that drains everything at once (once per frame), and
/// a real-time wait for what the taker is waiting for. Every thread-crossing
/// part of pinmap (tile decodes, location reports, place-name answers) uses
/// this one type rather than a lock of its own.
///
///     let box = Mailbox<LocationReport>(counting: { if case .fix = $0 { true } else { false } })
///     box.post(.noFix)                      // any thread
///     box.takeAll()                         // the map's thread, each frame
///     box.wait(timeout: 10) { $0.counted > 0 }   // until a fix was ever posted
package final class Mailbox<Item: Sendable>: @unchecked Sendable {
    /// What a waiter sees: the items not yet taken, and how many posts
    /// ever matched the mailbox's `counting` test.
    package struct State {
        /// Items waiting.
        package let pending: Int
        /// Items posted so far that the counting rule counts.
        package let counted: Int
    }

    /// Guards `items` and `counted`; `@unchecked Sendable` rests on it.
    private let condition = NSCondition()
    private let counts: @Sendable (Item) -> Bool
    // Guarded by `condition`.
    private var items: [Item] = []
    private var counted = 0

    /// `counting` picks the posts to tally (all of them unless told).
    package init(counting: @escaping @Sendable (Item) -> Bool = { _ in true }) {
        counts = counting
    }

    /// Leaves an item; any thread may post.
    package func post(_ item: Item) {
        condition.lock()
        items.append(item)
        if counts(item) { counted += 1 }
        condition.broadcast()
        condition.unlock()
    }

    /// Everything posted since the last call, oldest first.
    package func takeAll() -> [Item] {
        condition.lock()
        defer { condition.unlock() }
        let taken = items
        items.removeAll()
        return taken
    }

    /// True when items wait to be taken.
    package var hasItems: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !items.isEmpty
    }

    /// Blocks (real time) until `ready` holds, at most `timeout` seconds;
    /// returns whether it held.
    @discardableResult
    package func wait(timeout: Double, until ready: (State) -> Bool) -> Bool {
        wait(until: Date(timeIntervalSinceNow: max(0, timeout)), until: ready)
    }

    /// Blocks until `ready` holds for the mailbox's state or `deadline` passes; true when it held.
    package func wait(until deadline: Date, until ready: (State) -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !ready(State(pending: items.count, counted: counted)) {
            if !condition.wait(until: deadline) { return ready(State(pending: items.count, counted: counted)) }
        }
        return true
    }
}
