extension TextMeasuring {
    /// `text` broken into lines no wider than `maxWidth` pixels, at the
    /// measurer's line-break opportunities (between words; between Chinese
    /// or Japanese characters; between Thai words where the measurer knows
    /// them). A piece that cannot break keeps a line to itself, however
    /// wide; "\n" always starts a new line; 0 or less means no wrapping.
    package func wrapped(_ text: String, font: FontSpec, maxWidth: Double) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let paragraph = String(paragraph)
            guard maxWidth > 0 else { lines.append(paragraph); continue }
            var start = paragraph.startIndex
            var fits: String.Index?
            for end in lineBreaks(in: paragraph) + [paragraph.endIndex] {
                if let fitting = fits, fitting > start,
                   size(of: Self.trimmed(paragraph[start..<end]), font: font).width > maxWidth {
                    lines.append(Self.trimmed(paragraph[start..<fitting]))
                    start = fitting
                }
                fits = end
            }
            let last = Self.trimmed(paragraph[start...])
            if !last.isEmpty { lines.append(last) }
        }
        return lines.filter { !$0.isEmpty }
    }

    private static func trimmed(_ text: Substring) -> String {
        var text = text
        while let last = text.last, last.isWhitespace { text.removeLast() }
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        return String(text)
    }
}
