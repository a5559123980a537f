/// A short message across the top of the map, such as a save that failed:
/// white text on a dark translucent band, shown for a few seconds. A message
/// wider than the map is broken into lines (at most `mostLines`, the last
/// ending in "…" when more would be needed).
package enum MessageOverlay {
    static let font = FontSpec(size: 13)
    static let textColor = Color(hex: 0xFFFFFF)
    static let background = Color(hex: 0x8E1B1B, alpha8: 225)
    static let newsBackground = Color(hex: 0x2B2F36, alpha8: 225)
    static let padding = Size(width: 10, height: 6)
    /// How long a message stays up.
    package static let duration = 6.0

    /// The most lines a message takes.
    static let mostLines = 4

    /// `top` is where the band starts: below an open search field and its
    /// list, which it never covers. Sizes are points, `scale` pixels each.
    package static func commands(text: String, viewport: Size, scale: Double = 1, metrics: TextMeasuring,
                         isError: Bool = true, top: Double = 8) -> [DrawCommand] {
        let scale = scale.isFinite && scale > 0 ? scale : 1
        let font = FontSpec(size: MessageOverlay.font.size * scale, weight: MessageOverlay.font.weight)
        let padding = Size(width: MessageOverlay.padding.width * scale, height: MessageOverlay.padding.height * scale)
        let room = viewport.width - 2 * padding.width - 16 * scale
        var lines = metrics.size(of: text, font: font).width > room ? metrics.wrapped(text, font: font, maxWidth: room) : [text]
        if lines.count > mostLines {
            lines = Array(lines.prefix(mostLines))
            lines[mostLines - 1] += " …"
        }
        let sizes = lines.map { metrics.size(of: $0, font: font) }
        let widest = sizes.map(\.width).max() ?? 0
        let lineHeight = sizes.map(\.height).max() ?? 0
        let width = min(viewport.width, widest + 2 * padding.width)
        let band = Rect(x: ((viewport.width - width) / 2).rounded(), y: top.rounded(), width: width,
                        height: lineHeight * Double(lines.count) + 2 * padding.height)
        var commands: [DrawCommand] = [.rect(band, isError ? background : newsBackground)]
        for (index, (line, size)) in zip(lines, sizes).enumerated() {
            let origin = band.origin + Point(x: padding.width, y: padding.height + lineHeight * Double(index))
            commands.append(.text(TextDraw(text: line, font: font, color: textColor, rect: Rect(origin: origin, size: size))))
        }
        return commands
    }
}
