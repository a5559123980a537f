/// A strict JSON reader (RFC 8259) that keeps byte ranges and reports the
/// line and column of the first error.
///
///     do { let root = try JSONParser.parse(bytes) }
///     catch let error as JSONSyntaxError { print(error.line, error.column, error.reason) }
package struct JSONParser {
    static let maxDepth = 512

    let bytes: [UInt8]
    /// The position of the next byte to read.
    package var i = 0
    /// How many objects and arrays enclose the position.
    package var depth = 0
    /// Where the first `\u` escape of half a character (a lone surrogate)
    /// began: it is read as U+FFFD, and a reader that keeps the user's text says so.
    package var firstLoneSurrogate: Int?

    /// The whole document in `bytes`, as a tree that keeps each value's byte
    /// range; throws the first syntax error with its line and column.
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        // A UTF-8 byte order mark is allowed before the text.
        var parser = JSONParser(bytes: bytes)
        parser.skipSpace()
        let root = try parser.value()
        parser.skipSpace()
        guard parser.i == bytes.count else { throw parser.error("unexpected \(parser.describeHere()) after the end of the document") }
        return root
    }

    /// A parser at the start of `bytes` (after a byte order mark).
    package init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    package mutating func value() throws(JSONSyntaxError) -> JSONNode {
        guard i < bytes.count else { throw error("unexpected end of file, expected a value") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""):
            let start = i
            let text = try string()
            return JSONNode(value: .string(text), range: start..<i)
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "N") where matches("NaN"): throw error(JSONParser.notANumber("NaN"))
        case UInt8(ascii: "I") where matches("Infinity"): throw error(JSONParser.notANumber("Infinity"))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected \(describeHere()), expected a value")
        }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONNode {
        let start = i
        try openObject()
        var members: [(key: String, value: JSONNode)] = []
        var first = true
        while let key = try nextKey(&first) {
            members.append((key.text(in: bytes), try value()))
        }
        return JSONNode(value: .object(members), range: start..<i)
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONNode {
        let start = i
        try openArray()
        var elements: [JSONNode] = []
        var first = true
        while try nextElement(&first) {
            elements.append(try value())
        }
        return JSONNode(value: .array(elements), range: start..<i)
    }

    mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONParser.maxDepth { throw error("nesting deeper than \(JSONParser.maxDepth) levels") }
    }

    package mutating func string() throws(JSONSyntaxError) -> String {
        let quote = i
        i += 1
        // Most strings hold no escape: one scan, one decode.
        var end = i
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
              bytes[end] >= 0x20 {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let text = String(decoding: bytes[i..<end], as: UTF8.self)
            i = end + 1
            return text
        }
        var scalars = String.UnicodeScalarView()
        var runStart = i
        func flush(_ end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
        }
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                flush(i)
                i += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("control character in a string (write it as an escape such as \\n)") }
            if byte == UInt8(ascii: "\\") {
                flush(i)
                try escape(into: &scalars)
                runStart = i
            } else {
                i += 1
            }
        }
        i = quote
        throw error("unterminated string")
    }

    mutating func escape(into scalars: inout String.UnicodeScalarView) throws(JSONSyntaxError) {
        i += 1
        guard i < bytes.count else { throw error("unexpected end of file in an escape") }
        if let scalar = JSONParser.simpleEscapes[bytes[i]] {
            scalars.append(scalar)
            i += 1
            return
        }
        guard bytes[i] == UInt8(ascii: "u") else { throw error("invalid escape \\\(describe(bytes[i])) in a string") }
        let escapeStart = i - 1
        i += 1
        var code = try hex4()
        if (0xD800..<0xDC00).contains(code), bytes[i...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) {
            i += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in a \\u escape") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        // A lone surrogate cannot be a character: keep the replacement character.
        if Unicode.Scalar(code) == nil, firstLoneSurrogate == nil { firstLoneSurrogate = escapeStart }
        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
    }

    private static let simpleEscapes: [UInt8: Unicode.Scalar] = [
        UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/",
        UInt8(ascii: "b"): "\u{8}", UInt8(ascii: "f"): "\u{C}", UInt8(ascii: "n"): "\n",
        UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
    ]

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("unexpected end of file in a \\u escape") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[i])).hexDigitValue else {
                throw error("expected four hex digits after \\u")
            }
            code = code * 16 + UInt32(digit)
            i += 1
        }
        return code
    }

    /// Some writers emit NaN and Infinity; RFC 8259 has neither. They are
    /// refused by name, with their place in the file.
    static func notANumber(_ word: String) -> String {
        "\(word) is not a JSON number (JSON has no NaN or Infinity)"
    }

    /// True when the bytes at the current position spell `word`.
    func matches(_ word: String) -> Bool {
        let utf8 = Array(word.utf8)
        return i + utf8.count <= bytes.count && bytes[i..<i + utf8.count].elementsEqual(utf8)
    }

    private mutating func number() throws(JSONSyntaxError) -> JSONNode {
        let range = try numberRange()
        let text = String(decoding: bytes[range], as: UTF8.self)
        return JSONNode(value: .number(JSONParser.number(in: bytes, range) ?? Double(text) ?? .nan, text: text),
                        range: range)
    }

    /// Checks the syntax of the number here and steps over it.
    package mutating func numberRange() throws(JSONSyntaxError) -> Range<Int> {
        let start = i
        if peek(UInt8(ascii: "-")) {
            i += 1
            if matches("Infinity") {
                i = start
                throw error(JSONParser.notANumber("-Infinity"))
            }
        }
        if peek(UInt8(ascii: "0")) {
            i += 1
            if i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) {
                throw error("numbers may not have a leading zero")
            }
        } else if digits() == 0 {
            throw error("expected a digit in a number")
        }
        if peek(UInt8(ascii: ".")) {
            i += 1
            guard digits() > 0 else { throw error("expected a digit after the decimal point") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            i += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { i += 1 }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
        return start..<i
    }

    /// The value of a valid number's text without making a string, when it
    /// is exact: at most 15 digits and no exponent (a whole number of at
    /// most 15 digits and a power of ten up to 10^22 are exact doubles, so
    /// one division rounds correctly, as reading the text would). Nil
    /// otherwise: read the text.
    package static func number(in bytes: [UInt8], _ range: Range<Int>) -> Double? {
        var mantissa: Int64 = 0
        var digitCount = 0, decimals = 0, afterPoint = false
        var k = range.lowerBound
        let negative = bytes[k] == UInt8(ascii: "-")
        if negative { k += 1 }
        while k < range.upperBound {
            let byte = bytes[k]
            if byte == UInt8(ascii: ".") {
                afterPoint = true
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
                digitCount += 1
                if afterPoint { decimals += 1 }
                if digitCount > 15 { return nil }
            } else {
                return nil  // an exponent
            }
            k += 1
        }
        let value = Double(mantissa) / JSONParser.powersOfTen[decimals]
        return negative ? -value : value
    }

    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
                                                1e13, 1e14, 1e15]

    private mutating func digits() -> Int {
        let start = i
        while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
        return i - start
    }

    mutating func literal(_ word: String, _ value: JSONNode.Value) throws(JSONSyntaxError) -> JSONNode {
        let start = i
        guard bytes[i...].starts(with: word.utf8) else { throw error("unexpected \(describeHere()), expected a value") }
        i += word.utf8.count
        return JSONNode(value: value, range: start..<i)
    }

    package mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    package func peek(_ byte: UInt8) -> Bool { i < bytes.count && bytes[i] == byte }

    package func describeHere() -> String {
        i < bytes.count ? describe(bytes[i]) : "end of file"
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return String(format2: byte) }
        // The start of a multi-byte character: show the whole character.
        var end = i + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'\(String(decoding: bytes[i..<end], as: UTF8.self))'"
    }

    /// An error at the current position, with a 1-based line and column
    /// (columns count characters, not bytes).
    package func error(_ reason: String) -> JSONSyntaxError {
        let position = TextPosition(offset: i, in: bytes)
        return JSONSyntaxError(line: position.line, column: position.column, reason: reason)
    }
}

private extension String {
    /// A control or space byte by name: "a space", "a tab", "byte 0x01".
    init(format2 byte: UInt8) {
        switch byte {
        case 0x20: self = "a space"
        case 0x09: self = "a tab"
        case 0x0A: self = "a line break"
        default: self = "byte 0x" + String(byte, radix: 16)
        }
    }
}

/// Why a file is not valid JSON, and where.
package struct JSONSyntaxError: Error, Equatable {
    /// 1-based line.
    package let line: Int
    /// 1-based column, in characters.
    package let column: Int
    /// What is wrong, in plain words.
    package let reason: String
}
