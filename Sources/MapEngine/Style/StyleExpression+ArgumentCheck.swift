/// The spec's checks of the arguments of the operators that take values
/// (`StyleFunction`), as far as a constant or assertion says their types
/// when a style is read: text and arrays where those go.
extension StyleExpression {
    static func checkArguments(of function: StyleFunction, _ args: [JSONNode]) throws(StyleValueError) {
        func type(_ index: Int) throws(StyleValueError) -> String? {
            guard index < args.count else { return nil }
            if case .array(let items) = args[index].value, items.first?.string == "literal", items.count == 2,
               case .array(let values) = items[1].value {
                // A constant array names its items' type: ["literal", ["a", "b"]] is an array of strings.
                let kinds = Set(values.map { node -> String in
                    switch node.value {
                    case .string: return "string"
                    case .number: return "number"
                    case .bool: return "boolean"
                    default: return "value"
                    }
                })
                return kinds.count == 1 ? "array<\(kinds.first!)>" : values.isEmpty ? "array<string>" : "array<value>"
            }
            return surelyTyped(try parse(args[index]))
        }
        func refuse(_ index: Int, _ reason: String) -> StyleValueError {
            StyleValueError(reason: "\"\(function.rawValue)\": \(reason)", range: args[index].range)
        }
        switch function {
        case .join:
            if let found = try type(0), found != "array<string>", found != "array<value>" {
                throw refuse(0, "joins an array of strings, not \(found)")
            }
        case .slice:
            if let found = try type(0), !found.hasPrefix("array"), found != "string" {
                throw refuse(0, "cuts text or an array, not \(found)")
            }
        case .indexOf:
            if let found = try type(0), found.hasPrefix("array") || found == "object" || found == "color" {
                throw refuse(0, "looks for a boolean, string, number or null, not \(found)")
            }
        default: break
        }
    }
}
