/// Text the label placer measured, kept from frame to frame: while the map
/// pans, the same labels are wrapped and measured at the same sizes, so a
/// frame measures only labels it has not seen.
struct LabelMeasures {
    /// A label's text wrapped into lines, each line's width, and a line's height.
    struct Block {
        let lines: [String]
        let widths: [Double]
        let height: Double
    }

    struct BlockKey: Hashable {
        let text: String
        let font: FontSpec
        let maxWidth: Double
        let letterSpacing: Double
    }

    /// More texts than this and the kept ones are forgotten (a long zoom through many sizes).
    static let limit = 20_000

    private(set) var blocks: [BlockKey: Block] = [:]
    /// Labels along lines cut into their shaped segments, by text and font.
    private(set) var segments: [SegmentKey: [TextSegment]] = [:]

    struct SegmentKey: Hashable {
        let text: String
        let font: FontSpec
    }

    mutating func remember(_ block: Block, for key: BlockKey) {
        if blocks.count >= LabelMeasures.limit { blocks.removeAll(keepingCapacity: true) }
        blocks[key] = block
    }

    mutating func remember(_ pieces: [TextSegment], for key: SegmentKey) {
        if segments.count >= LabelMeasures.limit { segments.removeAll(keepingCapacity: true) }
        segments[key] = pieces
    }
}
