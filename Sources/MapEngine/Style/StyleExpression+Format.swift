// `format` and `image`: text in sections with their own looks, and images of the sprite.
extension StyleExpression {
    /// The options a section of `format` may set.
    static let formatOptions = ["font-scale", "text-font", "text-color", "vertical-align"]

    /// `["format", content, {options}?, content, {options}?, …]`: each
    /// content an expression (text, or an `image`), each options object
    /// the section's `font-scale`, `text-font`, `text-color` and `vertical-align`.
    static func format(_ args: [JSONNode], _ node: JSONNode, compile: (JSONNode) throws(StyleValueError) -> StyleExpression)
        throws(StyleValueError) -> StyleExpression {
        var parts: [(content: StyleExpression, options: [String: StyleExpression])] = []
        var index = 0
        while index < args.count {
            if case .object = args[index].value {
                throw StyleValueError(reason: "a section of \"format\" begins with its text, not an options object", range: args[index].range)
            }
            let content = try compile(args[index])
            var options: [String: StyleExpression] = [:]
            if index + 1 < args.count, case .object(let members) = args[index + 1].value {
                for (key, value) in members where formatOptions.contains(key) {
                    if key == "vertical-align", let align = value.string, !["bottom", "center", "top"].contains(align) {
                        throw StyleValueError(reason: "\"vertical-align\" is \"bottom\", \"center\" or \"top\", not \"\(align)\"", range: value.range)
                    }
                    options[key] = try compile(value)
                }
                index += 1
            }
            parts.append((content, options))
            index += 1
        }
        guard !parts.isEmpty else { throw StyleValueError(reason: "\"format\" needs at least one section", range: node.range) }
        return .format(parts)
    }

    /// The sections' values: text (a number or boolean as its text, null
    /// as none) or an image, each with the options it sets.
    static func formatted(_ parts: [(content: StyleExpression, options: [String: StyleExpression])], _ context: StyleContext,
                          _ budget: inout EvaluationBudget) -> StyleValue {
        var sections: [FormattedText.Section] = []
        for (content, options) in parts {
            let align = options["vertical-align"]?.evaluate(context, &budget).asString
            if case .image(let image) = content.evaluate(context, &budget) {
                sections.append(FormattedText.Section(text: "", image: image, verticalAlign: align))
                continue
            }
            let text = budget.text(content.evaluate(context, &budget).description).description
            sections.append(FormattedText.Section(
                text: text, scale: options["font-scale"]?.evaluate(context, &budget).asNumber,
                fonts: options["text-font"]?.evaluate(context, &budget).asStrings.map { Array($0.prefix(FormattedText.mostFonts)) },
                color: options["text-color"]?.evaluate(context, &budget).asColor, verticalAlign: align))
        }
        return .formatted(FormattedText(sections: sections))
    }

    /// The image of a name, available when the map's sprite holds it (or when the context does not say).
    static func image(named value: StyleValue, _ context: StyleContext) -> StyleValue {
        guard case .string(let name) = value else { return .null }
        return .image(StyleImage(name: name, available: context.availableImages?.contains(name) ?? true))
    }
}
