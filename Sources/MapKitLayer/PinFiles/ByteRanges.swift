import MapEngine

/// Ranges of a file's bytes, 8 bytes each rather than a `Range<Int>`'s 16
/// (a pins file is at most 1 GB): one for every element of a file's
/// "features" array, half a million of them in a large file.
struct ByteRanges: RandomAccessCollection, Equatable, Sendable {
    private var spans: [PinFeature.ByteSpan] = []

    var startIndex: Int { 0 }
    var endIndex: Int { spans.count }

    subscript(_ i: Int) -> Range<Int> { spans[i].range }

    mutating func append(_ range: Range<Int>) { spans.append(PinFeature.ByteSpan(range)) }
    mutating func reserveCapacity(_ count: Int) { spans.reserveCapacity(count) }

    static func += (list: inout ByteRanges, more: ByteRanges) { list.spans += more.spans }
}
