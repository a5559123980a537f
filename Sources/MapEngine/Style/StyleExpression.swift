import Foundation

/// A compiled style expression (or legacy filter or function, which compile
/// to the same form): evaluated per feature and zoom, it never fails; a
/// value of the wrong type comes out as `null`, and the property then
/// takes its default, as in MapLibre.
///
///     let filter = try StyleExpression.parse(node)        // ["==", ["get", "class"], "park"]
///     filter.evaluate(StyleContext(zoom: 12, feature: f)).isTruthy
package indirect enum StyleExpression: Sendable {
    /// The comparison operators.
    package enum Comparison: String, Sendable {
        /// Equal.
        case equal = "=="
        /// Not equal.
        case notEqual = "!="
        /// Less than.
        case less = "<"
        /// Less than or equal.
        case lessOrEqual = "<="
        /// Greater than.
        case greater = ">"
        /// Greater than or equal.
        case greaterOrEqual = ">="
    }
    /// The arithmetic operators, and `min` and `max`.
    package enum Arithmetic: String, Sendable {
        /// The sum.
        case plus = "+"
        /// The difference (or the negation of one argument).
        case minus = "-"
        /// The product.
        case times = "*"
        /// The quotient.
        case divide = "/"
        /// The remainder of a division.
        case remainder = "%"
        /// The first to the power of the second.
        case power = "^"
        /// The smallest argument.
        case min
        /// The largest argument.
        case max
    }
    /// How `interpolate` moves between stops.
    package enum Curve: Sendable {
        /// In proportion.
        case linear
        /// Faster towards the upper stop, by this base.
        case exponential(Double)
        /// Along a cubic Bézier easing with these control points.
        case cubicBezier(Double, Double, Double, Double)
    }

    /// A constant.
    case literal(StyleValue)
    /// A property of the feature (`get`).
    case get(String)
    /// Whether the feature has the property (`has`).
    case has(String)
    /// The map's zoom (`zoom`).
    case zoom
    /// A value the drawing itself supplies: how dense a heatmap is at a
    /// pixel (`heatmap-density`, for `heatmap-color`), how far along its
    /// line a point is (`line-progress`, for `line-gradient`), or the ground's height (`elevation`).
    case drawingInput(DrawingInput)
    /// The value a cluster's property has gathered so far (`accumulated`),
    /// in a GeoJSON source's `clusterProperties` reduce; null elsewhere.
    case accumulated
    /// The feature's geometry type: "Point", "LineString" or "Polygon" (`geometry-type`).
    case geometryType
    /// The feature's id (`id`).
    case id
    /// Logical not (`!`).
    case not(StyleExpression)
    /// A comparison of two values.
    case compare(Comparison, StyleExpression, StyleExpression)
    /// A comparison of two strings by a collator (the third argument of a comparison).
    case collate(Comparison, StyleExpression, StyleExpression, collator: StyleExpression)
    /// A collator from its options, each an expression (`collator`): case-sensitive, diacritic-sensitive, locale.
    case collator(caseSensitive: StyleExpression, diacriticSensitive: StyleExpression, locale: StyleExpression)
    /// Text in sections, each a content and the options it sets (`format`).
    case format([(content: StyleExpression, options: [String: StyleExpression])])
    /// An image of the sprite by name (`image`).
    case imageNamed(StyleExpression)
    /// A number as text (`number-format`), with its options by name.
    case numberFormat(StyleExpression, options: [String: StyleExpression])
    /// A value of the feature's state (`feature-state`), by name.
    case featureState(StyleExpression)
    /// An array of the items' values (`semiliteral` of an array).
    case makeArray([StyleExpression])
    /// The feature's properties, as an object (`properties`).
    case properties
    /// A value of the style's global state (`global-state`).
    case globalState(String)
    /// True when every one is (`all`).
    case all([StyleExpression])
    /// True when any one is (`any`).
    case any([StyleExpression])
    /// The output of the first true condition, else `otherwise` (`case`).
    case choose([(StyleExpression, StyleExpression)], otherwise: StyleExpression)
    /// The output whose labels hold the input's value, else `otherwise` (`match`).
    case match(StyleExpression, [([StyleValue], StyleExpression)], otherwise: StyleExpression)
    /// The first value that is not null (`coalesce`).
    case coalesce([StyleExpression])
    /// The output of the last stop at or below the input (`step`).
    case step(StyleExpression, base: StyleExpression, stops: [(Double, StyleExpression)])
    /// A value between the stops around the input (`interpolate`, and
    /// `interpolate-hcl` and `-lab` for colours mixed in those spaces): numbers and colours.
    case interpolate(Curve, StyleExpression, stops: [(Double, StyleExpression)], space: StyleColor.Space = .rgb)
    /// The value as text (`to-string`).
    case toString(StyleExpression)
    /// The first value that reads as a number (`to-number`).
    case toNumber([StyleExpression])
    /// The value's truth (`to-boolean`).
    case toBoolean(StyleExpression)
    /// The first value that reads as a colour (`to-color`).
    case toColor([StyleExpression])
    /// `string`, `number`, `boolean`, `object`: the first argument of the type.
    case assertType(String, [StyleExpression])
    /// `array`: the first argument that is an array, of items of `item`'s type and `length` when given.
    case assertArray(item: String?, length: Int?, [StyleExpression])
    /// The values as text, joined (`concat`).
    case concat([StyleExpression])
    /// Text in capitals (`upcase`).
    case upcase(StyleExpression)
    /// Text in small letters (`downcase`).
    case downcase(StyleExpression)
    /// Arithmetic on numbers.
    case arithmetic(Arithmetic, [StyleExpression])
    /// Whether the first (text or array) contains the second (`in`).
    case contains(StyleExpression, StyleExpression)
    /// The length of text or an array (`length`).
    case length(StyleExpression)
    /// Names values for the body (`let`).
    case bind([(String, StyleExpression)], StyleExpression)
    /// A value named by `let` (`var`).
    case variable(String)
    /// A legacy `in` (or `!in` when `negated` is false): the key's value is one of `values`.
    case oneOf(StyleExpression, [StyleValue])
    /// Whether the feature lies inside the polygons (`within`).
    case within(WithinRegion)
    /// The feature's distance in metres from a geometry (`distance`).
    case distance(DistanceTarget)
    /// One of the operators that take values and give one (maths, colour channels, parts of text and arrays).
    case call(StyleFunction, [StyleExpression])

    /// The value for this zoom and feature; `null` where a type does not fit,
    /// or where making it would pass the text an evaluation may make
    /// (`EvaluationBudget`).
    package func evaluate(_ context: StyleContext) -> StyleValue {
        result(context) ?? .null
    }

    /// The value for this zoom and feature, or nil where evaluating met an
    /// error (a value of a type the spec asserts it is not): the difference
    /// between no value and a wrong one, which `evaluate(_:)` both give as null.
    package func result(_ context: StyleContext) -> StyleValue? {
        var budget = EvaluationBudget()
        let value = evaluate(context, &budget)
        return budget.failed ? nil : value
    }

    func evaluate(_ context: StyleContext, _ budget: inout EvaluationBudget) -> StyleValue {
        switch self {
        case .literal(let value): return value
        case .get(let key): return context.subject?.styleValue(key) ?? .null
        case .has(let key): return .bool(context.subject?.styleValue(key) != nil)
        case .zoom: return .number(context.zoom)
        case .drawingInput(let input): return .number(context.drawingInputs[input] ?? 0)
        case .globalState(let name): return context.globalState[name] ?? .null
        case .makeArray(let items): return .array(items.map { $0.evaluate(context, &budget) })
        case .numberFormat(let number, let options):
            let value = number.evaluate(context, &budget)
            guard case .number = value else { return budget.fail() }
            return StyleExpression.formatNumber(value, options.mapValues { $0.evaluate(context, &budget) })
        case .featureState(let name):
            guard case .string(let key) = name.evaluate(context, &budget) else { return budget.fail() }
            return context.featureState[key] ?? .null
        case .properties: return .object(context.subject?.styleProperties ?? [:])
        case .format(let parts): return StyleExpression.formatted(parts, context, &budget)
        case .imageNamed(let name): return StyleExpression.image(named: name.evaluate(context, &budget), context)
        case .geometryType: return .string(context.subject?.type.styleName ?? "Unknown")
        case .accumulated: return context.accumulated ?? .null
        case .id: return context.subject?.styleID ?? .null
        case .not(let inner): return .bool(!inner.evaluate(context, &budget).isTruthy)
        case .compare(let comparison, let left, let right):
            let (a, b) = (left.evaluate(context, &budget), right.evaluate(context, &budget))
            // Only numbers with numbers and strings with strings have an order.
            if ![.equal, .notEqual].contains(comparison) {
                switch (a, b) {
                case (.number, .number), (.string, .string): break
                default: return budget.fail()
                }
            }
            return .bool(StyleExpression.compare(comparison, a, b))
        case .collate(let comparison, let left, let right, let collator):
            let (a, b) = (left.evaluate(context, &budget), right.evaluate(context, &budget))
            guard case .collator(let rule) = collator.evaluate(context, &budget) else { return budget.fail() }
            guard case .string(let x) = a, case .string(let y) = b else {
                // Equality of other values needs no collator; an order does.
                return [.equal, .notEqual].contains(comparison) ? .bool(StyleExpression.compare(comparison, a, b)) : budget.fail()
            }
            return .bool(StyleExpression.holds(comparison, order: rule.compare(x, y)))
        case .collator(let caseSensitive, let diacriticSensitive, let locale):
            return .collator(StyleCollator(caseSensitive: caseSensitive.evaluate(context, &budget).asBool ?? false,
                                           diacriticSensitive: diacriticSensitive.evaluate(context, &budget).asBool ?? false,
                                           locale: locale.evaluate(context, &budget).asString))
        case .all(let items): return .bool(items.allSatisfy { $0.evaluate(context, &budget).isTruthy })
        case .any(let items): return .bool(items.contains { $0.evaluate(context, &budget).isTruthy })
        case .choose(let branches, let otherwise):
            for (condition, output) in branches {
                // A condition is a boolean, as the spec asserts.
                guard case .bool(let holds) = condition.evaluate(context, &budget) else { return budget.fail() }
                if holds { return output.evaluate(context, &budget) }
            }
            return otherwise.evaluate(context, &budget)
        case .match(let input, let branches, let otherwise):
            let value = input.evaluate(context, &budget)
            for (labels, output) in branches where labels.contains(value) { return output.evaluate(context, &budget) }
            return otherwise.evaluate(context, &budget)
        case .coalesce(let items):
            // An image the sprite does not hold counts as null; when none is held, the first asked for is named.
            var asked: String?
            for item in items {
                let value = item.evaluate(context, &budget)
                if case .image(let image) = value, !image.available {
                    asked = asked ?? image.name
                    continue
                }
                if value != .null { return value }
            }
            return asked.map { .string($0) } ?? .null
        case .step(let input, let base, let stops):
            guard let x = input.evaluate(context, &budget).asNumber else { return budget.fail() }
            var chosen = base
            for (stop, output) in stops where x >= stop { chosen = output }
            return chosen.evaluate(context, &budget)
        case .interpolate(let curve, let input, let stops, let space):
            guard let x = input.evaluate(context, &budget).asNumber else { return budget.fail() }
            return StyleExpression.interpolate(curve, x, stops, space, context, &budget)
        case .toString(let inner): return budget.text(inner.evaluate(context, &budget).description)
        case .toNumber(let items):
            for item in items {
                switch item.evaluate(context, &budget) {
                case .number(let number): return .number(number)
                case .string(let text):
                    if let number = Double(text.trimmingCharacters(in: .whitespaces)) { return .number(number) }
                case .bool(let flag): return .number(flag ? 1 : 0)
                case .null: return .number(0)
                default: continue
                }
            }
            return .null
        case .toBoolean(let inner): return .bool(inner.evaluate(context, &budget).isTruthy)
        case .toColor(let items):
            for item in items { if let color = StyleColor(coercing: item.evaluate(context, &budget)) { return .color(color) } }
            return budget.fail()
        case .assertType(let type, let items):
            for item in items {
                let value = item.evaluate(context, &budget)
                switch (type, value) {
                case ("string", .string), ("number", .number), ("boolean", .bool), ("array", .array), ("object", .object): return value
                default: continue
                }
            }
            return budget.fail()
        case .assertArray(let item, let length, let items):
            for candidate in items {
                guard case .array(let values) = candidate.evaluate(context, &budget) else { continue }
                if let length, values.count != length { continue }
                if let item, !values.allSatisfy({ StyleFunction.typeName($0) == item }) { continue }
                return .array(values)
            }
            return budget.fail()
        case .concat(let items):
            var text = ""
            for item in items {
                text += item.evaluate(context, &budget).description
                // Whatever follows would be cut anyway.
                if text.utf8.count >= EvaluationBudget.longestText { break }
            }
            return budget.text(text)
        case .upcase(let inner): return budget.text(inner.evaluate(context, &budget).description.uppercased())
        case .downcase(let inner): return budget.text(inner.evaluate(context, &budget).description.lowercased())
        case .arithmetic(let op, let items):
            let numbers = items.compactMap { $0.evaluate(context, &budget).asNumber }
            guard numbers.count == items.count else { return budget.fail() }
            return .number(StyleExpression.arithmetic(op, numbers))
        case .contains(let needle, let haystack):
            // A needle is a boolean, string, number or null; a haystack an array or string (empty text holds nothing).
            let value = needle.evaluate(context, &budget)
            switch value {
            case .bool, .string, .number, .null: break
            default: return budget.fail()
            }
            switch haystack.evaluate(context, &budget) {
            case .array(let items): return .bool(items.contains(value))
            case .string(let text):
                // A number or boolean is looked for as its text; null is in no text, and empty text holds nothing.
                switch value {
                case .string, .number, .bool:
                    let needle = value.description
                    return .bool(!text.isEmpty && (needle.isEmpty || text.contains(needle)))
                default: return .bool(false)
                }
            // Nothing to look in holds nothing.
            case .null: return .bool(false)
            default: return budget.fail()
            }
        case .length(let inner):
            switch inner.evaluate(context, &budget) {
            case .array(let items): return .number(Double(items.count))
            case .string(let text): return .number(Double(text.count))
            default: return .null
            }
        case .bind(let bindings, let body):
            var inner = context
            for (name, value) in bindings { inner.bindings.append((name, value.evaluate(context, &budget))) }
            return body.evaluate(inner, &budget)
        case .variable(let name):
            return context.bindings.last { $0.0 == name }?.1 ?? .null
        case .oneOf(let input, let values):
            return .bool(values.contains(input.evaluate(context, &budget)))
        case .within(let region): return .bool(region.contains(context))
        case .distance(let target): return .number(target.distance(context))
        case .call(.error, _): return budget.fail()
        case .call(let function, let items):
            let value = function.apply(items.map { $0.evaluate(context, &budget) })
            if case .string(let text) = value { return budget.text(text) }
            return value
        }
    }
}

extension StyleExpression {
    /// A number only the drawing knows, read by expressions of the properties
    /// that are evaluated per pixel or per point of a line rather than per feature.
    package enum DrawingInput: Sendable, Hashable {
        /// How dense a heatmap's points are at a pixel, 0 to 1 (`heatmap-density`).
        case heatmapDensity
        /// How far along its whole line a point is, 0 to 1 (`line-progress`).
        case lineProgress
        /// The ground's height at a pixel in metres (`elevation`, for relief colours); 0 where no DEM gives it.
        case elevation
    }
}
