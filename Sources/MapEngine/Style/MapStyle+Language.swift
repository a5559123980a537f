extension MapStyle {
    /// The keys styles read a label's name from, which a language's name
    /// replaces: OpenMapTiles' `name`, `name:latin`, `name_int`, `name_en`
    /// and `name:en`.
    static let nameKeys: Set<String> = ["name", "name:latin", "name_int", "name_en", "name:en"]

    /// The style with its labels' names in `language`, as MapKit writes
    /// them and MapLibre leaves to a plugin: each `text-field` reading a
    /// name (`{name}`, `["get", "name"]`, `name:latin`...) first asks for
    /// `name:CODE` (and OpenMapTiles' older `name_CODE`), falling back to
    /// what the style asked for. With `.local`, Latin forms read `name`,
    /// the place's own, and `name:nonlatin` (the second line OSM Bright adds)
    /// reads nothing, where the data has a `name`. A label whose two lines say the same shows one.
    package func localized(to language: NameLanguage) -> MapStyle {
        var style = self
        for index in style.layers.indices {
            guard let field = style.layers[index].properties["text-field"] else { continue }
            style.layers[index].properties["text-field"] = field.replacingGets { key in
                MapStyle.name(key, in: language)
            }
        }
        return style
    }

    private static func name(_ key: String, in language: NameLanguage) -> StyleExpression? {
        switch language {
        case .local:
            // Data without a local `name` (tilemaker writes the local name as
            // name:latin) keeps what the style asked for.
            if key == "name:nonlatin" { return .choose([(.has("name"), .literal(.null))], otherwise: .get(key)) }
            return nameKeys.contains(key) && key != "name" ? .coalesce([.get("name"), .get(key)]) : nil
        case .code(let code):
            guard nameKeys.contains(key), key != "name:\(code)" else { return nil }
            let underscored = "name_" + code.replacingOccurrences(of: "-", with: "_").lowercased()
            return .coalesce([.get("name:\(code)"), .get(underscored), .get(key)])
        }
    }
}
