import MapEngine

extension TextMeasuring {
    /// `text` as it fits on one line `maxWidth` wide: whole, or cut at a
    /// character boundary with "…" added. Returns the text and its size.
    ///
    ///     metrics.truncated("A very long place name", font: font, maxWidth: 80)   // ("A very l…", …)
    package func truncated(_ text: String, font: FontSpec, maxWidth: Double) -> (text: String, size: Size) {
        let whole = size(of: text, font: font)
        guard whole.width > maxWidth else { return (text, whole) }
        let characters = Array(text)
        // The longest prefix that fits with the ellipsis: binary search on its length.
        var low = 0, high = characters.count - 1
        var best = ("…", size(of: "…", font: font))
        while low <= high {
            let middle = (low + high) / 2
            var prefix = String(characters[..<middle])
            while prefix.last?.isWhitespace == true { prefix.removeLast() }
            let candidate = prefix + "…"
            let measured = size(of: candidate, font: font)
            if measured.width <= maxWidth {
                best = (candidate, measured)
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return best
    }
}
