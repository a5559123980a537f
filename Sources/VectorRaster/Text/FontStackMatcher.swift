/// MapLibre's `text-font` names ("Noto Sans Regular", "Open Sans Semibold",
/// "Metropolis Medium Italic") read as family, weight and slant, so that
/// fontconfig can match each to the nearest installed family and face.
struct FontStackMatcher {
    /// A font name split into what fontconfig matches on.
    struct Face: Equatable {
        /// The family, without the style words ("Open Sans").
        var family: String
        /// The weight on CSS's scale, 100 (thin) to 900 (black).
        var weight: Int
        /// Slanted (italic or oblique).
        var italic: Bool
    }

    /// Style words at the end of a font name, with the weight they mean.
    private static let weights: [(words: [String], weight: Int)] = [
        (["thin", "hairline"], 100), (["extralight", "extra light", "ultralight", "ultra light"], 200),
        (["light"], 300), (["regular", "book", "normal", "roman"], 400), (["medium"], 500),
        (["semibold", "semi bold", "demibold", "demi bold"], 600), (["bold"], 700),
        (["extrabold", "extra bold", "ultrabold", "ultra bold"], 800), (["black", "heavy"], 900),
    ]

    /// The name read from its end: slant words, then a weight word; what is left is the family.
    static func face(of name: String) -> Face {
        var rest = name.trimmingWhitespace
        var italic = false
        var weight = 400
        for word in ["italic", "oblique"] where rest.lowercased().hasSuffix(" " + word) {
            rest = String(rest.dropLast(word.count)).trimmingWhitespace
            italic = true
        }
        // Longest words first, so "Semi Bold" is not read as "Bold".
        let candidates = weights.flatMap { entry in entry.words.map { ($0, entry.weight) } }.sorted { $0.0.count > $1.0.count }
        for (word, value) in candidates where rest.lowercased().hasSuffix(" " + word) {
            rest = String(rest.dropLast(word.count)).trimmingWhitespace
            weight = value
            break
        }
        return Face(family: rest.isEmpty ? name : rest, weight: weight, italic: italic)
    }

    /// The families to ask for, best first, then `fallback` (the map's own
    /// font); the face is the first name's.
    static func families(of stack: [String], fallback: String) -> (families: [String], face: Face) {
        let faces = stack.map(face(of:))
        var families: [String] = []
        for face in faces where !families.contains(face.family) { families.append(face.family) }
        if !families.contains(fallback) { families.append(fallback) }
        return (families, faces.first ?? Face(family: fallback, weight: 400, italic: false))
    }
}

extension String {
    var trimmingWhitespace: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
