/// Credit lines as the map shows them: tile sets and styles often write
/// theirs as HTML links; the map draws their text.
///
///     AttributionText.plain("<a href=\"https://openmaptiles.org/\">&copy; OpenMapTiles</a>")   // "© OpenMapTiles"
package enum AttributionText {
    /// The text of `html` without its tags, `&copy;` and `&amp;` spelled out.
    package static func plain(_ html: String) -> String {
        var out = "", inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag {
                out.append(character)
            }
        }
        return out.replacingOccurrences(of: "&copy;", with: "©").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The credit OpenMapTiles-schema data carries: the schema's and OpenStreetMap's.
    package static let openMapTiles = "© OpenMapTiles © OpenStreetMap contributors"

    /// A vector file's credit: its own, or without one, OpenMapTiles' and
    /// OpenStreetMap's when its layers (`vector_layers`) are those of the
    /// OpenMapTiles schema, as tilemaker and Planetiler write it.
    static func credit(_ own: String?, vectorLayers: [String]) -> String? {
        if let own, !own.isEmpty { return own }
        let schema: Set<String> = ["transportation", "water", "place", "landuse", "boundary", "building", "waterway", "poi",
                                   "transportation_name", "water_name", "landcover", "aeroway", "park", "housenumber", "mountain_peak"]
        return vectorLayers.filter(schema.contains).count >= 3 ? openMapTiles : nil
    }
}
