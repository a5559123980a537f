/// A value a pin reads from its feature: strings, numbers and literals as
/// they are, objects and arrays only by kind (for messages), and where it
/// stands in the file.
struct FieldValue {
    enum Kind {
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
        case object
        case array
        /// Not a value a pin reads (the document itself): its description.
        case other(String)
    }

    let kind: Kind
    let range: Range<Int>

    var string: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    /// What kind of value this is, for messages: "a string", "null".
    var kindDescription: String {
        switch kind {
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        case .object: "an object"
        case .array: "an array"
        case .other(let kind): kind
        }
    }

    /// The kind of the value that starts with `byte`, for messages.
    static func kind(of byte: UInt8) -> String {
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
struct FeatureFields {
    struct Geometry {
        var type: FieldValue?
        var coordinates: Coordinates?
    }

    /// The "coordinates" member: its first two elements and how many it has
    /// when it is an array.
    struct Coordinates {
        var value: FieldValue
        /// The first two elements, inline (not an array a feature).
        var elements = InlineArray<2, FieldValue?>(repeating: nil)
        var count = 0
    }

    struct Properties {
        /// The properties a pin reads.
        enum Name: Int, CaseIterable {
            case title, name, subtitle, description, markerColor, markerSymbol, draggable, placemark, callout
            case cluster, priority, collision

            var key: StaticString {
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
        var range: Range<Int> = 0..<0
        var isEmpty = true
        /// The last value of each name, by `Name`.
        /// Kept inline: a heap array for every feature cost 100,000
        /// allocations a file of 100,000 pins.
        var values = InlineArray<12, FieldValue?>(repeating: nil)

        init(start: Int) {
            self.start = start
        }

        subscript(_ name: Name) -> FieldValue? { values[name.rawValue] }
    }

    var id: FieldValue?
    /// Nil when there is none, or it is not an object.
    var geometry: Geometry?
    /// Nil when there are none, or they are not an object.
    var properties: Properties?
}
