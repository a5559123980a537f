/// Whether the map's own controls, callouts, search, menus and cards are
/// drawn light or dark: by default they follow the map's style (a dark
/// style gets dark controls), or one is asked for.
///
///     var options = try MapOptions.world(style: .dark)
///     options.appearance = .automatic   // dark controls over the dark style
public enum ChromeAppearance: String, Sendable, CaseIterable {
    /// Light over a light style, dark over a dark one.
    case automatic
    /// Always light: white cards, dark text.
    case light
    /// Always dark: dark cards, light text.
    case dark

    /// Whether a map whose style paints `background` (nil, or mostly
    /// transparent: the light page under it) gets dark controls.
    package func isDark(over background: Color?) -> Bool {
        switch self {
        case .light: false
        case .dark: true
        case .automatic: background.map { $0.alpha >= 128 && ChromeAppearance.luminance($0) < 0.4 } ?? false
        }
    }

    /// Relative brightness, 0 to 1 (the YIQ luma).
    static func luminance(_ color: Color) -> Double {
        (0.299 * Double(color.red) + 0.587 * Double(color.green) + 0.114 * Double(color.blue)) / 255
    }

    /// The controls' commands in the dark: each grey turned over (white cards
    /// dark, dark text light, a light highlight a dark one, keeping its tint),
    /// colours (a blue button, a red marker) and faint shadows as they are.
    package static func darkened(_ commands: [DrawCommand]) -> [DrawCommand] {
        commands.map { command in
            switch command {
            case .rect(let rect, let color): return .rect(rect, darkened(color))
            case .shape(var shape):
                shape.color = darkened(shape.color)
                return .shape(shape)
            case .text(var text):
                text.color = darkened(text.color)
                text.halo = text.halo.map(darkened)
                return .text(text)
            case .line(let from, let to, let color, let width): return .line(from: from, to: to, color: darkened(color), width: width)
            case .gradient(let rect, let top, let bottom): return .gradient(rect, top: darkened(top), bottom: darkened(bottom))
            default: return command
            }
        }
    }

    /// A grey (channels within 48 of each other) of alpha 128 or more with
    /// its brightness turned over; any other colour as it is.
    package static func darkened(_ color: Color) -> Color {
        let channels = [Int(color.red), Int(color.green), Int(color.blue)]
        guard color.alpha >= 128, channels.max()! - channels.min()! <= 48 else { return color }
        let luma = Int((luminance(color) * 255).rounded())
        let turned = min(255, max(0, 300 - luma))  // white 255 → 45 (a card above a dark map), black 0 → 255
        func shift(_ channel: Int) -> UInt8 { UInt8(min(255, max(0, channel - luma + turned))) }
        return Color(rgba: shift(channels[0]), shift(channels[1]), shift(channels[2]), color.alpha)
    }
}
