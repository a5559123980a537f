/// Which kept things a cache lets go, the one rule of every cache of pinmap
/// (tiles in memory and on disk, decoded data tiles, PMTiles directories,
/// sprite pictures): nothing while the total is within the limit; past it,
/// the least recently used first, never a pinned one (a tile on screen, a
/// picture this frame draws, a file being written), until the total is at
/// most the target. The units are the cache's own: bytes, entries,
/// generations.
///
///     let policy = EvictionPolicy(limit: 500 << 20, keepingAfterEviction: 0.8)
///     for file in policy.victims(files, total: used, lastUse: \.modified, cost: \.size) { remove(file) }
package struct EvictionPolicy: Sendable, Equatable {
    /// The most the cache holds.
    package let limit: Int
    /// What the cache holds at most once it has evicted: the limit, or less
    /// for a cache whose evictions are costly and so better done in bulk.
    package let target: Int

    /// A cache of at most `limit` that, once past it, evicts down to
    /// `share` of it (1: just back to the limit).
    package init(limit: Int, keepingAfterEviction share: Double = 1) {
        self.limit = max(0, limit)
        let kept = Double(self.limit) * min(max(share.isFinite ? share : 1, 0), 1)
        target = Int(kept.rounded(.down))
    }

    /// True when `total` is past the limit.
    package func isOver(_ total: Int) -> Bool { total > limit }

    /// The entries to let go, least recently used first; empty while
    /// `total` is within the limit. Ties in `lastUse` keep the entries'
    /// order. Pinned entries stay whatever the total, so the total may
    /// remain over the limit. Entries already in order of use (a cache
    /// that keeps them so) are not sorted again.
    package func victims<Entry, Use: Comparable>(_ entries: some Sequence<Entry>, total: Int, lastUse: (Entry) -> Use,
                                                 cost: (Entry) -> Int = { _ in 1 },
                                                 isPinned: (Entry) -> Bool = { _ in false }) -> [Entry] {
        guard isOver(total) else { return [] }
        var remaining = total
        var chosen: [Entry] = []
        var candidates = entries.enumerated().filter { !isPinned($0.element) }
        let inOrder = zip(candidates, candidates.dropFirst()).allSatisfy { lastUse($0.element) <= lastUse($1.element) }
        if !inOrder {
            candidates.sort { a, b in
                let (ua, ub) = (lastUse(a.element), lastUse(b.element))
                return ua != ub ? ua < ub : a.offset < b.offset
            }
        }
        for (_, entry) in candidates {
            guard remaining > target else { break }
            chosen.append(entry)
            remaining -= cost(entry)
        }
        return chosen
    }
}
