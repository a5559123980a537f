/// The spec's rule for a property's expression: the map's zoom is read only
/// as the input of one `step` or `interpolate` at its top (inside `let`s and
/// `coalesce`s at most), so that the value between two whole zooms is that
/// curve's. Filters may read the zoom anywhere; they are not checked.
extension StyleExpression {
    /// `parse(_:)`, for a layer's property: also refusing a zoom read
    /// elsewhere than as the input of one curve at the top.
    static func parseProperty(_ node: JSONNode) throws(StyleValueError) -> StyleExpression {
        let expression = try parse(node)
        try checkZoomCurve(node)
        return expression
    }

    static let zoomOnlyAtTheTop = "\"zoom\" is read only as the input of a \"step\" or \"interpolate\" at the top of the expression"
    static let oneZoomCurve = "only one \"step\" or \"interpolate\" of the zoom may be in an expression"

    /// Refuses a property expression that reads the zoom but not only through one curve at its top.
    static func checkZoomCurve(_ root: JSONNode) throws(StyleValueError) {
        let curve = try zoomCurve(root)
        if curve == nil, readsZoom(root) { throw StyleValueError(reason: zoomOnlyAtTheTop, range: root.range) }
    }

    /// The operator and arguments of an expression node, when it is one.
    private static func call(_ node: JSONNode) -> (op: String, args: ArraySlice<JSONNode>)? {
        guard let elements = node.elements, let op = elements.first?.string else { return nil }
        return (op, elements.dropFirst())
    }

    /// The zoom curve of this part (its place in the file), as MapLibre finds it; throws where there are two or one out of place.
    private static func zoomCurve(_ node: JSONNode) throws(StyleValueError) -> Range<Int>? {
        guard let (op, args) = call(node), op != "literal" else { return nil }
        // Each part's curve once (a let's or coalesce's own is one of its parts').
        var inner: [Range<Int>?] = []
        for child in args { inner.append(try zoomCurve(child)) }
        var found: Range<Int>?
        switch op {
        case "let": found = inner.last ?? nil
        case "coalesce": found = inner.first { $0 != nil } ?? nil
        case "step", "interpolate", "interpolate-hcl", "interpolate-lab":
            let input = op == "step" ? args.first : args.dropFirst().first
            if let input, call(input)?.op == "zoom" { found = node.range }
        default: break
        }
        for (child, curve) in zip(args, inner) {
            guard let curve else { continue }
            if found == nil { throw StyleValueError(reason: zoomOnlyAtTheTop, range: child.range) }
            if found != curve { throw StyleValueError(reason: oneZoomCurve, range: child.range) }
        }
        return found
    }

    /// Whether any part reads the zoom.
    private static func readsZoom(_ node: JSONNode) -> Bool {
        guard let (op, args) = call(node), op != "literal" else { return false }
        return op == "zoom" || args.contains(where: readsZoom)
    }
}
