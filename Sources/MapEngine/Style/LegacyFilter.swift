/// Style filters in the form before expressions (`["==", "class", "park"]`,
/// `["in", "$type", "Point"]`…), compiled to expressions. Which form a
/// filter is follows MapLibre's reading of the style spec.
///
///     let filter = try LegacyFilter.compile(node)   // either form
enum LegacyFilter {
    static func compile(_ node: JSONNode) throws(StyleValueError) -> StyleExpression {
        if case .bool(let flag) = node.value { return .literal(.bool(flag)) }
        if isExpressionFilter(node) { return try StyleExpression.parse(node) }
        return try legacy(node)
    }

    /// MapLibre's test for a filter written as an expression.
    static func isExpressionFilter(_ node: JSONNode) -> Bool {
        guard let items = node.elements, let op = items.first?.string else { return false }
        func isArray(_ index: Int) -> Bool { index < items.count && items[index].elements != nil }
        switch op {
        case "has": return items.count >= 2 && items[1].string != "$id" && items[1].string != "$type"
        case "in": return items.count >= 3 && (items[1].string == nil || isArray(2))
        case "!in", "!has", "none": return false
        case "==", "!=", ">", ">=", "<", "<=": return items.count != 3 || isArray(1) || isArray(2)
        case "any", "all":
            return items.dropFirst().allSatisfy { item in
                if case .bool = item.value { return true }
                return isExpressionFilter(item)
            }
        default: return true
        }
    }

    private static func legacy(_ node: JSONNode) throws(StyleValueError) -> StyleExpression {
        guard let items = node.elements, let op = items.first?.string else {
            throw StyleValueError(reason: "a filter is an array that starts with an operator", range: node.range)
        }
        func subject() throws(StyleValueError) -> StyleExpression {
            guard items.count >= 2, let key = items[1].string else {
                throw StyleValueError(reason: "\"\(op)\" needs a property name", range: node.range)
            }
            switch key {
            case "$type": return .geometryType
            case "$id": return .id
            default: return .get(key)
            }
        }
        func values() throws(StyleValueError) -> [StyleValue] {
            try items.dropFirst(2).map { (item) throws(StyleValueError) in try StyleExpression.literal(item) }
        }
        switch op {
        case "all": return .all(try items.dropFirst().map { (item) throws(StyleValueError) in try compile(item) })
        case "any": return .any(try items.dropFirst().map { (item) throws(StyleValueError) in try compile(item) })
        case "none": return .not(.any(try items.dropFirst().map { (item) throws(StyleValueError) in try compile(item) }))
        case "has", "!has":
            let key = items.count >= 2 ? items[1].string ?? "" : ""
            let test: StyleExpression = key == "$type" ? .literal(.bool(true))
                : key == "$id" ? .compare(.notEqual, .id, .literal(.null)) : .has(key)
            return op == "has" ? test : .not(test)
        case "in", "!in":
            let test = StyleExpression.oneOf(try subject(), try values())
            return op == "in" ? test : .not(test)
        case "==", "!=", "<", "<=", ">", ">=":
            guard items.count == 3, let comparison = StyleExpression.Comparison(rawValue: op) else {
                throw StyleValueError(reason: "\"\(op)\" needs a property name and a value", range: node.range)
            }
            let value = try StyleExpression.literal(items[2])
            let left = try subject()
            // Legacy filters compare only values of the same type; the
            // expression's `!=` is true for a missing property, as here.
            let compared = StyleExpression.compare(comparison, left, .literal(value))
            guard ![.equal, .notEqual].contains(comparison) else { return compared }
            // An order between values of two types is an error in an expression; here it is false.
            let sameType = StyleExpression.compare(.equal, .call(.typeOf, [left]), .literal(.string(StyleFunction.typeName(value))))
            return .choose([(sameType, compared)], otherwise: .literal(.bool(false)))
        default:
            throw StyleValueError(reason: "unknown filter operator \"\(op)\"", range: node.range)
        }
    }
}
