/// Property functions in the form before expressions (`{"stops": …,
/// "base": …, "type": …, "property": …}`), compiled to expressions.
///
///     let width = try LegacyFunction.compile(node, interpolatable: true)
///
/// As the spec defines them: without a `type`, exponential for a property
/// that interpolates and interval otherwise; a feature whose property is
/// missing or of the wrong type (not a number, for exponential and
/// interval functions; not the property's type, for identity ones) takes
/// the `default`, or else the property's own; `{tokens}` in the outputs of
/// `text-field` and `icon-image` are filled from the feature.
enum LegacyFunction {
    /// `expects` is the property's type as `typeof` names it ("number",
    /// "string", "boolean", "color", "array"), nil when it is not known;
    /// `tokens` says whether string outputs name `{properties}`.
    static func compile(_ node: JSONNode, interpolatable: Bool, expects: String? = nil,
                        tokens: Bool = false) throws(StyleValueError) -> StyleExpression {
        let property = node["property"]?.string
        let base: Double
        if case .number(let value, _)? = node["base"]?.value { base = value } else { base = 1 }
        var type = node["type"]?.string ?? (interpolatable ? "exponential" : "interval")
        // Stops of text without a type: the spec would refuse them as interval stops; they are read as categories.
        if node["type"] == nil, !interpolatable, property != nil, let first = node["stops"]?.elements?.first?.elements?.first,
           first.number == nil, first["zoom"] == nil {
            type = "categorical"
        }
        // Without a default, a feature the stops do not fit is an error: the property then takes its own default.
        let fallback: StyleExpression = try node["default"].map { (item) throws(StyleValueError) in .literal(try StyleExpression.literal(item)) }
            ?? .call(.error, [.literal(.string("the function has no output for this feature"))])
        if type == "identity" {
            guard let property else { throw StyleValueError(reason: "an identity function needs a \"property\"", range: node.range) }
            // The property's value if it is of the type, else the default (without one, an error: the property's own default).
            let tried: [StyleExpression] = node["default"] == nil ? [.get(property)] : [.get(property), fallback]
            switch expects {
            case "number"?, "string"?, "boolean"?, "array"?: return .assertType(expects ?? "", tried)
            case "color"?: return .toColor(tried)
            default: return .coalesce([.get(property), fallback])
            }
        }
        guard let stops = node["stops"]?.elements, !stops.isEmpty else {
            throw StyleValueError(reason: "a function needs \"stops\"", range: node.range)
        }
        var pairs: [(input: JSONNode, output: JSONNode)] = []
        for stop in stops {
            guard let pair = stop.elements, pair.count == 2 else {
                throw StyleValueError(reason: "each stop is [input, output]", range: stop.range)
            }
            pairs.append((pair[0], pair[1]))
        }
        // Zoom-and-property functions: stops keyed by {zoom, value}.
        if case .object = pairs[0].input.value {
            guard let property else { throw StyleValueError(reason: "stops with {zoom, value} need a \"property\"", range: node.range) }
            var zooms: [(Double, [(JSONNode, JSONNode)])] = []
            for (input, output) in pairs {
                guard case .number(let zoom, _)? = input["zoom"]?.value, let value = input["value"] else {
                    throw StyleValueError(reason: "a stop input is {\"zoom\": z, \"value\": v}", range: input.range)
                }
                if zooms.last?.0 == zoom { zooms[zooms.count - 1].1.append((value, output)) } else { zooms.append((zoom, [(value, output)])) }
            }
            var zoomStops: [(Double, StyleExpression)] = []
            for (zoom, inner) in zooms {
                zoomStops.append((zoom, try function(type: type, input: .get(property), stops: inner, base: base, fallback: fallback,
                                                     tokens: tokens, space: space(node))))
            }
            return interpolatable ? .interpolate(curve(base), .zoom, stops: zoomStops, space: space(node))
                : .step(.zoom, base: zoomStops[0].1, stops: zoomStops)
        }
        let input: StyleExpression = property.map { .get($0) } ?? .zoom
        return try function(type: type, input: input, stops: pairs, base: base, fallback: fallback, tokens: tokens,
                            space: space(node))
    }

    /// The `colorSpace` colours are mixed in: rgb unless it names hcl or lab.
    private static func space(_ node: JSONNode) -> StyleColor.Space {
        node["colorSpace"]?.string.flatMap(StyleColor.Space.init(rawValue:)) ?? .rgb
    }

    /// A stop's output: a constant, or text naming `{properties}` when `tokens`.
    private static func output(_ node: JSONNode, tokens: Bool) throws(StyleValueError) -> StyleExpression {
        let value = try StyleExpression.literal(node)
        if tokens, case .string(let text) = value, text.contains("{") { return StyleParser.tokens(text).0 }
        return .literal(value)
    }

    private static func curve(_ base: Double) -> StyleExpression.Curve { base == 1 ? .linear : .exponential(base) }

    private static func function(type: String, input: StyleExpression, stops: [(JSONNode, JSONNode)], base: Double,
                                 fallback: StyleExpression, tokens: Bool, space: StyleColor.Space) throws(StyleValueError) -> StyleExpression {
        switch type {
        case "categorical":
            var branches: [([StyleValue], StyleExpression)] = []
            for (label, output) in stops {
                branches.append(([try StyleExpression.literal(label)], try LegacyFunction.output(output, tokens: tokens)))
            }
            return .match(input, branches, otherwise: fallback)
        case "exponential", "interval":
            var numeric: [(Double, StyleExpression)] = []
            for (label, output) in stops {
                guard case .number(let value, _) = label.value else {
                    throw StyleValueError(reason: "\(type) stops need number inputs", range: label.range)
                }
                if let previous = numeric.last?.0, value < previous {
                    throw StyleValueError(reason: "stop inputs must be in ascending order", range: label.range)
                }
                // Of stops at the same input, the first counts (as MapLibre converts them).
                if numeric.last?.0 == value { continue }
                numeric.append((value, try LegacyFunction.output(output, tokens: tokens)))
            }
            let typed: StyleExpression = type == "interval"
                ? .step(input, base: numeric[0].1, stops: numeric)
                : .interpolate(curve(base), input, stops: numeric, space: space)
            // A feature without the property, or with one that is not a number, takes the default.
            if case .get = input {
                return .choose([(.compare(.equal, .call(.typeOf, [input]), .literal(.string("number"))), typed)], otherwise: fallback)
            }
            return typed
        default:
            throw StyleValueError(reason: "unknown function type \"\(type)\"", range: stops.first?.0.range ?? 0..<0)
        }
    }
}
