import MapEngine

/// Reads a callout layout file. Every problem is reported with the file and
/// the field; unknown fields are errors too, so a typo is never silently
/// ignored.
///
///     {"strip": {"top": "#ffffffeb", "bottom": "#e3eaf2f5"}, "padding": 10,
///      "elements": [{"type": "label", "text": "{title}", "size": 17, "weight": "bold"},
///                   {"type": "button", "title": "Centre here", "action": "center"}]}
package struct CalloutLayoutParser {
    let file: String
    let name: String

    /// A parser for the layout file `file` (for messages), naming the layout `name`.
    package init(file: String, name: String) {
        self.file = file
        self.name = name
    }

    /// Reads a layout file's JSON; throws naming the file, the field and the problem.
    package func parse(_ bytes: [UInt8]) throws(CalloutLayoutError) -> CalloutLayout {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw CalloutLayoutError(file: file, reason: "line \(error.line), column \(error.column): \(error.reason)")
        }
        let top = try object(root, at: nil, allowing: ["strip", "arrangement", "padding", "spacing", "width",
                                                        "height", "elements"])
        var layout = CalloutLayout(name: name, file: file, elements: [])
        if let strip = top["strip"] {
            let fields = try object(strip, at: "strip", allowing: ["top", "bottom"])
            layout.strip = CalloutStrip(top: try color(fields["top"], at: "strip.top") ?? CalloutLayout.defaultStrip.top,
                                        bottom: try color(fields["bottom"], at: "strip.bottom")
                                            ?? CalloutLayout.defaultStrip.bottom)
        }
        if let arrangement = top["arrangement"] {
            let text = try string(arrangement, at: "arrangement")
            guard let value = CalloutLayout.Arrangement(rawValue: text) else {
                throw error("arrangement", "\"\(text)\" is not \"stack\" or \"frames\"")
            }
            layout.arrangement = value
        }
        layout.padding = try number(top["padding"], at: "padding", in: 0...100) ?? layout.padding
        layout.spacing = try number(top["spacing"], at: "spacing", in: 0...100) ?? layout.spacing
        layout.width = try number(top["width"], at: "width", in: CalloutStyle.minWidth...1000)
        layout.height = try number(top["height"], at: "height", in: CalloutStrip.height...1000)
        guard let list = top["elements"] else { throw error("elements", "is missing") }
        guard let nodes = list.elements else { throw error("elements", "is \(list.kindDescription), not an array") }
        guard !nodes.isEmpty else { throw error("elements", "is empty; a callout needs something to show") }
        layout.elements = try nodes.enumerated().map { (index, node) throws(CalloutLayoutError) in
            try element(node, at: "elements[\(index)]", arrangement: layout.arrangement)
        }
        return layout
    }

    private func element(_ node: JSONNode, at path: String,
                         arrangement: CalloutLayout.Arrangement?) throws(CalloutLayoutError) -> CalloutLayout.Element {
        guard case .object = node.value else { throw error(path, "is \(node.kindDescription), not an object") }
        guard let typeNode = node["type"] else { throw error("\(path).type", "is missing") }
        let type = try string(typeNode, at: "\(path).type")
        let common = ["type", "frame", "align"]
        let kind: CalloutLayout.Element.Kind
        switch type {
        case "label":
            let fields = try object(node, at: path, allowing: common + ["text", "size", "weight", "color"])
            guard let text = fields["text"] else { throw error("\(path).text", "is missing") }
            kind = .label(text: try string(text, at: "\(path).text"), font: try font(fields, at: path),
                          color: try color(fields["color"], at: "\(path).color") ?? CalloutLayout.defaultTextColor)
        case "image":
            let fields = try object(node, at: path, allowing: common + ["name", "width", "height"])
            kind = .image(try image(fields, at: path))
        case "button":
            let fields = try object(node, at: path, allowing: common + ["action", "title", "kind", "name", "width",
                                                                         "height", "size", "weight", "color", "fill"])
            guard let actionNode = fields["action"] else { throw error("\(path).action", "is missing") }
            let action = try string(actionNode, at: "\(path).action")
            guard !action.isEmpty, !action.contains(where: \.isWhitespace) else {
                throw error("\(path).action", "must be one word, such as \"center\"")
            }
            let looks = ["title", "kind", "name"].filter { fields[$0] != nil }
            guard looks.count == 1 else {
                throw error(path, looks.isEmpty ? "a button needs one of \"title\", \"kind\" or \"name\""
                                                : "a button takes only one of \"title\", \"kind\" and \"name\"")
            }
            let look: CalloutLayout.Button.Look
            if let title = fields["title"] {
                look = .titled(try string(title, at: "\(path).title"), font: try font(fields, at: path),
                               textColor: try color(fields["color"], at: "\(path).color")
                                   ?? CalloutLayout.defaultButtonTextColor,
                               fill: try color(fields["fill"], at: "\(path).fill") ?? CalloutLayout.defaultButtonFill)
            } else if let kindNode = fields["kind"] {
                let text = try string(kindNode, at: "\(path).kind")
                switch text {
                case "detail-disclosure": look = .accessory(.detailDisclosure)
                case "info": look = .accessory(.infoButton)
                case "add": look = .accessory(.add)
                default: throw error("\(path).kind", "\"\(text)\" is not \"detail-disclosure\", \"info\" or \"add\"")
                }
            } else {
                look = .accessory(.image(try image(fields, at: path)))
            }
            kind = .button(CalloutLayout.Button(look: look, action: action))
        case "row":
            guard arrangement == .stack else { throw error("\(path).type", "a row belongs in a stack, not in frames or another row") }
            let fields = try object(node, at: path, allowing: ["type", "align", "spacing", "elements"])
            guard let list = fields["elements"] else { throw error("\(path).elements", "is missing") }
            guard let nodes = list.elements, !nodes.isEmpty else {
                throw error("\(path).elements", "must be an array with at least one element")
            }
            let children = try nodes.enumerated().map { (index, child) throws(CalloutLayoutError) in
                try element(child, at: "\(path).elements[\(index)]", arrangement: nil)
            }
            kind = .row(children, spacing: try number(fields["spacing"], at: "\(path).spacing", in: 0...100) ?? 8)
        default:
            throw error("\(path).type", "\"\(type)\" is not \"label\", \"image\", \"button\" or \"row\"")
        }
        var result = CalloutLayout.Element(kind)
        if let align = node["align"] {
            let text = try string(align, at: "\(path).align")
            guard let value = CalloutLayout.Alignment(rawValue: text) else {
                throw error("\(path).align", "\"\(text)\" is not \"left\", \"center\" or \"right\"")
            }
            result.alignment = value
        }
        if let frame = node["frame"] {
            guard arrangement == .frames else { throw error("\(path).frame", "frames are for \"arrangement\": \"frames\"") }
            result.frame = try rect(frame, at: "\(path).frame")
        } else if arrangement == .frames {
            throw error("\(path).frame", "is missing; with \"arrangement\": \"frames\" every element needs [x, y, width, height]")
        }
        return result
    }

    // MARK: Values

    private func object(_ node: JSONNode, at path: String?,
                        allowing keys: [String]) throws(CalloutLayoutError) -> [String: JSONNode] {
        guard case .object(let members) = node.value else {
            throw CalloutLayoutError(file: file, field: path, reason: "is \(node.kindDescription), not an object")
        }
        var fields: [String: JSONNode] = [:]
        for member in members {
            guard keys.contains(member.key) else {
                let field = path.map { "\($0).\(member.key)" } ?? member.key
                throw error(field, "is not a field here (expected one of \(keys.joined(separator: ", ")))")
            }
            fields[member.key] = member.value
        }
        return fields
    }

    private func string(_ node: JSONNode, at path: String) throws(CalloutLayoutError) -> String {
        guard let text = node.string else { throw error(path, "is \(node.kindDescription), not a string") }
        return text
    }

    private func number(_ node: JSONNode?, at path: String,
                        in range: ClosedRange<Double>) throws(CalloutLayoutError) -> Double? {
        guard let node else { return nil }
        guard case .number(let value, let text) = node.value else {
            throw error(path, "is \(node.kindDescription), not a number")
        }
        guard value.isFinite, range.contains(value) else {
            throw error(path, "\(text) is out of range (\(format(range.lowerBound)) to \(format(range.upperBound)))")
        }
        return value
    }

    private func color(_ node: JSONNode?, at path: String) throws(CalloutLayoutError) -> Color? {
        guard let node else { return nil }
        let text = try string(node, at: path)
        guard let color = Color(cssHexWithAlpha: text) else {
            throw error(path, "\"\(text)\" is not a colour (#rgb, #rrggbb or #rrggbbaa)")
        }
        return color
    }

    private func font(_ fields: [String: JSONNode], at path: String) throws(CalloutLayoutError) -> FontSpec {
        let size = try number(fields["size"], at: "\(path).size", in: 6...72) ?? CalloutLayout.defaultLabelFont.size
        var weight = FontSpec.Weight.regular
        if let node = fields["weight"] {
            let text = try string(node, at: "\(path).weight")
            guard let value = FontSpec.Weight(rawValue: text) else {
                throw error("\(path).weight", "\"\(text)\" is not \"regular\" or \"bold\"")
            }
            weight = value
        }
        return FontSpec(size: size, weight: weight)
    }

    private func image(_ fields: [String: JSONNode], at path: String) throws(CalloutLayoutError) -> AnnotationImage {
        guard let nameNode = fields["name"] else { throw error("\(path).name", "is missing") }
        let name = try string(nameNode, at: "\(path).name")
        guard !name.isEmpty, !name.contains("/") else { throw error("\(path).name", "must be an image name, not a path") }
        guard let width = try number(fields["width"], at: "\(path).width", in: 1...300) else {
            throw error("\(path).width", "is missing")
        }
        guard let height = try number(fields["height"], at: "\(path).height", in: 1...300) else {
            throw error("\(path).height", "is missing")
        }
        return AnnotationImage(name: name, size: Size(width: width, height: height))
    }

    private func rect(_ node: JSONNode, at path: String) throws(CalloutLayoutError) -> Rect {
        guard let parts = node.elements, parts.count == 4 else {
            throw error(path, "must be [x, y, width, height] in points")
        }
        var values: [Double] = []
        for (index, part) in parts.enumerated() {
            values.append(try number(part, at: "\(path)[\(index)]", in: index < 2 ? 0...1000 : 1...1000) ?? 0)
        }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    private func error(_ field: String, _ reason: String) -> CalloutLayoutError {
        CalloutLayoutError(file: file, field: field, reason: reason)
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
