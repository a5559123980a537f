/// A feature property's value, as a style sees it: MVT's int, uint, sint,
/// float and double all become numbers, as in MapLibre.
///
///     let name: FeatureValue = .string("Zürich")
package enum FeatureValue: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Text.
    case string(String)
    /// A number (integers and floats alike).
    case number(Double)
    /// True or false.
    case bool(Bool)

    /// The text a style's `to-string` or a `{token}` makes of the value:
    /// whole numbers without a decimal point, as JavaScript writes them.
    package var description: String {
        switch self {
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return FeatureValue.format(number)
        }
    }

    static func format(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number > 0 ? "Infinity" : "-Infinity" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }
}
