/// The spec's check of a property expression's outputs against the
/// property's type: every value it can give (the outputs of its `case`,
/// `match`, `coalesce`, `step`, `interpolate` and `let`) that surely has a
/// type must have the property's. A number where a colour goes is refused
/// when the style is read, not drawn as the default.
extension StyleExpression {
    /// `parseProperty(_:)` for a property of type `expects` ("number",
    /// "string", "boolean", "color", "array"; nil checks nothing).
    static func parseProperty(_ node: JSONNode, expects type: String?) throws(StyleValueError) -> StyleExpression {
        let expression = try parseProperty(node)
        if let type { try checkOutputs(node, expects: type) } else { try checkOutputsAgree(node) }
        return expression
    }

    /// Refuses an output of this part that surely has another type than `type`.
    private static func checkOutputs(_ node: JSONNode, expects type: String) throws(StyleValueError) {
        for output in outputs(of: node) {
            guard let found = sureType(of: output, colours: type == "color"), found != "null", !accepts(type, found) else { continue }
            throw StyleValueError(reason: "the property takes \(article(type)) \(type), but this gives \(article(found)) \(found)", range: output.range)
        }
    }

    /// Without a property's type, the outputs must agree with the first whose type is sure.
    private static func checkOutputsAgree(_ node: JSONNode) throws(StyleValueError) {
        var first: String?
        for output in outputs(of: node) {
            guard let found = sureType(of: output, colours: false), found != "null" else { continue }
            guard let expected = first else { first = found; continue }
            if expected != found {
                throw StyleValueError(reason: "the outputs give \(article(expected)) \(expected) and \(article(found)) \(found)", range: output.range)
            }
        }
    }

    /// The type an output surely has, if it says: an expression's (see
    /// `surelyTyped`), or a constant's; text that names a colour is one
    /// when `colours`.
    private static func sureType(of output: JSONNode, colours: Bool) -> String? {
        // A part that reads a variable bound around it is not parsed alone.
        if isExpression(output) { return (try? parse(output)).flatMap(surelyTyped) }
        switch output.value {
        case .number: return "number"
        case .string(let text): return colours && StyleColor(css: text) != nil ? "color" : "string"
        case .bool: return "boolean"
        default: return nil
        }
    }

    /// Whether a property of `type` takes a value that surely is of `found`.
    private static func accepts(_ type: String, _ found: String) -> Bool {
        switch type {
        case "color": return found == "color"
        case "formatted": return ["string", "formatted", "number", "boolean"].contains(found)
        case "resolvedImage": return ["string", "resolvedImage"].contains(found)
        // Arrays of numbers or colours, which one number or colour also gives.
        case "numberArray", "padding": return ["array", "number"].contains(found)
        case "colorArray": return ["array", "color", "string"].contains(found)
        case "projectionDefinition": return ["string", "array", "object"].contains(found)
        default: return type == found
        }
    }

    private static func article(_ type: String) -> String {
        ["a", "e", "i", "o", "u"].contains(type.prefix(1)) ? "an" : "a"
    }

    /// The nodes whose values an expression node gives as its own: the
    /// outputs of its branches and curves, followed down; else the node.
    private static func outputs(of node: JSONNode) -> [JSONNode] {
        guard let items = node.elements, let op = items.first?.string else { return [node] }
        let args = Array(items.dropFirst())
        var picked: [JSONNode]
        switch op {
        case "case" where args.count >= 3:
            picked = stride(from: 1, to: args.count - 1, by: 2).map { args[$0] } + [args[args.count - 1]]
        case "match" where args.count >= 4:
            picked = stride(from: 2, to: args.count - 1, by: 2).map { args[$0] } + [args[args.count - 1]]
        case "coalesce": picked = args
        case "step" where args.count >= 2: picked = [args[1]] + stride(from: 3, to: args.count, by: 2).map { args[$0] }
        case "interpolate", "interpolate-hcl", "interpolate-lab": picked = stride(from: 3, to: args.count, by: 2).map { args[$0] }
        case "let" where !args.isEmpty: picked = [args[args.count - 1]]
        default: return [node]
        }
        return picked.flatMap(outputs(of:))
    }
}
