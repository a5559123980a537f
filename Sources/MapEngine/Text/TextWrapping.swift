extension TextMeasuring {
    /// `text` broken into lines about `maxWidth` pixels wide, at the
    /// measurer's line-break opportunities (between words; between Chinese
    /// or Japanese characters; between Thai words where the measurer knows
    /// them), as MapLibre breaks a point label: as few lines as the width
    /// allows, made as even as they can be, so "Test Test Test" at a width
    /// of two words is "Test Test" over "Test", not three lines, and a long
    /// name is not left with one short word on its last line. A line may
    /// run past `maxWidth` where that evens them out; a piece that cannot
    /// break keeps a line to itself, however wide; "\n" always starts a
    /// new line; 0 or less means no wrapping.
    package func wrapped(_ text: String, font: FontSpec, maxWidth: Double) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let paragraph = String(paragraph)
            guard maxWidth > 0 else { lines.append(paragraph); continue }
            var start = paragraph.startIndex
            for end in balancedBreaks(paragraph, font: font, maxWidth: maxWidth) + [paragraph.endIndex] {
                lines.append(Self.trimmed(paragraph[start..<end]))
                start = end
            }
        }
        return lines.filter { !$0.isEmpty }
    }

    /// Where `paragraph` breaks: the lines as many as its whole width over
    /// `maxWidth` (rounded up), each break chosen so that the lines' widths
    /// lie nearest their mean, by the least sum of squared differences (a
    /// last line longer than the mean counts twice, a shorter one half, and
    /// a break just inside "(" or before ")" costs more), as MapLibre's
    /// `determineLineBreaks` chooses them.
    private func balancedBreaks(_ paragraph: String, font: FontSpec, maxWidth: Double) -> [String.Index] {
        let total = size(of: paragraph, font: font).width
        guard total > maxWidth, total.isFinite else { return [] }
        let target = total / (total / maxWidth).rounded(.up)
        // Each opportunity with the width of the text before it (its space included).
        let opportunities = lineBreaks(in: paragraph).filter { $0 > paragraph.startIndex && $0 < paragraph.endIndex }
        let places = opportunities.map { (index: $0, x: size(of: String(paragraph[..<$0]), font: font).width) }
        // The best way to break up to each opportunity: its cost and the break before it.
        var best: [(badness: Double, prior: Int?)] = []
        func cheapest(to x: Double, isLast: Bool) -> (badness: Double, prior: Int?) {
            var choice = (badness: Self.badness(x, target: target, isLast: isLast), prior: Int?.none)
            for (earlier, place) in places.prefix(best.count).enumerated() {
                let badness = Self.badness(x - place.x, target: target, isLast: isLast) + best[earlier].badness
                if badness <= choice.badness { choice = (badness, earlier) }
            }
            return choice
        }
        for place in places {
            best.append(cheapest(to: place.x, isLast: false))
        }
        var breaks: [String.Index] = []
        var next = cheapest(to: total, isLast: true).prior
        while let index = next {
            breaks.append(places[index].index)
            next = best[index].prior
        }
        return breaks.reversed()
    }

    /// How far a line `width` wide lies from the `target`, squared.
    private static func badness(_ width: Double, target: Double, isLast: Bool) -> Double {
        let ragged = (width - target) * (width - target)
        if isLast { return width < target ? ragged / 2 : ragged * 2 }
        return ragged
    }

    private static func trimmed(_ text: Substring) -> String {
        var text = text
        while let last = text.last, last.isWhitespace { text.removeLast() }
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        return String(text)
    }
}
