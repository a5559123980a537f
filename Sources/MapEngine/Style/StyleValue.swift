import Foundation

/// A value a style expression takes or gives.
///
///     StyleValue.number(3).asNumber   // 3
package enum StyleValue: Equatable, Sendable, CustomStringConvertible {
    /// No value.
    case null
    /// True or false.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// Text.
    case string(String)
    /// A colour.
    case color(StyleColor)
    /// An array.
    case array([StyleValue])
    /// An object: named values (a feature property holding one, or a `literal`).
    case object([String: StyleValue])
    /// A way of comparing text (`collator`).
    case collator(StyleCollator)
    /// Text in sections with their own looks (`format`).
    case formatted(FormattedText)
    /// An image of the sprite (`image`).
    case image(StyleImage)

    /// A JSON value as a style value (an object's repeated key keeps its last value).
    package init(json node: JSONNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number, _): self = .number(number)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(StyleValue.init(json:)))
        case .object(let members):
            var values: [String: StyleValue] = [:]
            for (key, value) in members { values[key] = StyleValue(json: value) }
            self = .object(values)
        }
    }

    init(_ value: FeatureValue?) {
        switch value {
        case nil: self = .null
        case .string(let text)?: self = .string(text)
        case .number(let number)?: self = .number(number)
        case .bool(let flag)?: self = .bool(flag)
        }
    }

    /// The number, or nil for other values.
    package var asNumber: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The text, or nil for other values.
    package var asString: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The boolean, or nil for other values.
    package var asBool: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// A colour, or a string that is one.
    package var asColor: StyleColor? {
        switch self {
        case .color(let color): return color
        case .string(let text): return StyleColor(css: text)
        default: return nil
        }
    }

    /// An array of numbers, or nil.
    package var asNumbers: [Double]? {
        guard case .array(let items) = self else { return nil }
        let numbers = items.compactMap(\.asNumber)
        return numbers.count == items.count ? numbers : nil
    }

    /// A string as one name, or an array of strings (a font stack); nil otherwise.
    package var asStrings: [String]? {
        switch self {
        case .string(let text): return [text]
        case .array(let items):
            let strings = items.compactMap(\.asString)
            return strings.count == items.count ? strings : nil
        default: return nil
        }
    }

    /// What `to-string` makes of the value.
    package var description: String {
        switch self {
        case .null: return ""
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return FeatureValue.format(number)
        case .string(let text): return text
        case .color(let color): return color.description
        case .collator(let collator): return "[collator \(collator.resolvedLocale)]"
        case .formatted(let text): return text.plainText
        case .image(let image): return image.name
        case .array(let items): return "[" + items.map(\.json).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { "\(StyleValue.string($0.key).json):\($0.value.json)" }
                .joined(separator: ",") + "}"
        }
    }

    /// The value as JSON writes it, as it appears inside an array or object's text.
    package var json: String {
        switch self {
        case .null: return "null"
        case .string(let text): return JSONText.quoted(text)
        case .color: return "\"\(description)\""
        default: return description
        }
    }

    /// JavaScript's truthiness, as `to-boolean` and `!` on non-booleans see it.
    var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let flag): return flag
        case .number(let number): return number != 0 && !number.isNaN
        case .string(let text): return !text.isEmpty
        case .color, .array, .object, .collator, .formatted, .image: return true
        }
    }
}
