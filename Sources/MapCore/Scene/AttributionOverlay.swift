/// The credit line for the map data, in the bottom-right corner on a
/// translucent white label so it stays readable over any tile.
public enum AttributionOverlay {
    public static let font = FontSpec(size: 11)
    public static let textColor = Color(hex: 0x333333)
    public static let background = Color(hex: 0xFFFFFF, alpha: 190)
    static let padding = Size(width: 5, height: 2)

    public static func commands(text: String, viewport: Size, metrics: TextMeasuring) -> [DrawCommand] {
        let measured = metrics.size(of: text, font: font)
        let label = Rect(x: viewport.width - measured.width - 2 * padding.width,
                         y: viewport.height - measured.height - 2 * padding.height,
                         width: measured.width + 2 * padding.width,
                         height: measured.height + 2 * padding.height)
        let textRect = Rect(origin: label.origin + Point(x: padding.width, y: padding.height), size: measured)
        return [.rect(label, background),
                .text(TextDraw(text: text, font: font, color: textColor, rect: textRect))]
    }
}
