/// The range a number property can be drawn in: the style spec's own
/// `minimum` and `maximum` (0 for widths and sizes, 1 for `symbol-spacing`,
/// 0 to 1 for opacities), and past them what a painter can draw at all, so
/// that no value from a file (1e308, a division by zero) becomes an
/// impossible size, count or loop. Values outside are clamped, as MapLibre
/// clamps them: a constant or zoom-only one with one warning when the style
/// is read (`StyleRangeCheck`), a data-driven one silently as it is drawn.
///
///     StyleRanges.clamp(1e308, "text-size")   // 255, MapLibre's largest text
enum StyleRanges {
    /// Lengths in points (widths, radii, offsets, halos): far past any real
    /// style, near enough that a rasteriser's numbers stay exact.
    static let longest = 1024.0
    /// MapLibre's largest text and icon size: it warns and draws larger ones at this size.
    static let largestGlyph = 255.0

    /// The properties with a range, by name (the same in every layer type).
    static let ranges: [String: ClosedRange<Double>] = {
        var table: [String: ClosedRange<Double>] = [:]
        for name in ["fill-opacity", "line-opacity", "circle-opacity", "circle-stroke-opacity", "text-opacity",
                     "icon-opacity", "background-opacity", "raster-opacity", "heatmap-opacity"] {
            table[name] = 0...1
        }
        for name in ["line-width", "line-gap-width", "line-blur", "circle-radius", "circle-stroke-width",
                     "text-halo-width", "text-halo-blur", "text-padding", "icon-padding"] {
            table[name] = 0...longest
        }
        for name in ["line-offset", "text-line-height", "circle-blur"] { table[name] = -longest...longest }
        table["hillshade-exaggeration"] = 0...1
        table["hillshade-illumination-direction"] = 0...359
        table["heatmap-radius"] = 1...longest
        table["heatmap-weight"] = 0...1e6
        table["heatmap-intensity"] = 0...1e6
        table["text-size"] = 0...largestGlyph
        table["icon-size"] = 0...largestGlyph
        // In ems: a label a thousand letters wide is wider than any screen.
        table["text-max-width"] = 0...longest
        table["text-letter-spacing"] = -longest...longest
        table["text-max-angle"] = -360...360
        table["symbol-spacing"] = 1...1_000_000
        // Milliseconds: a fade of a minute is already no fade anyone waits for.
        table["raster-fade-duration"] = 0...60_000
        table["line-miter-limit"] = 0...longest
        table["line-round-limit"] = 0...longest
        for name in ["symbol-sort-key", "fill-sort-key", "line-sort-key", "circle-sort-key"] { table[name] = -1e15...1e15 }
        table["raster-brightness-min"] = 0...1
        table["raster-brightness-max"] = 0...1
        table["raster-saturation"] = -1...1
        table["raster-contrast"] = -1...1
        table["raster-hue-rotate"] = -1e6...1e6
        return table
    }()

    /// The range of each item of a number-array property.
    static let itemRanges: [String: ClosedRange<Double>] = [
        "line-dasharray": 0...longest, "text-offset": -longest...longest, "icon-offset": -longest...longest,
        "fill-translate": -longest...longest, "line-translate": -longest...longest,
        "circle-translate": -longest...longest, "text-translate": -longest...longest, "icon-translate": -longest...longest,
    ]

    /// A layer's zoom range (`minzoom`, `maxzoom`), as the spec gives it.
    static let zooms = 0.0...24.0

    /// `value` within the property's range; NaN is nil (the default is drawn).
    static func clamp(_ value: Double, _ name: String) -> Double? {
        guard !value.isNaN else { return nil }
        guard let range = ranges[name] else { return value.isFinite ? value : nil }
        return min(max(value, range.lowerBound), range.upperBound)
    }

    /// Each item of a number array within the property's range; nil when one is NaN.
    static func clamp(_ values: [Double], _ name: String) -> [Double]? {
        guard !values.contains(where: \.isNaN) else { return nil }
        guard let range = itemRanges[name] else { return values.allSatisfy(\.isFinite) ? values : nil }
        return values.map { min(max($0, range.lowerBound), range.upperBound) }
    }

    /// Why `value` is out of the property's range and what is drawn
    /// instead, or nil when it is in range.
    static func problem(_ value: Double, _ name: String, range: ClosedRange<Double>? = nil) -> String? {
        guard let range = range ?? ranges[name] ?? itemRanges[name] else {
            return value.isFinite ? nil : "\(words(value)) is not a number that can be drawn; the default is drawn instead"
        }
        if value.isNaN { return "NaN is not a number; the default is drawn instead" }
        if value < range.lowerBound {
            return "\(words(value)) is less than \(words(range.lowerBound)), the least it can be; it is drawn as \(words(range.lowerBound))"
        }
        if value > range.upperBound {
            let what = range.upperBound == largestGlyph ? "the largest MapLibre draws" : "the most pinmap draws"
            return "\(words(value)) is more than \(words(range.upperBound)), \(what); it is drawn as \(words(range.upperBound))"
        }
        return nil
    }

    static func words(_ value: Double) -> String {
        value.isFinite ? FeatureValue.format(value) : (value.isNaN ? "NaN" : (value > 0 ? "infinity" : "-infinity"))
    }
}
