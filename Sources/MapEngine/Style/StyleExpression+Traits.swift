// What an expression is, found without evaluating it: the type it surely has, and whether it is constant.
extension StyleExpression {
    /// The type an expression surely has, when it says so itself (an
    /// assertion of one type, a constant, a colour made): "number",
    /// "string", "boolean", "null", "color" or "array"; else nil.
    static func surelyTyped(_ expression: StyleExpression) -> String? {
        switch expression {
        case .assertType(let type, _) where ["number", "string", "boolean"].contains(type): return type
        case .literal(.number): return "number"
        case .literal(.string): return "string"
        case .literal(.bool): return "boolean"
        case .literal(.null): return "null"
        case .literal(.array): return "array"
        case .literal(.object): return "object"
        case .literal(.color), .toColor: return "color"
        default: return nil
        }
    }

    /// A JSON constant as a style value.
    static func literal(_ node: JSONNode) throws(StyleValueError) -> StyleValue {
        switch node.value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number, _): return .number(number)
        case .string(let text): return .string(text)
        case .array(let items): return .array(try items.map { (item) throws(StyleValueError) in try literal(item) })
        case .object: throw StyleValueError(reason: "an object is not a value here", range: node.range)
        }
    }

    /// True for an expression whose value depends on neither zoom nor
    /// feature, so it can be computed once.
    var foldable: Bool {
        switch self {
        case .literal: return true
        case .get, .has, .zoom, .drawingInput, .accumulated, .geometryType, .id, .variable, .bind, .within, .distance, .globalState, .properties: return false
        case .makeArray(let items): return items.allSatisfy(\.foldable)
        case .featureState: return false
        case .numberFormat(let number, let options): return number.foldable && options.values.allSatisfy(\.foldable)
        case .not(let inner), .toString(let inner), .toBoolean(let inner), .upcase(let inner), .downcase(let inner),
             .length(let inner):
            return inner.foldable
        case .compare(_, let a, let b), .contains(let a, let b): return a.foldable && b.foldable
        case .collate(_, let a, let b, let c), .collator(let a, let b, let c): return a.foldable && b.foldable && c.foldable
        case .format(let parts): return parts.allSatisfy { $0.content.foldable && $0.options.values.allSatisfy(\.foldable) }
        // Whether the sprite holds an image is known only when drawing.
        case .imageNamed: return false
        case .all(let items), .any(let items), .coalesce(let items), .toNumber(let items), .toColor(let items),
             .assertType(_, let items), .concat(let items), .arithmetic(_, let items), .assertArray(_, _, let items):
            return items.allSatisfy(\.foldable)
        case .choose(let branches, let otherwise):
            return otherwise.foldable && branches.allSatisfy { $0.0.foldable && $0.1.foldable }
        case .match(let input, let branches, let otherwise):
            return input.foldable && otherwise.foldable && branches.allSatisfy { $0.1.foldable }
        case .step(let input, let base, let stops):
            return input.foldable && base.foldable && stops.allSatisfy { $0.1.foldable }
        case .interpolate(_, let input, let stops, _):
            return input.foldable && stops.allSatisfy { $0.1.foldable }
        case .oneOf(let input, _): return input.foldable
        // An error raised on purpose is raised only if reached.
        case .call(.error, _): return false
        case .call(_, let items): return items.allSatisfy(\.foldable)
        }
    }
}
