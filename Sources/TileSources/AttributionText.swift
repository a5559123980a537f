/// Credit lines as the map shows them: tile sets and styles often write
/// theirs as HTML links; the map draws their text.
///
///     AttributionText.plain("<a href=\"https://openmaptiles.org/\">&copy; OpenMapTiles</a>")   // "© OpenMapTiles"
public enum AttributionText {
    /// The text of `html` without its tags, `&copy;` and `&amp;` spelled out.
    public static func plain(_ html: String) -> String {
        var out = "", inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag {
                out.append(character)
            }
        }
        return out.replacingOccurrences(of: "&copy;", with: "©").replacingOccurrences(of: "&amp;", with: "&")
    }
}
