import MapEngine

/// Cairo's SVG surface draws text as glyph outlines, which look exact in
/// every viewer but hold no characters. This puts the scene's texts back as
/// `<text>` elements, one per drawn text, in the same places and sizes, in a
/// layer on top drawn fully transparent: a viewer shows the outlines, while
/// search, selection, screen readers and XML tools read the text (the same
/// way a scanned PDF carries its recognised text).
enum SVGTextLayer {
    /// The document with the layer put before its closing tag.
    /// The document with the layer put before its closing tag; the texts
    /// are in the scene's pixels, `scale` of them a unit of the document.
    static func adding(_ texts: [TextDraw], to svg: [UInt8], text engine: TextEngine, scale: Double = 1) -> [UInt8] {
        guard !texts.isEmpty, let close = lastClosingTag(in: svg) else { return svg }
        var layer = "<g id=\"pinmap-text\" fill-opacity=\"0\" stroke=\"none\""
        if scale != 1 { layer += " transform=\"scale(\(1 / scale))\"" }
        layer += ">\n"
        for draw in texts where !draw.text.isEmpty {
            let baseline = engine.baseline(of: draw.text, font: draw.font) * draw.scale
            let width = engine.size(of: draw.text, font: draw.font).width * draw.scale
            let family = draw.font.stack.first.map(escape) ?? "DejaVu Sans"
            var attributes = "font-family=\"\(family), sans-serif\" font-size=\"\(number(draw.font.size * draw.scale))\""
            if draw.font.weight == .bold || draw.font.weight == .boldItalic { attributes += " font-weight=\"bold\"" }
            if draw.font.weight == .italic || draw.font.weight == .boldItalic { attributes += " font-style=\"italic\"" }
            let x: Double, y: Double
            if draw.rotation == 0 {
                (x, y) = (draw.rect.minX, draw.rect.minY + baseline)
            } else {
                (x, y) = (draw.rect.midX - width / 2, draw.rect.midY + baseline / 2)
                attributes += " transform=\"rotate(\(number(draw.rotation)) \(number(draw.rect.midX)) \(number(draw.rect.midY)))\""
            }
            layer += "<text x=\"\(number(x))\" y=\"\(number(y))\" \(attributes)>\(escape(draw.text))</text>\n"
        }
        layer += "</g>\n"
        return Array(svg[..<close]) + Array(layer.utf8) + Array(svg[close...])
    }

    /// Where the last `</svg>` begins.
    private static func lastClosingTag(in bytes: [UInt8]) -> Int? {
        let tag = Array("</svg>".utf8)
        guard bytes.count >= tag.count else { return nil }
        for start in stride(from: bytes.count - tag.count, through: 0, by: -1) where bytes[start..<start + tag.count].elementsEqual(tag) {
            return start
        }
        return nil
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            // XML 1.0 allows no control characters but tab, line feed and carriage return.
            case _ where scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r": continue
            case "\u{FFFE}", "\u{FFFF}": continue
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
