/// The credit line for the map data, in the bottom-right corner on a
/// translucent white label so it stays readable over any tile.
package enum AttributionOverlay {
    static let font = FontSpec(size: 11)
    static let textColor = Color(hex: 0x333333)
    static let background = Color(hex: 0xFFFFFF, alpha8: 190)
    static let padding = Size(width: 5, height: 2)

    /// No credit line is longer than this many characters: the longest a
    /// wide screen could show in one line. A megabyte of attribution (a
    /// hostile file's metadata) is cut here, before anything measures it.
    static let longestText = 1000

    /// The text cut to `longestText` characters (with an ellipsis), on one line.
    package static func bounded(_ text: String) -> String {
        let line = text.prefix(longestText + 1).map { $0.isNewline ? " " : $0 }
        return line.count > longestText ? String(line.prefix(longestText - 1)) + "…" : String(line)
    }

    /// The text cut (with an ellipsis) to fit `width` pixels in `font`; called only
    /// for a text already measured wider.
    static func fitted(_ text: String, width: Double, font: FontSpec, metrics: TextMeasuring) -> String {
        // The longest prefix that fits with its ellipsis, found by halving.
        let characters = Array(text)
        var fits = 0, fails = characters.count
        while fails - fits > 1 {
            let middle = (fits + fails) / 2
            if metrics.size(of: String(characters[..<middle]) + "…", font: font).width <= width { fits = middle } else { fails = middle }
        }
        return String(characters[..<fits]) + "…"
    }

    /// The label's commands for `text`, which the map has `bounded` when it
    /// took it, in a viewport of pixels at `scale` pixels a point (the
    /// label keeps its size in points); a text wider than the view is cut
    /// to fit with an ellipsis. An empty or blank credit draws nothing, not
    /// an empty label.
    package static func commands(text full: String, viewport: Size, scale: Double = 1, metrics: TextMeasuring) -> [DrawCommand] {
        guard full.contains(where: { !$0.isWhitespace }) else { return [] }
        let scale = scale.isFinite && scale > 0 ? scale : 1
        let font = FontSpec(size: AttributionOverlay.font.size * scale, weight: AttributionOverlay.font.weight)
        let padding = Size(width: AttributionOverlay.padding.width * scale, height: AttributionOverlay.padding.height * scale)
        let room = max(viewport.width - 2 * padding.width, 40 * scale)
        var text = full, measured = metrics.size(of: full, font: font)
        if measured.width > room {
            text = fitted(full, width: room, font: font, metrics: metrics)
            measured = metrics.size(of: text, font: font)
        }
        let label = Rect(x: viewport.width - measured.width - 2 * padding.width,
                         y: viewport.height - measured.height - 2 * padding.height,
                         width: measured.width + 2 * padding.width,
                         height: measured.height + 2 * padding.height)
        let textRect = Rect(origin: label.origin + Point(x: padding.width, y: padding.height), size: measured)
        return [.rect(label, background),
                .text(TextDraw(text: text, font: font, color: textColor, rect: textRect))]
    }
}
