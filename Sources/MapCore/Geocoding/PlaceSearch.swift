import Foundation

/// Forward search over the gazetteer's names: what a search field lists as
/// the user types. Names are folded (lower case, accents dropped: "Île"
/// reads "ile", "Zürich" "zurich") and sorted once, so a query is two
/// binary searches and a walk over the names it starts.
///
/// Places that would read the same are listed once (the largest).
/// Ranking: a name equal to the query first, then names the query starts
/// and only finishes the last word of ("san fran" → San Francisco), then
/// the other names it starts (San Francisco Putla). Within each the larger
/// place first, and among the second the size counts less the more letters
/// the name adds ("pari": Paris, 2 letters on, before Parigi; "zur": Zurich
/// before Zuru, a village). GeoNames' cities1000 list as kept here has
/// no populations, so "larger" is the gazetteer's stand-in: how many other
/// places lie within 30 km (Paris, Île-de-France is ringed by 362 towns,
/// Paris, Texas by 4).
///
///     let search = PlaceSearch(gazetteer)          // about 100 ms: build it off the main thread
///     search.matches(for: "san fran", limit: 8)    // [Place], best first
public struct PlaceSearch: Sendable {
    private let gazetteer: Gazetteer
    /// Every place's folded name, back to back.
    private let keys: [UInt8]
    private let keyStarts: [Int32]
    /// Place indices in the order of their folded names.
    private let sorted: [Int32]

    /// A search over the places of `gazetteer`.
    public init(_ gazetteer: Gazetteer) {
        self.gazetteer = gazetteer
        var keys: [UInt8] = []
        keys.reserveCapacity(gazetteer.count * 12)
        var starts: [Int32] = [0]
        starts.reserveCapacity(gazetteer.count + 1)
        for i in 0..<gazetteer.count {
            PlaceSearch.fold(gazetteer.nameBytes(at: i), into: &keys)
            starts.append(Int32(keys.count))
        }
        self.keys = keys
        keyStarts = starts
        sorted = keys.withUnsafeBufferPointer { buffer in
            (0..<Int32(gazetteer.count)).sorted { a, b in
                PlaceSearch.compare(buffer, Int(starts[Int(a)]), Int(starts[Int(a) + 1]),
                                    buffer, Int(starts[Int(b)]), Int(starts[Int(b) + 1])) < 0
            }
        }
    }

    /// Up to `limit` places whose name is or starts with `query`, best first.
    public func matches(for query: String, limit: Int = 8) -> [Place] {
        var folded: [UInt8] = []
        PlaceSearch.fold(ArraySlice(query.trimmingCharacters(in: .whitespaces).utf8), into: &folded)
        guard !folded.isEmpty, limit > 0 else { return [] }
        var best: [(tier: Int, score: Double, index: Int32)] = []
        keys.withUnsafeBufferPointer { buffer in
            folded.withUnsafeBufferPointer { q in
                var position = lowerBound(q, in: buffer)
                while position < sorted.count {
                    let place = Int(sorted[position])
                    let start = Int(keyStarts[place]), end = Int(keyStarts[place + 1])
                    guard end - start >= q.count, memcmp(buffer.baseAddress! + start, q.baseAddress!, q.count) == 0
                    else { break }
                    let rest = UnsafeBufferPointer(rebasing: buffer[(start + q.count)..<end])
                    let tier = rest.isEmpty ? 0 : (rest.contains { PlaceSearch.separators.contains($0) } ? 2 : 1)
                    // A finish of the last word counts the more the less it adds.
                    let size = Double(gazetteer.weights[place]) + 1
                    best.append((tier, tier == 1 ? size / Double(1 + rest.count) : size, Int32(place)))
                    position += 1
                }
            }
        }
        best.sort { a, b in
            if a.tier != b.tier { return a.tier < b.tier }
            if a.score != b.score { return a.score > b.score }
            return a.index < b.index
        }
        // Places that would read the same ("San Francisco, Central Luzon, PH"
        // three times) are one line: the largest of them.
        var seen = Set<String>(), places: [Place] = []
        for candidate in best where places.count < limit {
            let place = gazetteer.place(at: Int(candidate.index))
            if seen.insert(place.label).inserted { places.append(place) }
        }
        return places
    }

    /// Bytes that part the words of a name.
    private static let separators: Set<UInt8> = [0x20, 0x2D, 0x2C, 0x27, 0x2F]  // space - , ' /

    /// The first position in `sorted` whose name is not below the query.
    private func lowerBound(_ query: UnsafeBufferPointer<UInt8>, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            let place = Int(sorted[middle])
            if PlaceSearch.compare(buffer, Int(keyStarts[place]), Int(keyStarts[place + 1]), query, 0, query.count) < 0 {
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
