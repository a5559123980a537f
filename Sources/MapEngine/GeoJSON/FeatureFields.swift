/// A value a pin reads from its feature: numbers and literals as they are,
/// strings by where they are (read from the file's bytes only when asked
/// for, so a feature's values are plain data, copied without reference
/// counting), objects and arrays only by kind (for messages), and where it
/// stands in the file.
package struct FieldValue {
    package enum Kind {
        /// `escaped`: it holds a backslash escape, so its text needs decoding.
        case string(escaped: Bool)
        case number(Double)
        case bool(Bool)
        case null
        case object
        case array
    }

    package let kind: Kind
    package let range: Range<Int>

    /// The text of a string value (nil for any other kind).
    package func text(in bytes: [UInt8]) -> String? {
        guard case .string(let escaped) = kind else { return nil }
        guard escaped else { return String(decoding: bytes[range.lowerBound + 1..<range.upperBound - 1], as: UTF8.self) }
        var parser = JSONParser(bytes: bytes)
        parser.i = range.lowerBound
        return try? parser.string()
    }

    /// True when it is the string `word`, compared without making a string.
    package func isString(_ word: StaticString, in bytes: [UInt8]) -> Bool {
        guard case .string(let escaped) = kind else { return false }
        if escaped { return text(in: bytes) == word.description }
        let count = range.count - 2
        guard count == word.utf8CodeUnitCount else { return false }
        let utf8 = word.utf8Start
        for k in 0..<count where bytes[range.lowerBound + 1 + k] != utf8[k] { return false }
        return true
    }

    /// What kind of value this is, for messages: "a string", "null".
    package var kindDescription: String {
        switch kind {
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        case .object: "an object"
        case .array: "an array"
        }
    }

    /// The kind of the value that starts with `byte`, for messages.
    package static func kind(of byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
        case UInt8(ascii: "n"): "null"
        default: "a number"
        }
    }
}

/// What one feature object holds that makes a pin; everything else in it
/// was checked and stepped over.
package struct FeatureFields {
    package struct Geometry {
        package var type: FieldValue?
        package var coordinates: Coordinates?
    }

    /// The "coordinates" member: its first two elements and how many it has
    /// when it is an array.
    package struct Coordinates {
        package var value: FieldValue
        /// The first two elements, inline (not an array a feature).
        package var elements = InlineArray<2, FieldValue?>(repeating: nil)
        package var count = 0
    }

    package struct Properties {
        /// The properties a pin reads.
        package enum Name: Int, CaseIterable {
            case title, name, subtitle, description, markerColor, markerSymbol, draggable, placemark, callout
            case cluster, priority, collision

            package var key: StaticString {
                switch self {
                case .title: "title"
                case .name: "name"
                case .subtitle: "subtitle"
                case .description: "description"
                case .markerColor: "marker-color"
                case .markerSymbol: "marker-symbol"
                case .draggable: "draggable"
                case .placemark: "placemark"
                case .callout: "callout"
                case .cluster: "cluster"
                case .priority: "priority"
                case .collision: "collision"
                }
            }

            init?(_ key: JSONParser.Key, in bytes: [UInt8]) {
                guard let name = Name.allCases.first(where: { key.is($0.key, in: bytes) }) else { return nil }
                self = name
            }
        }

        /// Where the object starts (its `{`) and ends.
        let start: Int
        package var range: Range<Int> = 0..<0
        package var isEmpty = true
        /// The last value of each name, by `Name`.
        /// Kept inline: a heap array for every feature cost 100,000
        /// allocations a file of 100,000 pins.
        package var values = InlineArray<12, FieldValue?>(repeating: nil)

        package init(start: Int) {
            self.start = start
        }

        package subscript(_ name: Name) -> FieldValue? { values[name.rawValue] }
    }

    package var id: FieldValue?
    /// Nil when there is none, or it is not an object.
    package var geometry: Geometry?
    /// Nil when there are none, or they are not an object.
    package var properties: Properties?
}
