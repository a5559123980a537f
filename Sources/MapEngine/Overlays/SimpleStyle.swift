/// simplestyle-spec 1.1's look of a line or area, with its defaults:
/// `stroke` #555555, `stroke-width` 2, `stroke-opacity` 1, `fill` #555555,
/// `fill-opacity` 0.6. A colour that does not parse takes the default.
package struct SimpleStyle: Sendable, Equatable {
    /// The line colour, opacity included.
    package let stroke: Color
    /// The line width in points.
    package let strokeWidth: Double
    /// The area colour, opacity included.
    package let fill: Color

    /// The widest line drawn, in points, as for a style's `line-width`.
    static let widestStroke = StyleRanges.longest

    /// The look of `properties`; a number out of its range is clamped into
    /// it, said in `notes`.
    init(_ properties: JSONNode?, notes: inout [String]) {
        func number(_ key: String, _ fallback: Double, _ range: ClosedRange<Double>) -> Double {
            guard case .number(let value, _)? = properties?[key]?.value, value.isFinite else { return fallback }
            if let problem = StyleRanges.problem(value, key, range: range) { notes.append("\"\(key)\": \(problem)") }
            return min(max(value, range.lowerBound), range.upperBound)
        }
        func color(_ key: String, opacity: Double) -> Color {
            let base = properties?[key]?.string.flatMap { Color(cssHex: $0) } ?? Color(hex: 0x555555)
            return Color(rgba: base.red, base.green, base.blue, UInt8((min(max(opacity, 0), 1) * 255).rounded()))
        }
        stroke = color("stroke", opacity: number("stroke-opacity", 1, 0...1))
        strokeWidth = number("stroke-width", 2, 0...SimpleStyle.widestStroke)
        fill = color("fill", opacity: number("fill-opacity", 0.6, 0...1))
    }
}

extension Coordinate {
    /// The longitudes a GeoJSON position may have: files write places past
    /// the antimeridian beyond ±180 (Alaska's Aleutian islands west of
    /// -180), one turn of the world either way.
    package static let readableLongitudes = -540.0...540.0

    /// A longitude in -180...180 as it is; one past that, the same meridian within it.
    package static func wrappedLongitude(_ longitude: Double) -> Double {
        (-180...180).contains(longitude) ? longitude : wrapLongitude(longitude)
    }
}
