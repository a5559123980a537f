/// Walking a document without building it: step into objects and arrays,
/// read only the members wanted, and step over the rest while still
/// checking every byte of it. A reader that wants a few values out of a
/// large file (the pins of a GeoJSON file) allocates nothing for the rest.
///
///     var json = JSONParser(bytes: bytes)
///     json.skipSpace()
///     try json.openObject()
///     var first = true
///     while let key = try json.nextKey(&first) {
///         if key.is("name", in: bytes) { name = try json.string() } else { try json.skipValue() }
///     }
extension JSONParser {
    /// A member name: its bytes between the quotes, and its text when it
    /// holds escapes (most names hold none, and are compared as bytes).
    package struct Key {
        let range: Range<Int>
        package let escaped: String?

        func text(in bytes: [UInt8]) -> String {
            escaped ?? String(decoding: bytes[range], as: UTF8.self)
        }

        package func `is`(_ name: StaticString, in bytes: [UInt8]) -> Bool {
            if let escaped { return escaped == name.description }
            guard range.count == name.utf8CodeUnitCount else { return false }
            let utf8 = name.utf8Start
            for k in 0..<range.count where bytes[range.lowerBound + k] != utf8[k] { return false }
            return true
        }
    }

    /// Steps into the object that starts here (at its `{`).
    package mutating func openObject() throws(JSONSyntaxError) {
        try enter()
        i += 1
    }

    /// The next member's name, leaving the position at its value (which
    /// the caller reads or skips); nil after the object's `}`. `first` is
    /// true before the first member.
    package mutating func nextKey(_ first: inout Bool) throws(JSONSyntaxError) -> Key? {
        skipSpace()
        if first {
            first = false
            if peek(UInt8(ascii: "}")) { return close() }
        } else if peek(UInt8(ascii: ",")) {
            i += 1
            skipSpace()
        } else if peek(UInt8(ascii: "}")) {
            return close()
        } else {
            throw error(i < bytes.count ? "expected ',' or '}' after an object member, found \(describeHere())"
                                        : "unexpected end of file inside an object")
        }
        guard peek(UInt8(ascii: "\"")) else {
            throw error(i < bytes.count ? "expected a member name in double quotes, found \(describeHere())"
                                        : "unexpected end of file inside an object")
        }
        let key = try keyHere()
        skipSpace()
        guard peek(UInt8(ascii: ":")) else {
            throw error("expected ':' after the member name \"\(key.text(in: bytes))\"")
        }
        i += 1
        skipSpace()
        return key
    }

    /// Steps into the array that starts here (at its `[`).
    package mutating func openArray() throws(JSONSyntaxError) {
        try enter()
        i += 1
    }

    /// True with the position at the next element (which the caller reads
    /// or skips); false after the array's `]`.
    package mutating func nextElement(_ first: inout Bool) throws(JSONSyntaxError) -> Bool {
        skipSpace()
        if first {
            first = false
            if peek(UInt8(ascii: "]")) { return close() != nil }
            return true
        }
        if peek(UInt8(ascii: ",")) {
            i += 1
            skipSpace()
            return true
        }
        if peek(UInt8(ascii: "]")) { return close() != nil }
        throw error(i < bytes.count ? "expected ',' or ']' after an array element, found \(describeHere())"
                                    : "unexpected end of file inside an array")
    }

    /// Steps out of the object or array whose closing byte is here.
    private mutating func close() -> Key? {
        i += 1
        depth -= 1
        return nil
    }

    /// Checks the value here and steps over it, building nothing.
    package mutating func skipValue() throws(JSONSyntaxError) {
        guard i < bytes.count else { throw error("unexpected end of file, expected a value") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            try openObject()
            var first = true
            while try nextKey(&first) != nil { try skipValue() }
        case UInt8(ascii: "["):
            try openArray()
            var first = true
            while try nextElement(&first) { try skipValue() }
        case UInt8(ascii: "\""):
            _ = try keyHere()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try numberRange()
        default:
            _ = try value()  // a literal, or the error saying what is wrong
        }
    }

    /// The string here as a name: its raw bytes when it holds no escape
    /// (found in one scan), else its text.
    package mutating func keyHere() throws(JSONSyntaxError) -> Key {
        let start = i + 1
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                i = end + 1
                return Key(range: start..<end, escaped: nil)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            end += 1
        }
        // An escape, a control character or no end: the full reader decodes or says what is wrong.
        let text = try string()
        return Key(range: start..<(i - 1), escaped: text)
    }
}
