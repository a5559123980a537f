import MapEngine

/// A set of annotation slots kept as one bit each: the slots added at once
/// (100,000 from a file) cost 12 KB instead of a hash table's megabyte,
/// and are visited in slot order.
///
///     var pending = SlotSet()
///     pending.insert(4)
///     for slot in pending { ... }   // 4
struct SlotSet: Sequence, Equatable {
    private var words: [UInt64] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    func contains(_ slot: Int32) -> Bool {
        let (word, bit) = SlotSet.place(slot)
        return word < words.count && words[word] & bit != 0
    }

    /// True when it was not there.
    @discardableResult
    mutating func insert(_ slot: Int32) -> Bool {
        let (word, bit) = SlotSet.place(slot)
        if word >= words.count { words += [UInt64](repeating: 0, count: Swift.max(word + 1 - words.count, words.count / 2)) }
        guard words[word] & bit == 0 else { return false }
        words[word] |= bit
        count += 1
        return true
    }

    /// True when it was there.
    @discardableResult
    mutating func remove(_ slot: Int32) -> Bool {
        let (word, bit) = SlotSet.place(slot)
        guard word < words.count, words[word] & bit != 0 else { return false }
        words[word] &= ~bit
        count -= 1
        return true
    }

    /// Empties it, keeping its room.
    mutating func removeAll() {
        guard count > 0 else { return }
        for i in words.indices where words[i] != 0 { words[i] = 0 }
        count = 0
    }

    private static func place(_ slot: Int32) -> (word: Int, bit: UInt64) {
        precondition(slot >= 0, "slot \(slot) is negative")
        return (Int(slot) >> 6, 1 << UInt64(slot & 63))
    }

    static func == (a: SlotSet, b: SlotSet) -> Bool {
        a.count == b.count && a.allSatisfy(b.contains)
    }

    struct Iterator: IteratorProtocol {
        let words: [UInt64]
        var index = 0
        var current: UInt64 = 0

        mutating func next() -> Int32? {
            while current == 0 {
                guard index < words.count else { return nil }
                current = words[index]
                index += 1
            }
            let bit = current.trailingZeroBitCount
            current &= current - 1
            return Int32((index - 1) << 6 + bit)
        }
    }

    func makeIterator() -> Iterator { Iterator(words: words) }
}
