/// Line-break opportunities by a short form of Unicode's line-breaking
/// algorithm (UAX #14), for measurers without a text library: a line may
/// start after a space or a hyphen, and before or after an ideograph, kana
/// or a CJK symbol, except before closing punctuation and small kana (the
/// Japanese rule that a line never starts with "。" or "ょ"). Thai, Lao,
/// Khmer and Burmese need a dictionary for their word breaks, which a real
/// text stack (Pango) brings; here they break only at spaces.
package enum LineBreakRules {
    /// Indices in `text` where a new line may start.
    package static func opportunities(in text: String) -> [String.Index] {
        var breaks: [String.Index] = []
        var previous: Character?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let before = previous, mayBreak(between: before, and: character) {
                breaks.append(index)
            }
            previous = character
            index = text.index(after: index)
        }
        return breaks
    }

    static func mayBreak(between before: Character, and after: Character) -> Bool {
        if after.isWhitespace { return false }
        if before.isWhitespace { return true }
        if before == "-" || before == "\u{2010}" || before == "\u{2013}" { return !after.isNumber }
        if noLineStart(after) { return false }
        if noLineEnd(before) { return false }
        return isIdeographic(before) || isIdeographic(after)
    }

    /// Ideographs, kana, CJK symbols and full-width forms: a line may break on either side.
    static func isIdeographic(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x2E80...0x2FFF, 0x3000...0x303F, 0x3040...0x30FF, 0x3100...0x31FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    /// Closing punctuation and small kana, which no line may start with.
    static func noLineStart(_ character: Character) -> Bool {
        "、。，．・：；？！ー）］｝〕〉》」』】〙〗〟’”ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々)]},.;:!?%".contains(character)
    }

    /// Opening punctuation, which no line may end with.
    static func noLineEnd(_ character: Character) -> Bool {
        "（［｛〔〈《「『【〘〖〝‘“([{".contains(character)
    }
}
