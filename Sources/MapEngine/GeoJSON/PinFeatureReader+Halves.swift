import Dispatch

/// A large pins file is read by two threads at once: the second starts at
/// a feature near the middle of the file, guessed from the bytes around it
/// (`}`, a comma, `{`); the first reads from the top and, when it reaches
/// that very byte at the start of an element of the "features" array, takes
/// the second's pins instead of reading on. The guess is proved right by
/// the first reader arriving there; when it arrives elsewhere (the guess
/// was inside a string, or deeper in a feature) or the second reader met an
/// error, the second half is read again in line, so errors and results are
/// always those of one reading from the top.
extension PinFeatureReader {
    /// The other thread's reading of the features from `start` to the end
    /// of the array.
    final class SecondHalf: Sendable {
        let start: Int
        private let done = Mailbox<PinFeatureReader?>()

        /// Nil when no element start is found near the middle.
        init?(of reader: PinFeatureReader) {
            guard let start = SecondHalf.elementStart(in: reader.bytes, after: reader.bytes.count / 2) else { return nil }
            self.start = start
            let (file, bytes) = (reader.file, reader.bytes)
            let done = done
            DispatchQueue.global(qos: .userInitiated).async {
                var half = PinFeatureReader(file: file, bytes: bytes, halvesAbove: .max)
                // Inside the top-level object and its "features" array.
                half.json.i = start
                half.json.depth = 2
                var first = true
                do {
                    try half.readElements(first: &first)
                    done.post(half)
                } catch {
                    done.post(nil)
                }
            }
        }

        /// The second half, once read; nil when it met an error.
        func result() -> PinFeatureReader? {
            done.wait(timeout: 3600) { $0.pending > 0 }
            return done.takeAll().first ?? nil
        }

        /// The first `{` after `from` that follows `}` and a comma (spaces
        /// between allowed): where a feature most likely starts.
        static func elementStart(in bytes: [UInt8], after from: Int) -> Int? {
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
            var k = from
            let limit = min(bytes.count, from + (1 << 20))
            while k < limit {
                if bytes[k] == UInt8(ascii: "}") {
                    var j = k + 1
                    while j < limit, isSpace(bytes[j]) { j += 1 }
                    if j < limit, bytes[j] == UInt8(ascii: ",") {
                        j += 1
                        while j < limit, isSpace(bytes[j]) { j += 1 }
                        if j < limit, bytes[j] == UInt8(ascii: "{") { return j }
                    }
                }
                k += 1
            }
            return nil
        }
    }

    /// Takes in the second half read elsewhere, whose first element is
    /// element `base` of the array; the array is then read to its end.
    mutating func join(_ half: PinFeatureReader, at base: Int) {
        let from = features.count
        // Exactly as many as there are: growing by half again would leave
        // room for a third more pins than the file has (5 MB at 100,000).
        features.reserveCapacity(from + half.features.count)
        features += half.features
        for k in from..<features.count { features[k].index += base }
        notes += half.notes.map { ($0.index + base, $0.text) }
        elementRanges.reserveCapacity(elementRanges.count + half.elementRanges.count)
        elementRanges += half.elementRanges
        for (kind, count) in half.skipped { skipped[kind, default: 0] += count }
        shapeElements += half.shapeElements.map { ($0.index + base, $0.range) }
        if failure == nil { failure = half.failure?.shifted(by: base) }
        json.i = half.json.i
        json.depth = half.json.depth
        featuresEnd = half.featuresEnd
    }
}

private extension PinFileError {
    /// The same error for a feature `base` places further down the array.
    func shifted(by base: Int) -> PinFileError {
        switch self {
        case .badFeature(let file, let index, let id, let reason): .badFeature(file: file, index: index + base, id: id, reason: reason)
        case .badCoordinates(let file, let index, let id, let reason):
            .badCoordinates(file: file, index: index + base, id: id, reason: reason)
        default: self
        }
    }
}
