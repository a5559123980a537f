/// A number as people type one: an optional sign, digits with at most one
/// decimal point, and an optional exponent (`-33.9`, `+2`, `.5`, `1e3`).
/// Swift's own reading also takes hexadecimal (`0x10` is 16), `inf`,
/// `nan` and a leading `0x1p4`; a flag or a coordinate typed as one of
/// those is a mistake to name, not a number to use.
///
///     DecimalText.parse("-20")    // -20
///     DecimalText.parse("0x10")   // nil
package enum DecimalText {
    package static func parse(_ text: some StringProtocol) -> Double? {
        var digits = 0, points = 0, index = text.utf8.startIndex
        let bytes = text.utf8
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index = bytes.index(after: index) }
        while index < bytes.endIndex {
            let byte = bytes[index]
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                digits += 1
            } else if byte == UInt8(ascii: ".") {
                points += 1
            } else {
                break
            }
            index = bytes.index(after: index)
        }
        guard digits > 0, points <= 1 else { return nil }
        if index < bytes.endIndex {
            guard bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") else { return nil }
            index = bytes.index(after: index)
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index = bytes.index(after: index) }
            var exponentDigits = 0
            while index < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                exponentDigits += 1
                index = bytes.index(after: index)
            }
            guard exponentDigits > 0, index == bytes.endIndex else { return nil }
        }
        return Double(String(text))
    }
}
