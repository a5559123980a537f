import MapEngine

/// The keys to the overlays' colours (`OverlayLegend`), stacked at the
/// map's lower left above the scale bar: each a title, a colour bar and
/// its two end values on a light backing, like the scale bar's.
///
///     commands += LegendOverlay.commands(legends, viewport: size, scale: 1, metrics: fonts)
enum LegendOverlay {
    static let titleFont = FontSpec(size: 11, weight: .bold)
    static let valueFont = FontSpec(size: 10)
    static let width = 150.0
    static let barHeight = 8.0
    /// Above the scale bar (its margin, height and a gap).
    static let bottomOffset = 44.0
    static let steps = 30

    static func commands(_ legends: [OverlayLegend], viewport: Size, scale: Double, metrics: TextMeasuring) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        var bottom = viewport.height - bottomOffset * scale
        let titleFont = FontSpec(size: titleFont.size * scale, weight: titleFont.weight)
        let valueFont = FontSpec(size: valueFont.size * scale, weight: valueFont.weight)
        let pad = 6 * scale
        for legend in legends {
            let title = metrics.size(of: legend.title, font: titleFont)
            let low = metrics.size(of: legend.low, font: valueFont), high = metrics.size(of: legend.high, font: valueFont)
            let height = pad + title.height + 3 * scale + barHeight * scale + 2 * scale + max(low.height, high.height) + pad
            let box = Rect(x: ScaleBar.margin * scale, y: bottom - height, width: width * scale, height: height)
            commands.append(.shape(ShapeDraw(outline: CalloutDrawing.roundedRect(box, radius: 4 * scale), center: box.center,
                                             color: ScaleBar.backing, rect: box, role: "legend")))
            commands.append(.text(TextDraw(text: legend.title, font: titleFont, color: ScaleBar.ink,
                                           rect: Rect(origin: Point(x: box.minX + pad, y: box.minY + pad), size: title))))
            let bar = Rect(x: box.minX + pad, y: box.minY + pad + title.height + 3 * scale,
                           width: box.width - 2 * pad, height: barHeight * scale)
            let step = bar.width / Double(steps)
            for i in 0..<steps {
                let color = Color.along(legend.colors, at: (Double(i) + 0.5) / Double(steps))
                // Each piece reaches into the next: no hairline gaps at fractional pixels.
                commands.append(.rect(Rect(x: bar.minX + Double(i) * step, y: bar.minY,
                                           width: i == steps - 1 ? step : step + 1, height: bar.height), color))
            }
            let valuesY = bar.maxY + 2 * scale
            commands.append(.text(TextDraw(text: legend.low, font: valueFont, color: ScaleBar.ink,
                                           rect: Rect(origin: Point(x: bar.minX, y: valuesY), size: low))))
            commands.append(.text(TextDraw(text: legend.high, font: valueFont, color: ScaleBar.ink,
                                           rect: Rect(origin: Point(x: bar.maxX - high.width, y: valuesY), size: high))))
            bottom = box.minY - 6 * scale
        }
        return commands
    }
}
