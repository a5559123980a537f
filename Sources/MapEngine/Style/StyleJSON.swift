/// A value as a style file writes it: a property's value, an expression, a
/// filter, a whole layer or source, or a feature's property. Swift's
/// literals make one, as JSON text does in MapLibre's map API.
///
///     try map.setPaintProperty("fill-color", to: "#e04030", layer: "water")
///     try map.setPaintProperty("line-width", to: ["interpolate", ["linear"], ["zoom"], 10, 1, 16, 6], layer: "roads")
///     try map.setFilter(StyleJSON(json: #"["==", ["get", "class"], "park"]"#), layer: "parks")
public enum StyleJSON: Equatable, Sendable, CustomStringConvertible {
    /// JSON's `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// Text.
    case string(String)
    /// An array.
    case array([StyleJSON])
    /// An object: named values.
    case object([String: StyleJSON])

    /// A value written as JSON text.
    ///
    ///     try StyleJSON(json: #"["interpolate", ["linear"], ["zoom"], 10, 1, 16, 6]"#)
    /// - Throws: `StyleChangeError` when the text is not JSON.
    public init(json text: String) throws(StyleChangeError) {
        self.init(try StyleValue(json: text))
    }

    /// The value as JSON text.
    public var description: String { value.json }

    /// The value as the style engine reads it.
    package var value: StyleValue {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let number): .number(number)
        case .string(let text): .string(text)
        case .array(let items): .array(items.map(\.value))
        case .object(let members): .object(members.mapValues(\.value))
        }
    }

    /// A value the style engine gave: colours, collators, formatted text and
    /// images become their text.
    package init(_ value: StyleValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(StyleJSON.init))
        case .object(let members): self = .object(members.mapValues(StyleJSON.init))
        case .color, .collator, .formatted, .image: self = .string(value.description)
        }
    }
}

extension StyleJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// Text: `"#e04030"`.
    public init(stringLiteral text: String) { self = .string(text) }
    /// A whole number: `12`.
    public init(integerLiteral number: Int) { self = .number(Double(number)) }
    /// A number: `0.5`.
    public init(floatLiteral number: Double) { self = .number(number) }
    /// `true` or `false`.
    public init(booleanLiteral flag: Bool) { self = .bool(flag) }
    /// An array: `["get", "name"]`.
    public init(arrayLiteral items: StyleJSON...) { self = .array(items) }
    /// An object: `["type": "geojson", "data": …]`.
    public init(dictionaryLiteral members: (String, StyleJSON)...) {
        self = .object(Dictionary(members, uniquingKeysWith: { _, last in last }))
    }
}
