/// A short message across the top of the map, such as a save that failed:
/// white text on a dark translucent band, shown for a few seconds.
enum MessageOverlay {
    static let font = FontSpec(size: 13)
    static let textColor = Color(hex: 0xFFFFFF)
    static let background = Color(hex: 0x8E1B1B, alpha8: 225)
    static let newsBackground = Color(hex: 0x2B2F36, alpha8: 225)
    static let padding = Size(width: 10, height: 6)
    /// How long a message stays up.
    static let duration = 6.0

    static func commands(text: String, viewport: Size, metrics: TextMeasuring,
                                isError: Bool = true) -> [DrawCommand] {
        let measured = metrics.size(of: text, font: font)
        let width = min(viewport.width, measured.width + 2 * padding.width)
        let band = Rect(x: ((viewport.width - width) / 2).rounded(), y: 8, width: width,
                        height: measured.height + 2 * padding.height)
        let textRect = Rect(origin: band.origin + Point(x: padding.width, y: padding.height), size: measured)
        return [.rect(band, isError ? background : newsBackground), .text(TextDraw(text: text, font: font, color: textColor, rect: textRect))]
    }
}
