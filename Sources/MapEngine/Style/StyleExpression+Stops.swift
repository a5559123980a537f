// Reading the parts of curves and arrays: `array`'s type and length, stops, and interpolation types.
extension StyleExpression {
    /// `["array", value…]`, `["array", type, value…]` or `["array", type, length, value…]`
    /// (length a whole number or null), as MapLibre reads them; a bare array where a value goes is refused.
    static func arrayAssertion(_ args: [JSONNode], _ node: JSONNode) throws(StyleValueError) -> StyleExpression {
        guard !args.isEmpty else { throw StyleValueError(reason: "\"array\" needs a value", range: node.range) }
        var item: String?, length: Int?, first = 0
        if args.count > 1 {
            guard let name = args[0].string, ["string", "number", "boolean", "object"].contains(name) else {
                throw StyleValueError(reason: "\"array\" item types are string, number, boolean or object", range: args[0].range)
            }
            item = name
            first = 1
        }
        if args.count > 2 {
            switch args[1].value {
            case .null: break
            case .number(let count, _) where count >= 0 && count == count.rounded() && count < 1e9: length = Int(count)
            default: throw StyleValueError(reason: "an \"array\" length is a whole number", range: args[1].range)
            }
            first = 2
        }
        var values: [StyleExpression] = []
        for value in args[first...] {
            if case .array(let items) = value.value, items.first?.string == nil {
                throw StyleValueError(reason: "a constant array must be written [\"literal\", [...]]", range: value.range)
            }
            values.append(try compileNode(value))
        }
        return .assertArray(item: item, length: length, values)
    }

    static func stops(_ args: [JSONNode], from start: Int, _ node: JSONNode) throws(StyleValueError) -> [(Double, StyleExpression)] {
        var result: [(Double, StyleExpression)] = []
        for index in stride(from: start, to: args.count, by: 2) {
            guard case .number(let stop, let written) = args[index].value else {
                throw StyleValueError(reason: "stop inputs must be numbers", range: args[index].range)
            }
            guard stop.isFinite else {
                throw StyleValueError(reason: "stop inputs must be finite numbers (\(written) is past the largest)",
                                      range: args[index].range)
            }
            if let previous = result.last?.0, stop <= previous {
                throw StyleValueError(reason: "stop inputs must be in ascending order", range: args[index].range)
            }
            result.append((stop, try compileNode(args[index + 1])))
        }
        return result
    }

    static func curve(_ node: JSONNode) throws(StyleValueError) -> Curve {
        guard let items = node.elements, let name = items.first?.string else {
            throw StyleValueError(reason: "an interpolation type is [\"linear\"], [\"exponential\", base] or [\"cubic-bezier\", …]", range: node.range)
        }
        let numbers = items.dropFirst().compactMap { item -> Double? in
            if case .number(let value, _) = item.value { return value }
            return nil
        }
        // As MapLibre reads them: numbers past those a type takes are passed over.
        switch (name, numbers.count) {
        case ("linear", _): return .linear
        case ("exponential", 1...): return .exponential(numbers[0])
        case ("cubic-bezier", 4...):
            guard numbers.count == 4 else { throw StyleValueError(reason: "a cubic Bézier takes four control numbers, not \(numbers.count)", range: node.range) }
            guard numbers.prefix(4).allSatisfy({ (0...1).contains($0) }) else {
                throw StyleValueError(reason: "a cubic Bézier takes four control numbers from 0 to 1", range: node.range)
            }
            return .cubicBezier(numbers[0], numbers[1], numbers[2], numbers[3])
        default: throw StyleValueError(reason: "unknown interpolation type \"\(name)\"", range: node.range)
        }
    }
}
