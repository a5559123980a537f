/// Why a style value could not be understood; the style parser adds the
/// file, layer and property.
struct StyleValueError: Error {
    let reason: String
    /// Where in the file, as a byte range.
    let range: Range<Int>
}

extension StyleExpression {
    /// Compiles a JSON value: an expression (an array whose first item is an
    /// operator) or a constant. Constant sub-expressions are folded. An
    /// expression of more than `mostParts` parts, or one naming a variable no
    /// `let` around it binds, is refused.
    static func parse(_ node: JSONNode) throws(StyleValueError) -> StyleExpression {
        var parts = 0
        try checkParts(node, scope: [], parts: &parts)
        return try compileNode(node)
    }

    /// Far more parts than any published style's largest expression (a few
    /// thousand), few enough that evaluating one per feature stays quick.
    static let mostParts = 50_000

    /// Counts the JSON values of an expression and checks that every `var`
    /// names a variable bound by a `let` around it (a binding's own value
    /// sees only the variables outside its `let`, as in MapLibre).
    private static func checkParts(_ node: JSONNode, scope: [String], parts: inout Int) throws(StyleValueError) {
        parts += 1
        guard parts <= mostParts else {
            throw StyleValueError(reason: "the expression has more than \(mostParts) parts", range: node.range)
        }
        switch node.value {
        case .object(let members):
            for (_, member) in members { try checkParts(member, scope: scope, parts: &parts) }
        case .array(let items):
            switch items.first?.string {
            case "literal": return
            case "var":
                guard let name = items.dropFirst().first?.string else { return }
                guard scope.contains(name) else {
                    throw StyleValueError(reason: "\"var\" names \"\(name)\", which no \"let\" around it binds", range: node.range)
                }
            case "let" where items.count >= 4 && items.count % 2 == 0:
                var inner = scope
                for index in stride(from: 1, to: items.count - 1, by: 2) {
                    try checkParts(items[index + 1], scope: scope, parts: &parts)
                    if let name = items[index].string { inner.append(name) }
                }
                try checkParts(items[items.count - 1], scope: inner, parts: &parts)
            default:
                for item in items { try checkParts(item, scope: scope, parts: &parts) }
            }
        default: return
        }
    }

    static func compileNode(_ node: JSONNode) throws(StyleValueError) -> StyleExpression {
        guard case .array(let items) = node.value else { return .literal(try literal(node)) }
        // An array where a value goes is an expression: a constant one is written ["literal", [...]].
        guard let op = items.first?.string else {
            throw StyleValueError(reason: items.isEmpty ? "an expression is an operator and its arguments, not []"
                                  : "an expression begins with its operator's name; a constant array is written [\"literal\", [...]]",
                                  range: node.range)
        }
        let args = Array(items.dropFirst())
        let expression = try compile(op, args, node)
        // A constant part is worked out once; one that can only meet an error is refused, as the spec refuses it.
        if expression.foldable, !args.isEmpty || StyleFunction(rawValue: op) != nil {
            guard let value = expression.result(StyleContext(zoom: 0)) else {
                throw StyleValueError(reason: "this part is constant, and working it out meets an error (a value of the wrong type)", range: node.range)
            }
            return .literal(value)
        }
        return expression
    }

    /// Whether a JSON array is an expression rather than a constant array.
    static func isExpression(_ node: JSONNode) -> Bool {
        guard case .array(let items) = node.value, let op = items.first?.string else { return false }
        return operators.contains(op)
    }

    static let operators = Set<String>([
        "literal", "get", "has", "zoom", "accumulated", "heatmap-density", "line-progress", "elevation", "geometry-type", "id", "!", "==", "!=", "<", "<=", ">", ">=", "all", "any",
        "case", "match", "coalesce", "step", "interpolate", "interpolate-hcl", "interpolate-lab", "to-string", "to-number", "to-boolean", "to-color",
        "string", "number", "boolean", "array", "concat", "upcase", "downcase", "format", "object", "+", "-", "*", "/", "%",
        "^", "min", "max", "in", "length", "let", "var", "feature-state", "none", "within", "distance", "collator", "global-state", "image", "semiliteral", "properties", "number-format",
    ]).union(StyleFunction.allCases.map(\.rawValue))

    private static func compile(_ op: String, _ args: [JSONNode], _ node: JSONNode) throws(StyleValueError) -> StyleExpression {
        func fail(_ reason: String) -> StyleValueError { StyleValueError(reason: reason, range: node.range) }
        func arg(_ index: Int) throws(StyleValueError) -> StyleExpression {
            guard index < args.count else { throw fail("\"\(op)\" needs \(index + 1) argument\(index == 0 ? "" : "s")") }
            return try compileNode(args[index])
        }
        func all() throws(StyleValueError) -> [StyleExpression] {
            var result: [StyleExpression] = []
            for item in args { result.append(try compileNode(item)) }
            return result
        }
        func key() throws(StyleValueError) -> String {
            guard let name = args.first?.string else { throw fail("\"\(op)\" needs a property name") }
            guard args.count == 1 else { throw fail("\"\(op)\" with an object argument is not supported") }
            return name
        }
        // Operators of one argument, and `in` of two, take no more and no fewer.
        if ["!", "to-string", "to-boolean", "upcase", "downcase", "length"].contains(op) || op == "in",
           args.count != (op == "in" ? 2 : 1) {
            throw fail("\"\(op)\" takes \(op == "in" ? "two arguments" : "one argument"), not \(args.count)")
        }
        switch op {
        case "literal":
            guard args.count == 1 else { throw fail("\"literal\" takes one value") }
            // Only here may an object be a value.
            return .literal(StyleValue(json: args[0]))
        // With an object as the second argument, its key's value (and whether it has the key).
        case "get" where args.count == 2: return .call(.getFrom, try all())
        case "has" where args.count == 2: return .call(.hasIn, try all())
        case "get": return .get(try key())
        case "has": return .has(try key())
        case "zoom": return .zoom
        case "heatmap-density", "line-progress", "elevation":
            guard args.isEmpty else { throw fail("\"\(op)\" takes no arguments") }
            return .drawingInput(["line-progress": .lineProgress, "elevation": .elevation][op] ?? .heatmapDensity)
        case "geometry-type": return .geometryType
        case "accumulated":
            guard args.isEmpty else { throw fail("\"accumulated\" takes no arguments") }
            return .accumulated
        case "id": return .id
        case "!": return .not(try arg(0))
        case "==", "!=", "<", "<=", ">", ">=":
            guard args.count == 2 || args.count == 3, let comparison = Comparison(rawValue: op) else {
                throw fail("\"\(op)\" compares two values")
            }
            let (left, right) = (try arg(0), try arg(1))
            // As the spec checks them: orders only of numbers and strings, equality not of colours or arrays, no two types.
            let ordered = !["==", "!="].contains(op)
            for (index, side) in [left, right].enumerated() {
                guard let type = StyleExpression.surelyTyped(side) else { continue }
                if (ordered && !["number", "string"].contains(type)) || ["color", "array", "object"].contains(type) {
                    throw StyleValueError(reason: "\"\(op)\" does not compare \(type == "array" ? "arrays" : type + "s")", range: args[index].range)
                }
            }
            if let a = StyleExpression.surelyTyped(left), let b = StyleExpression.surelyTyped(right), a != b, a != "null", b != "null" {
                throw fail("\"\(op)\" cannot compare a \(a) with a \(b)")
            }
            guard args.count == 3 else { return .compare(comparison, left, right) }
            // A collator compares text, and only text.
            for side in [left, right] {
                if let type = StyleExpression.surelyTyped(side), type != "string" {
                    throw fail("\"\(op)\" with a collator compares strings, not \(type)s")
                }
            }
            return .collate(comparison, left, right, collator: try arg(2))
        case "properties":
            guard args.isEmpty else { throw fail("\"properties\" takes no arguments") }
            return .properties
        case "semiliteral":
            // An array whose items may be expressions; anything else, a constant.
            guard args.count == 1 else { throw fail("\"semiliteral\" takes one value, not \(args.count)") }
            guard case .array(let items) = args[0].value else { return .literal(StyleValue(json: args[0])) }
            var values: [StyleExpression] = []
            for item in items { values.append(try compileNode(item)) }
            return .makeArray(values)
        case "global-state":
            guard args.count == 1 else { throw fail("\"global-state\" takes one name, not \(args.count) arguments") }
            guard let name = args[0].string else { throw StyleValueError(reason: "\"global-state\" takes a name written as a string", range: args[0].range) }
            return .globalState(name)
        case "collator":
            guard args.count == 1, case .object(let members) = args[0].value else {
                throw StyleValueError(reason: "\"collator\" takes one object of options", range: (args.first ?? node).range)
            }
            var options: [String: StyleExpression] = [:]
            for (key, value) in members where ["case-sensitive", "diacritic-sensitive", "locale"].contains(key) {
                options[key] = try compileNode(value)
            }
            return .collator(caseSensitive: options["case-sensitive"] ?? .literal(.bool(false)),
                             diacriticSensitive: options["diacritic-sensitive"] ?? .literal(.bool(false)),
                             locale: options["locale"] ?? .literal(.null))
        case "all": return .all(try all())
        case "any": return .any(try all())
        case "none": return .not(.any(try all()))
        case "case":
            guard args.count >= 3, args.count % 2 == 1 else { throw fail("\"case\" needs condition-output pairs and a fallback") }
            var branches: [(StyleExpression, StyleExpression)] = []
            for index in stride(from: 0, to: args.count - 1, by: 2) { branches.append((try arg(index), try arg(index + 1))) }
            return .choose(branches, otherwise: try arg(args.count - 1))
        case "match":
            guard args.count >= 4, args.count % 2 == 0 else { throw fail("\"match\" needs an input, label-output pairs and a fallback") }
            var branches: [([StyleValue], StyleExpression)] = []
            var labelType: String?, seen: Set<String> = []
            for index in stride(from: 1, to: args.count - 1, by: 2) {
                let labels: [StyleValue]
                if case .array(let items) = args[index].value {
                    guard !items.isEmpty else { throw StyleValueError(reason: "a branch of \"match\" needs a label", range: args[index].range) }
                    labels = try items.map { (item) throws(StyleValueError) in try literal(item) }
                } else {
                    labels = [try literal(args[index])]
                }
                // Labels are whole numbers or strings, all of one type, each once (as the spec checks them).
                for label in labels {
                    let type: String
                    switch label {
                    case .number(let number):
                        guard number == number.rounded() else {
                            throw StyleValueError(reason: "the labels of \"match\" are whole numbers or strings", range: args[index].range)
                        }
                        guard abs(number) <= 9_007_199_254_740_991 else {
                            throw StyleValueError(reason: "the labels of \"match\" are no larger than 9007199254740991", range: args[index].range)
                        }
                        type = "number"
                    case .string: type = "string"
                    default: throw StyleValueError(reason: "the labels of \"match\" are numbers or strings", range: args[index].range)
                    }
                    if let labelType, labelType != type {
                        throw StyleValueError(reason: "the labels of \"match\" are all \(labelType)s, but one is a \(type)", range: args[index].range)
                    }
                    labelType = type
                    guard seen.insert("\(type):\(label)").inserted else {
                        throw StyleValueError(reason: "a label of \"match\" is given twice", range: args[index].range)
                    }
                }
                branches.append((labels, try arg(index + 1)))
            }
            let input = try arg(0)
            // An input that is surely another type than the labels can never match.
            if let labelType, let inputType = StyleExpression.surelyTyped(input), inputType != labelType {
                throw StyleValueError(reason: "\"match\" compares its input, a \(inputType), with \(labelType) labels", range: args[0].range)
            }
            return .match(input, branches, otherwise: try arg(args.count - 1))
        case "coalesce": return .coalesce(try all())
        case "step":
            guard args.count >= 2, args.count % 2 == 0 else { throw fail("\"step\" needs an input, a base output and stop-output pairs") }
            return .step(try arg(0), base: try arg(1), stops: try stops(args, from: 2, node))
        case "interpolate", "interpolate-hcl", "interpolate-lab":
            guard args.count >= 4, args.count % 2 == 0 else { throw fail("\"\(op)\" needs a curve, an input and stop-output pairs") }
            let space: StyleColor.Space = op == "interpolate-hcl" ? .hcl : op == "interpolate-lab" ? .lab : .rgb
            let stops = try stops(args, from: 2, node)
            // Only numbers, colours and arrays of numbers lie between two stops.
            for (index, (_, output)) in stops.enumerated() {
                guard case .literal(let value) = output else { continue }
                let between: Bool
                switch value {
                case .number, .color: between = true
                // Colours, and the projections a map moves between (`projection`).
                case .string(let text): between = value.asColor != nil || StyleExpression.projections.contains(text)
                // Arrays of numbers, or of colours.
                case .array(let items):
                    between = items.allSatisfy { if case .number = $0 { return true } else { return false } } || items.allSatisfy { $0.asColor != nil }
                default: between = false
                }
                guard between else {
                    throw StyleValueError(reason: "\"\(op)\" has no values between \(StyleFunction.typeName(value)) outputs",
                                          range: args[3 + 2 * index].range)
                }
            }
            // Mixed in hcl or lab, every constant output must be a colour.
            if space != .rgb {
                for (index, (_, output)) in stops.enumerated() {
                    guard case .literal(let value) = output, value.asColor == nil else { continue }
                    // An array of colours mixes item by item.
                    if case .array(let items) = value, items.allSatisfy({ $0.asColor != nil }) { continue }
                    throw StyleValueError(reason: "\"\(op)\" mixes colours, but an output is \(StyleFunction.typeName(value))",
                                          range: args[3 + 2 * index].range)
                }
            }
            return .interpolate(try curve(args[0]), try arg(1), stops: stops, space: space)
        case "to-string": return .toString(try arg(0))
        case "to-number": return .toNumber(try all())
        case "to-boolean": return .toBoolean(try arg(0))
        case "to-color": return .toColor(try all())
        case "string", "number", "boolean", "object":
            return .assertType(op, try all())
        case "array":
            return try arrayAssertion(args, node)
        case "concat": return .concat(try all())
        case "format": return try format(args, node, compile: compileNode)
        case "number-format": return try numberFormat(args, node, compile: compileNode)
        case "feature-state":
            guard args.count == 1 else { throw fail("\"feature-state\" takes one name, not \(args.count) arguments") }
            return .featureState(try arg(0))
        case "image":
            guard args.count == 1 else { throw fail("\"image\" takes one name, not \(args.count) arguments") }
            let name = try arg(0)
            if let type = surelyTyped(name), type != "string" { throw fail("\"image\" takes a name, a string, not \(type == "null" ? "null" : "a " + type)") }
            return .imageNamed(name)
        case "upcase": return .upcase(try arg(0))
        case "downcase": return .downcase(try arg(0))
        case "+", "-", "*", "/", "%", "^", "min", "max":
            guard let arithmetic = Arithmetic(rawValue: op) else { throw fail("\"\(op)\" needs numbers") }
            // Sums, products and extremes take any number of numbers; the others one or two, or two.
            let counts: ClosedRange<Int> = ["+", "*", "min", "max"].contains(op) ? 0...Int.max : op == "-" ? 1...2 : 2...2
            guard counts.contains(args.count) else {
                throw fail("\"\(op)\" takes \(op == "-" ? "one or two numbers" : "two numbers"), not \(args.count)")
            }
            return .arithmetic(arithmetic, try all())
        case "in":
            let (needle, haystack) = (try arg(0), try arg(1))
            if let type = surelyTyped(needle), !["boolean", "string", "number", "null"].contains(type) {
                throw StyleValueError(reason: "\"in\" looks for a boolean, string, number or null, not \(type == "array" ? "an array" : "a " + type)", range: args[0].range)
            }
            if let type = surelyTyped(haystack), !["string", "array"].contains(type) {
                throw StyleValueError(reason: "\"in\" looks in text or an array, not \(type == "null" ? "null" : "a " + type)", range: args[1].range)
            }
            return .contains(needle, haystack)
        case "length":
            let inner = try arg(0)
            if let type = surelyTyped(inner), !["string", "array"].contains(type) {
                throw fail("\"length\" measures text or an array, not \(type == "null" ? "null" : "a " + type)")
            }
            return .length(inner)
        case "let":
            guard args.count >= 3, args.count % 2 == 1 else { throw fail("\"let\" needs name-value pairs and a body") }
            var bindings: [(String, StyleExpression)] = []
            for index in stride(from: 0, to: args.count - 1, by: 2) {
                guard let name = args[index].string else { throw fail("\"let\" names must be strings") }
                guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) }) else {
                    throw StyleValueError(reason: "a \"let\" name has only letters, digits and _, not \"\(name)\"", range: args[index].range)
                }
                bindings.append((name, try arg(index + 1)))
            }
            return .bind(bindings, try arg(args.count - 1))
        case "var":
            guard let name = args.first?.string else { throw fail("\"var\" needs a name") }
            return .variable(name)
        case "within", "distance":
            // The geometry is written out in the expression, a GeoJSON object: it cannot be computed.
            guard args.count == 1 else { throw fail("\"\(op)\" takes one GeoJSON object, not \(args.count) arguments") }
            if op == "within" {
                guard let region = try WithinRegion.read(args[0]) else {
                    throw fail("\"within\" takes a GeoJSON polygon or multipolygon, or a feature or collection holding one")
                }
                return .within(region)
            }
            guard let target = try DistanceTarget.read(args[0]) else {
                throw fail("\"distance\" takes a GeoJSON geometry, feature or feature collection")
            }
            return .distance(target)
        default:
            guard let function = StyleFunction(rawValue: op) else { throw fail("unknown expression operator \"\(op)\"") }
            try checkArguments(of: function, args)
            guard function.arity.contains(args.count) else {
                let counts = function.arity.count == 1 ? "\(function.arity.lowerBound)" : "\(function.arity.lowerBound) or \(function.arity.upperBound)"
                throw fail("\"\(op)\" takes \(counts) argument\(function.arity.upperBound == 1 ? "" : "s"), not \(args.count)")
            }
            return .call(function, try all())
        }
    }
}
