/// Ranges of a file's bytes, 8 bytes each rather than a `Range<Int>`'s 16
/// (a pins file is at most 1 GB): one for every element of a file's
/// "features" array, half a million of them in a large file.
package struct ByteRanges: RandomAccessCollection, Equatable, Sendable {
    private var spans: [PinFeature.ByteSpan] = []

    package init() {}

    package var startIndex: Int { 0 }
    package var endIndex: Int { spans.count }

    package subscript(_ i: Int) -> Range<Int> { spans[i].range }

    package mutating func append(_ range: Range<Int>) { spans.append(PinFeature.ByteSpan(range)) }
    package mutating func reserveCapacity(_ count: Int) { spans.reserveCapacity(count) }

    package static func += (list: inout ByteRanges, more: ByteRanges) { list.spans += more.spans }
}
