import MapEngine

/// What a layout's placeholders stand for, for one annotation: `{title}`,
/// `{subtitle}`, `{coordinate}` ("48.8566° N, 2.3522° E") and any
/// `{property}` the annotation has. Unknown placeholders become empty.
///
///     CalloutValues(pin).fill("{title} ({population})")   // "Paris (2148000)"
struct CalloutValues {
    let title: String
    let subtitle: String
    let coordinate: String
    let properties: [String: String]

    @MainActor
    init(_ annotation: any Annotation) {
        title = annotation.title ?? ""
        subtitle = annotation.calloutSubtitle ?? ""
        coordinate = annotation.coordinate.displayText
        var properties: [String: String] = [:]
        for property in (annotation as? AnnotationProperties)?.properties ?? [] where properties[property.key] == nil {
            properties[property.key] = property.value
        }
        self.properties = properties
    }

    /// The text with every `{name}` replaced; a lone brace stays as it is.
    func fill(_ template: String) -> String {
        var output = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            output += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { return output + rest[open...] }
            output += value(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
            if rest.isEmpty { return output }
        }
        return output + rest
    }

    private func value(_ name: String) -> String {
        switch name {
        case "title": return title
        case "subtitle": return subtitle
        case "coordinate": return coordinate
        default: return properties[name] ?? ""
        }
    }
}

/// An annotation with named values beyond its title and subtitle (a GeoJSON
/// feature's properties), for layout placeholders and the details panel.
@MainActor
package protocol AnnotationProperties: Annotation {
    /// Names and values as text, in the order they were given.
    var properties: [(key: String, value: String)] { get }
}
