import Foundation

/// The operators of a style expression that take their arguments' values
/// and give one back, with no branching and nothing from the map: maths,
/// colour channels, the parts of text and arrays, a value's type. Each has
/// its number of arguments (`arity`), checked when a style is read; a
/// value of the wrong kind, or an index out of range, gives null (where
/// MapLibre reports an error and the property takes its default).
package enum StyleFunction: String, CaseIterable, Sendable {
    /// Maths of one number.
    case abs, ceil, floor, round, sqrt, ln, log10, log2, sin, cos, tan, asin, acos, atan
    /// Constants.
    case pi, e, ln2
    /// A colour from red, green and blue (0 to 255) and, for `rgba`, alpha (0 to 1).
    case rgb, rgba
    /// A colour's [red, green, blue, alpha] (`to-rgba`).
    case toRGBA = "to-rgba"
    /// The item of an array at an index (`at`).
    case at
    /// Part of text or an array, from an index to before another (`slice`).
    case slice
    /// Where an item or text is first found, or −1 (`index-of`).
    case indexOf = "index-of"
    /// Text cut at a separator (`split`) and an array of text joined by one (`join`).
    case split, join
    /// The name of a value's type (`typeof`).
    case typeOf = "typeof"
    /// A value of an object by its key, and whether the object has the key
    /// (`get` and `has` with an object as their second argument).
    case getFrom = "get", hasIn = "has"
    /// The locale a collator follows (`resolved-locale`).
    case resolvedLocale = "resolved-locale"
    /// Whether text's scripts can be drawn (`is-supported-script`): pinmap shapes every script.
    case isSupportedScript = "is-supported-script"
    /// An error raised on purpose (`error`): no value, so the property takes its default.
    case error

    /// How many arguments it takes.
    var arity: ClosedRange<Int> {
        switch self {
        case .pi, .e, .ln2: return 0...0
        case .rgb: return 3...3
        case .rgba: return 4...4
        case .at, .split, .join, .getFrom, .hasIn: return 2...2
        case .slice, .indexOf: return 2...3
        default: return 1...1
        }
    }

    /// Its value for these arguments' values.
    func apply(_ args: [StyleValue]) -> StyleValue {
        switch self {
        case .isSupportedScript:
            guard case .string = args[0] else { return .null }
            return .bool(true)
        case .resolvedLocale:
            guard case .collator(let collator) = args[0] else { return .null }
            return .string(collator.resolvedLocale)
        case .pi: return .number(.pi)
        case .e: return .number(M_E)
        case .ln2: return .number(M_LN2)
        case .rgb, .rgba: return StyleFunction.color(args)
        case .toRGBA:
            guard let color = args.first.flatMap(StyleColor.init(coercing:)) else { return .null }
            return .array([.number(color.red * 255), .number(color.green * 255), .number(color.blue * 255), .number(color.alpha)])
        case .at:
            guard case .number(let index) = args[0], case .array(let items) = args[1], index == index.rounded(),
                  index >= 0, index < Double(items.count) else { return .null }
            return items[Int(index)]
        case .slice: return StyleFunction.slice(args)
        case .indexOf: return StyleFunction.indexOf(args)
        case .split:
            guard case .string(let text) = args[0], case .string(let separator) = args[1] else { return .null }
            let parts = separator.isEmpty ? text.map { String($0) } : text.components(separatedBy: separator)
            return .array(parts.map { .string($0) })
        case .join:
            guard case .array(let items) = args[0], case .string(let separator) = args[1] else { return .null }
            var texts: [String] = []
            for item in items {
                switch item {
                case .string, .number, .bool: texts.append(item.description)
                default: return .null
                }
            }
            return .string(texts.joined(separator: separator))
        case .typeOf: return .string(StyleFunction.typeName(args[0]))
        case .getFrom:
            guard case .string(let key) = args[0], case .object(let members) = args[1] else { return .null }
            return members[key] ?? .null
        case .hasIn:
            guard case .string(let key) = args[0], case .object(let members) = args[1] else { return .bool(false) }
            return .bool(members[key] != nil)
        case .error: return .null
        default:
            guard case .number(let x) = args[0] else { return .null }
            return .number(maths(x))
        }
    }

    private func maths(_ x: Double) -> Double {
        switch self {
        case .abs: return Swift.abs(x)
        case .ceil: return x.rounded(.up)
        case .floor: return x.rounded(.down)
        // Halfway values away from zero, as MapLibre's `round` says.
        case .round: return x.rounded(.toNearestOrAwayFromZero)
        case .sqrt: return x.squareRoot()
        case .ln: return Foundation.log(x)
        case .log10: return Foundation.log10(x)
        case .log2: return Foundation.log2(x)
        case .sin: return Foundation.sin(x)
        case .cos: return Foundation.cos(x)
        case .tan: return Foundation.tan(x)
        case .asin: return Foundation.asin(x)
        case .acos: return Foundation.acos(x)
        default: return Foundation.atan(x)
        }
    }

    /// `rgb` and `rgba`: channels in range, else null.
    private static func color(_ args: [StyleValue]) -> StyleValue {
        let numbers = args.compactMap(\.asNumber)
        guard numbers.count == args.count, numbers.prefix(3).allSatisfy({ $0 >= 0 && $0 <= 255 }) else { return .null }
        let alpha = numbers.count == 4 ? numbers[3] : 1
        guard alpha >= 0, alpha <= 1 else { return .null }
        return .color(StyleColor(red: numbers[0] / 255, green: numbers[1] / 255, blue: numbers[2] / 255, alpha: alpha))
    }

    /// An index as JavaScript's `slice` takes it: from the end when negative, kept within `count`.
    private static func position(_ value: Double, in count: Int) -> Int {
        guard value.isFinite else { return value > 0 ? count : 0 }
        let whole = Int(max(min(value.rounded(.towardZero), 1e15), -1e15))
        return whole < 0 ? max(count + whole, 0) : min(whole, count)
    }

    private static func slice(_ args: [StyleValue]) -> StyleValue {
        guard case .number(let start) = args[1] else { return .null }
        var end: Double?
        if args.count > 2 {
            guard case .number(let last) = args[2] else { return .null }
            end = last
        }
        switch args[0] {
        case .string(let text):
            // JavaScript counts UTF-16 units; whole characters are kept whole here.
            let characters = Array(text)
            let from = position(start, in: characters.count), to = end.map { position($0, in: characters.count) } ?? characters.count
            return .string(from < to ? String(characters[from..<to]) : "")
        case .array(let items):
            let from = position(start, in: items.count), to = end.map { position($0, in: items.count) } ?? items.count
            return .array(from < to ? Array(items[from..<to]) : [])
        default: return .null
        }
    }

    private static func indexOf(_ args: [StyleValue]) -> StyleValue {
        var from = 0.0
        if args.count > 2 {
            guard case .number(let start) = args[2] else { return .null }
            from = start
        }
        switch (args[0], args[1]) {
        case (.null, .string): return .number(-1)
        case (.string, .string(let text)), (.number, .string(let text)), (.bool, .string(let text)):
            // A number or boolean is looked for as its text.
            let characters = Array(text), wanted = Array(args[0].description)
            // In text a start before the beginning is the beginning (in an array it counts from the end).
            let start = position(max(from, 0), in: characters.count)
            guard !wanted.isEmpty else { return .number(Double(start)) }
            guard wanted.count <= characters.count else { return .number(-1) }
            for i in stride(from: start, through: characters.count - wanted.count, by: 1)
            where characters[i..<(i + wanted.count)].elementsEqual(wanted) {
                return .number(Double(i))
            }
            return .number(-1)
        case (let needle, .array(let items)):
            switch needle {
            case .string, .number, .bool, .null: break
            default: return .null
            }
            let start = position(from, in: items.count)
            return .number(Double(items[start...].firstIndex(of: needle) ?? -1))
        default: return .null
        }
    }

    /// The type's name, as `typeof` gives it: `array<number, 3>` for an
    /// array whose items share a type, `array<value, n>` otherwise.
    static func typeName(_ value: StyleValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .color: return "color"
        case .array(let items):
            let names = Set(items.map(typeName))
            let item = names.count == 1 && !items.isEmpty ? names.first ?? "value" : "value"
            return "array<\(item), \(items.count)>"
        case .object: return "object"
        case .collator: return "collator"
        case .formatted: return "formatted"
        case .image: return "resolvedImage"
        }
    }
}
