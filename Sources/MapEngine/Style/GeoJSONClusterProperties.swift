/// A GeoJSON source's `clusterProperties`: values each cluster gathers
/// from its points, as `"name": [reduce, map]`: `map` (an expression)
/// is evaluated on every point, and `reduce` folds the results into the
/// cluster's property: an operator (`+`, `*`, `max`, `min`, `all`, `any`
/// or `concat`), or an expression of `["accumulated"]` (what is gathered
/// so far) and `["get", name]` (the next value), such as
/// `["max", ["accumulated"], ["get", "speed"]]`.
package struct GeoJSONClusterProperty: Sendable {
    /// The property the cluster gets.
    let name: String
    /// How two values fold into one: by an operator, or by an expression.
    let fold: Fold
    /// What each point gives.
    let map: StyleExpression

    /// How a cluster property folds two values into one.
    enum Fold: Sendable {
        /// One of `folds`.
        case named(String)
        /// An expression of `accumulated` and the property's next value.
        case reduce(StyleExpression)
    }

    static let folds: Set<String> = ["+", "*", "max", "min", "all", "any", "concat"]

    /// The properties of `clusterProperties` written as JSON text; a
    /// reduce written as an expression (with `accumulated`) is refused, as is anything else malformed.
    static func read(_ bytes: [UInt8]) throws(StyleValueError) -> [GeoJSONClusterProperty] {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            throw StyleValueError(reason: "\"clusterProperties\" is not JSON", range: 0..<bytes.count)
        }
        guard case .object(let members) = root.value else {
            throw StyleValueError(reason: "\"clusterProperties\" is an object of named [operator, expression] pairs", range: root.range)
        }
        var result: [GeoJSONClusterProperty] = []
        for (name, value) in members {
            guard let pair = value.elements, pair.count == 2 else {
                throw StyleValueError(reason: "cluster property \"\(name)\" is [operator, expression]", range: value.range)
            }
            let fold: Fold
            if let named = pair[0].string {
                guard folds.contains(named) else {
                    throw StyleValueError(reason: "cluster property \"\(name)\" folds with +, *, max, min, all, any or concat, "
                                          + "or an expression of [\"accumulated\"] and [\"get\", \"\(name)\"]", range: pair[0].range)
                }
                fold = .named(named)
            } else {
                fold = .reduce(try StyleExpression.parse(pair[0]))
            }
            result.append(GeoJSONClusterProperty(name: name, fold: fold, map: try StyleExpression.parse(pair[1])))
        }
        return result
    }

    /// The properties of text the style parser has checked (`read`); none if it is not.
    package static func parsed(_ bytes: [UInt8]) -> [GeoJSONClusterProperty] {
        (try? read(bytes)) ?? []
    }

    /// The property's value over the points with these properties; nil when none gives a value of the fold's type.
    func value(over points: [[String: FeatureValue]]) -> FeatureValue? {
        var folded: StyleValue?
        for properties in points {
            let context = StyleContext(zoom: 0, subject: ValuedFeature(properties: properties.mapValues { StyleValue($0) }, type: .point))
            let value = map.evaluate(context)
            guard let current = folded else { folded = value; continue }
            switch fold {
            case .named(let named): folded = GeoJSONClusterProperty.fold(named, current, value)
            case .reduce(let reduce):
                // What is gathered so far is `accumulated`; the next value is the property of its name.
                var step = StyleContext(zoom: 0, subject: ValuedFeature(properties: [name: value], type: .point))
                step.accumulated = current
                folded = reduce.evaluate(step)
            }
        }
        switch folded {
        case .number(let number)? where number.isFinite: return .number(number)
        case .bool(let flag)?: return .bool(flag)
        case .string(let text)?: return .string(text)
        default: return nil
        }
    }

    /// Two values folded by an operator; null when they are not of its type.
    static func fold(_ fold: String, _ a: StyleValue, _ b: StyleValue) -> StyleValue {
        switch (fold, a, b) {
        case ("+", .number(let x), .number(let y)): return .number(x + y)
        case ("*", .number(let x), .number(let y)): return .number(x * y)
        case ("max", .number(let x), .number(let y)): return .number(max(x, y))
        case ("min", .number(let x), .number(let y)): return .number(min(x, y))
        case ("all", .bool(let x), .bool(let y)): return .bool(x && y)
        case ("any", .bool(let x), .bool(let y)): return .bool(x || y)
        case ("concat", _, _): return .string(EvaluationBudget.cut(a.description + b.description, toBytes: EvaluationBudget.longestText))
        default: return .null
        }
    }
}
