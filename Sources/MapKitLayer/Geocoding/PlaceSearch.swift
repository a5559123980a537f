import Foundation
import MapEngine

/// Forward search over the gazetteer's names: what a search field lists as
/// the user types, in any script. Each place is found by its shown name and
/// by its other names (its own script's, translations, older spellings):
/// "münchen", "Munich" and "Мюнхен" find München; "東京" and "Tokyo" find
/// Tokyo. Names are folded (lower case, accents dropped: "Île" reads "ile",
/// "São Paulo" "sao paulo") and sorted once, so a query is two binary
/// searches and a walk over the names it starts.
///
/// Places that would read the same are listed once (the largest), and a
/// place found by several of its names once. Ranking: a name equal to the
/// query first, then names the query starts and only finishes the last word
/// of ("san fran" → San Francisco), then the other names it starts (San
/// Francisco Putla). Within each the larger place (by population) first, a
/// place's own name counting as a fifty times larger place's alias, and
/// among the second the size counts less the more letters the name adds
/// ("pari": Paris, 2 letters on, before Parigi).
///
///     let search = PlaceSearch(gazetteer)          // about a second: build it off the main thread
///     search.matches(for: "san fran", limit: 8)    // [Place], best first
public struct PlaceSearch: Sendable {
    private let gazetteer: Gazetteer
    /// Every folded name, back to back.
    private let keys: [UInt8]
    private let keyStarts: [Int32]
    /// The place each name belongs to.
    private let keyPlace: [Int32]
    /// Whether each name is its place's shown name (not an alias).
    private let keyIsShown: [Bool]
    /// Names in folded order, as indices into `keyStarts`.
    private let sorted: [Int32]

    /// A search over the places of `gazetteer`.
    package init(_ gazetteer: Gazetteer) {
        self.gazetteer = gazetteer
        var keys: [UInt8] = []
        keys.reserveCapacity(gazetteer.count * 40)
        var starts: [Int32] = [0], owners: [Int32] = [], shown: [Bool] = []
        starts.reserveCapacity(gazetteer.count * 3)
        owners.reserveCapacity(gazetteer.count * 3)
        shown.reserveCapacity(gazetteer.count * 3)
        for i in 0..<gazetteer.count {
            PlaceSearch.fold(gazetteer.nameBytes(at: i), into: &keys)
            starts.append(Int32(keys.count))
            owners.append(Int32(i))
            shown.append(true)
            for alias in gazetteer.aliasBytes(at: i).split(separator: 0x1F) where !alias.isEmpty {
                PlaceSearch.fold(alias, into: &keys)
                starts.append(Int32(keys.count))
                owners.append(Int32(i))
                shown.append(false)
            }
        }
        self.keys = keys
        keyStarts = starts
        keyPlace = owners
        keyIsShown = shown
        sorted = keys.withUnsafeBufferPointer { buffer in
            // Each name's first eight bytes as one number (big-endian, zero-padded: the bytes' order):
            // most comparisons of the sort end there, without touching the names.
            let heads = (0..<owners.count).map { key -> UInt64 in
                var head: UInt64 = 0
                let start = Int(starts[key]), end = Int(starts[key + 1])
                for offset in 0..<8 { head = head << 8 | UInt64(start + offset < end ? buffer[start + offset] : 0) }
                return head
            }
            return (0..<Int32(owners.count)).sorted { a, b in
                let (ha, hb) = (heads[Int(a)], heads[Int(b)])
                if ha != hb { return ha < hb }
                return PlaceSearch.compare(buffer, Int(starts[Int(a)]), Int(starts[Int(a) + 1]),
                                           buffer, Int(starts[Int(b)]), Int(starts[Int(b) + 1])) < 0
            }
        }
    }

    /// How much more a place found by its own name counts than one found by
    /// an alias: "sion" lists Sion (34,000 people) before Jerusalem, whose
    /// old name it is (800,000), while "munich" still lists München, by its
    /// English alias, before Munich, North Dakota (200).
    static let shownNameWeight = 50.0

    /// Up to `limit` places with a name that is or starts with `query`, best first.
    public func matches(for query: String, limit: Int = 8) -> [Place] {
        var folded: [UInt8] = []
        PlaceSearch.fold(ArraySlice(query.trimmingCharacters(in: .whitespaces).utf8), into: &folded)
        guard !folded.isEmpty, limit > 0 else { return [] }
        var best = PlaceSearch.Leaders(capacity: max(64, limit * 8))
        keys.withUnsafeBufferPointer { buffer in
            folded.withUnsafeBufferPointer { q in
                var position = lowerBound(q, in: buffer)
                while position < sorted.count {
                    let key = Int(sorted[position])
                    let start = Int(keyStarts[key]), end = Int(keyStarts[key + 1])
                    guard end - start >= q.count, memcmp(buffer.baseAddress! + start, q.baseAddress!, q.count) == 0
                    else { break }
                    let rest = UnsafeBufferPointer(rebasing: buffer[(start + q.count)..<end])
                    let tier = rest.isEmpty ? 0 : (rest.contains { PlaceSearch.separators.contains($0) } ? 2 : 1)
                    // A finish of the last word counts the more the less it adds; a place's own
                    // name as much as another's alias would for a place `shownNameWeight` times larger.
                    let size = (Double(gazetteer.sizes[Int(keyPlace[key])]) + 1) * (keyIsShown[key] ? PlaceSearch.shownNameWeight : 1)
                    best.offer(Leaders.Entry(tier: tier, score: tier == 1 ? size / Double(1 + rest.count) : size, place: keyPlace[key]))
                    position += 1
                }
            }
        }
        let ranked = best.entries
        // Places that would read the same ("San Francisco, Central Luzon, PH"
        // three times) are one line: the largest of them.
        var seen = Set<String>(), places: [Place] = []
        for candidate in ranked where places.count < limit {
            let place = gazetteer.place(at: Int(candidate.place))
            if seen.insert(place.label).inserted { places.append(place) }
        }
        return places
    }

    /// The best matches of a query so far, each place once (by its best
    /// name), best first, at most `capacity` of them: a query that starts
    /// forty thousand names keeps a few dozen, not a dictionary of them all.
    struct Leaders {
        struct Entry {
            let tier: Int
            let score: Double
            let place: Int32

            func isBetter(than other: Entry) -> Bool {
                if tier != other.tier { return tier < other.tier }
                if score != other.score { return score > other.score }
                return place < other.place
            }
        }

        let capacity: Int
        private(set) var entries: [Entry] = []

        init(capacity: Int) {
            self.capacity = capacity
            entries.reserveCapacity(capacity + 1)
        }

        mutating func offer(_ entry: Entry) {
            if entries.count == capacity, let last = entries.last, !entry.isBetter(than: last) { return }
            if let same = entries.firstIndex(where: { $0.place == entry.place }) {
                guard entry.isBetter(than: entries[same]) else { return }
                entries.remove(at: same)
            }
            let at = entries.firstIndex { entry.isBetter(than: $0) } ?? entries.count
            entries.insert(entry, at: at)
            if entries.count > capacity { entries.removeLast() }
        }
    }

    /// Bytes that part the words of a name.
    private static let separators: Set<UInt8> = [0x20, 0x2D, 0x2C, 0x27, 0x2F]  // space - , ' /

    /// The first position in `sorted` whose name is not below the query.
    private func lowerBound(_ query: UnsafeBufferPointer<UInt8>, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            let key = Int(sorted[middle])
            if PlaceSearch.compare(buffer, Int(keyStarts[key]), Int(keyStarts[key + 1]), query, 0, query.count) < 0 {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    private static func compare(_ a: UnsafeBufferPointer<UInt8>, _ aStart: Int, _ aEnd: Int,
                                _ b: UnsafeBufferPointer<UInt8>, _ bStart: Int, _ bEnd: Int) -> Int {
        let common = min(aEnd - aStart, bEnd - bStart)
        if common > 0 {
            let order = memcmp(a.baseAddress! + aStart, b.baseAddress! + bStart, common)
            if order != 0 { return Int(order) }
        }
        return (aEnd - aStart) - (bEnd - bStart)
    }

    /// Appends a name folded for searching: ASCII lower-cased as it is (most
    /// names), anything else through Foundation's case and accent folding.
    static func fold(_ name: ArraySlice<UInt8>, into out: inout [UInt8]) {
        if name.allSatisfy({ $0 < 0x80 }) {
            for byte in name { out.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) }
            return
        }
        let text = String(decoding: name, as: UTF8.self)
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        out.append(contentsOf: text.utf8)
    }
}
