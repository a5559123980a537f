/// A PMTiles directory: entries sorted by tile id, each a run of tiles
/// sharing one blob or (run length 0) a pointer to a leaf directory.
///
///     let directory = try PMTilesDirectory(bytes)   // already inflated
///     directory.find(PMTilesDirectory.tileID(z: 3, x: 1, y: 2))
struct PMTilesDirectory {
    struct Entry: Equatable {
        var tileID: UInt64
        var offset: UInt64
        var length: UInt64
        var runLength: UInt64
    }

    struct Problem: Error { let reason: String }

    let entries: [Entry]

    /// Far past any real directory (the spec's writers keep them to a few
    /// thousand); a lying count beyond it is refused.
    static let maxEntries = 10_000_000

    init(_ bytes: [UInt8]) throws(Problem) {
        var position = 0
        func varint() throws(Problem) -> UInt64 {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard position < bytes.count else { throw Problem(reason: "a directory ends in the middle of a number") }
                guard shift < 64 else { throw Problem(reason: "a directory holds a number longer than 10 bytes") }
                let byte = bytes[position]
                position += 1
                result |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return result }
                shift += 7
            }
        }
        let count = try varint()
        // Each entry takes at least four bytes, one per column.
        guard count <= UInt64(PMTilesDirectory.maxEntries), count <= UInt64(bytes.count) / 4 + 1 else {
            throw Problem(reason: "a directory claims \(count) entries in \(bytes.count) bytes")
        }
        var entries = [Entry](repeating: Entry(tileID: 0, offset: 0, length: 0, runLength: 0), count: Int(count))
        var last: UInt64 = 0
        for index in entries.indices {
            let delta = try varint()
            let (sum, overflow) = last.addingReportingOverflow(delta)
            guard !overflow else { throw Problem(reason: "a directory's tile ids overflow") }
            guard delta > 0 || index == 0 else { throw Problem(reason: "a directory lists tile id \(sum) twice") }
            guard sum < PMTilesDirectory.tileIDLimit else {
                throw Problem(reason: "a directory lists tile id \(sum), past the deepest level PMTiles can hold")
            }
            last = sum
            entries[index].tileID = sum
        }
        for index in entries.indices {
            entries[index].runLength = try varint()
            let (end, overflow) = entries[index].tileID.addingReportingOverflow(entries[index].runLength)
            guard !overflow, end <= PMTilesDirectory.tileIDLimit else {
                throw Problem(reason: "a directory's run of \(entries[index].runLength) tiles from tile id \(entries[index].tileID) runs past the last tile id")
            }
        }
        for index in entries.indices {
            entries[index].length = try varint()
            guard entries[index].length <= UInt64(Int32.max) else { throw Problem(reason: "a directory entry claims \(entries[index].length) bytes") }
        }
        for index in entries.indices {
            let value = try varint()
            if value == 0, index > 0 {
                entries[index].offset = entries[index - 1].offset &+ entries[index - 1].length
            } else {
                entries[index].offset = value &- 1
            }
        }
        self.entries = entries
    }

    /// The first tile id past level 31, the deepest a tile id can name
    /// (x and y are 32-bit there): every id in a directory is below it.
    static let tileIDLimit: UInt64 = (0...31).reduce(0) { $0 + (UInt64(1) << (2 * UInt64($1))) }

    /// The entry holding this tile id: a tile run covering it, or the leaf
    /// directory that may.
    /// The tiles stored next to `entry` in the archive's data and near it on
    /// the map (tile ids within `idDistance`: the Hilbert curve keeps those
    /// close), as one run of bytes with no gap, `entry` among them, at most
    /// `most` tiles and `maxBytes` on each side; in the order they are stored.
    func storedAround(_ entry: Entry, idDistance: UInt64, maxBytes: UInt64, most: Int) -> [Entry] {
        guard let index = position(of: entry.tileID), entries[index] == entry else { return [entry] }
        let near = entries[max(0, index - 2 * most)..<min(entries.count, index + 2 * most + 1)].filter {
            $0.runLength > 0 && $0.length > 0 && ($0.tileID > entry.tileID ? $0.tileID - entry.tileID : entry.tileID - $0.tileID) <= idDistance
        }
        var byOffset: [UInt64: Entry] = [:], byEnd: [UInt64: Entry] = [:]
        for candidate in near {
            byOffset[candidate.offset] = candidate
            byEnd[candidate.offset &+ candidate.length] = candidate
        }
        var before: [Entry] = [], after: [Entry] = []
        var bytes: UInt64 = 0
        while before.count < most, let previous = byEnd[(before.first ?? entry).offset], bytes + previous.length <= maxBytes {
            before.insert(previous, at: 0)
            bytes += previous.length
        }
        bytes = 0
        while after.count < most, let last = after.last ?? Optional(entry), let next = byOffset[last.offset &+ last.length],
              bytes + next.length <= maxBytes {
            after.append(next)
            bytes += next.length
        }
        return before + [entry] + after
    }

    func find(_ tileID: UInt64) -> Entry? {
        position(of: tileID).map { entries[$0] }
    }

    /// The index of the entry holding `tileID` (its own, a run's, or a leaf's), if any.
    private func position(of tileID: UInt64) -> Int? {
        var low = 0
        var high = entries.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if entries[middle].tileID < tileID { low = middle + 1 } else if entries[middle].tileID > tileID { high = middle - 1 } else { return middle }
        }
        guard high >= 0 else { return nil }
        let candidate = entries[high]
        if candidate.runLength == 0 { return high }
        return tileID - candidate.tileID < candidate.runLength ? high : nil
    }

    /// The spec's tile id: the tiles of all shallower levels, then the
    /// position along the level's Hilbert curve.
    static func tileID(z: Int, x: Int, y: Int) -> UInt64 {
        var id: UInt64 = 0
        for level in 0..<z { id += UInt64(1) << (2 * UInt64(level)) }
        let size = UInt64(1) << UInt64(z)
        var x = UInt64(x), y = UInt64(y)
        var step = size / 2
        var distance: UInt64 = 0
        while step > 0 {
            let rx: UInt64 = (x & step) > 0 ? 1 : 0
            let ry: UInt64 = (y & step) > 0 ? 1 : 0
            distance += step * step * ((3 * rx) ^ ry)
            if ry == 0 {
                if rx == 1 { x = size - 1 - x; y = size - 1 - y }
                swap(&x, &y)
            }
            step /= 2
        }
        return id + distance
    }
}
