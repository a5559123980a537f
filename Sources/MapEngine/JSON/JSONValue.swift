/// A parsed JSON value that remembers where in the file it came from, so a
/// file can be written back with only some values replaced and every other
/// byte left as it was.
///
///     let node = try JSONParser.parse(Array(#"{"a": [1, 2]}"#.utf8))
///     node["a"]?.elements?[1].range   // 10..<11, the bytes of "2"
package struct JSONNode: Sendable {
    /// The kinds of JSON value, with their contents.
    package enum Value: Sendable {
        /// Members in file order; a repeated key keeps every occurrence.
        case object([(key: String, value: JSONNode)])
        case array([JSONNode])
        case string(String)
        /// The number and its text as written (a number too large for a
        /// Double reads as infinite, and is reported by its text).
        case number(Double, text: String)
        case bool(Bool)
        case null
    }

    /// The value.
    package let value: Value
    /// Byte offsets of the value's text in the file.
    package let range: Range<Int>

    /// The member's value (the last one when the key repeats), if this is an object.
    package subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The elements, if this is an array.
    package var elements: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    /// The number, if this is one.
    package var number: Double? {
        if case .number(let number, _) = value { return number }
        return nil
    }

    /// The text, if this is a string.
    package var string: String? {
        if case .string(let string) = value { return string }
        return nil
    }

    /// What kind of value this is, for error messages: "a string", "null".
    package var kindDescription: String {
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}
