import MapEngine

/// The keys and clicks the map answers to, on a card in the middle of the
/// view: F1 or `?` shows it, any key or a click puts it away. Sizes are in
/// points, times the screen's scale.
enum ShortcutSheet {
    /// Each line: the keys, and what they do.
    static let lines: [(keys: String, does: String)] = [
        ("Drag, arrow keys", "Move the map"),
        ("Wheel, + and −, Ctrl + and −", "Zoom in and out"),
        ("Double-click", "Zoom in on a place"),
        ("Right-drag, Shift + arrows", "Turn and tilt the map"),
        ("0, Ctrl+0", "Back to the opening view"),
        ("Right-click, Menu, Shift+F10", "Menu: pin, what's here, measure"),
        ("Click a pin, Tab, Enter", "Select a pin, open its callout"),
        ("Drag a pin", "Move it (saved when dropped)"),
        ("Enter, F2, the callout's pencil", "Name a selected pin, write a note"),
        ("Delete; Ctrl+Z, Ctrl+Y", "Delete a pin; undo, redo"),
        ("Ctrl+F, /", "Search for a place"),
        ("L", "Drop a pin at your location"),
        ("P", "Show the pointer's position"),
        ("Ctrl+O, drop a file", "Open a track, pins or a map"),
        ("Ctrl+W", "Close the selection's file"),
        ("Ctrl+E, Ctrl+Shift+E", "Export the view as PNG, as PDF"),
        ("Ctrl+D", "Download this area for offline use"),
        ("F11", "Full screen"),
        ("Escape", "Close, deselect"),
        ("F1, ?", "This card"),
        ("Ctrl+Q", "Quit"),
    ]

    static let title = "Keyboard and mouse"
    static let lineHeight = 22.0
    static let padding = 18.0
    static let keysWidth = 230.0
    static let width = 480.0
    static let keyFont = FontSpec(size: 13, weight: .bold)
    static let textFont = FontSpec(size: 13)
    static let titleFont = FontSpec(size: 16, weight: .bold)

    /// The most recent files the card lists, each with its Ctrl+digit.
    static let mostRecent = 5

    /// The card's lines: the keys (Ctrl+D where the app downloads areas),
    /// then the recent files (`recent`, names, most recent first).
    static func entries(recent: [String], downloadsAreas: Bool = false) -> [(keys: String, does: String)] {
        lines.filter { downloadsAreas || $0.keys != "Ctrl+D" }
            + recent.prefix(mostRecent).enumerated().map { ("Ctrl+\($0.offset + 1)", "Open " + $0.element) }
    }

    /// The card's height in points at its full size, with `count` lines.
    static func fullHeight(lines count: Int = lines.count) -> Double { 2 * padding + 30 + Double(count) * lineHeight }

    /// The scale the card is laid out at: the screen's, made smaller (down
    /// to 70 %) where the view is shorter than the card, so every line shows
    /// in a small window (a 480x360 one) rather than being cut off.
    static func layoutScale(viewport: Size, scale: Double, lines count: Int = lines.count) -> Double {
        scale * min(1, max(0.7, viewport.height / (fullHeight(lines: count) * scale)))
    }

    /// The card, centred in `viewport` (pixels), as big as fits.
    static func frame(viewport: Size, scale screenScale: Double, lines count: Int = lines.count) -> Rect {
        let scale = layoutScale(viewport: viewport, scale: screenScale, lines: count)
        let height = fullHeight(lines: count) * scale
        let size = Size(width: min(width * scale, viewport.width), height: min(height, viewport.height))
        return Rect(x: ((viewport.width - size.width) / 2).rounded(), y: ((viewport.height - size.height) / 2).rounded(),
                    width: size.width, height: size.height)
    }

    static func commands(viewport: Size, scale screenScale: Double, recent: [String] = [], downloadsAreas: Bool = false,
                         metrics: TextMeasuring) -> [DrawCommand] {
        let lines = entries(recent: recent, downloadsAreas: downloadsAreas)
        let frame = frame(viewport: viewport, scale: screenScale, lines: lines.count)
        let scale = layoutScale(viewport: viewport, scale: screenScale, lines: lines.count)
        var commands = ControlStyle.card(frame, radius: 10 * scale, role: "shortcuts", scale: scale)
        func text(_ string: String, _ font: FontSpec, _ color: Color, x: Double, y: Double, width: Double) {
            let scaled = FontSpec(size: font.size * scale, weight: font.weight)
            let fitted = metrics.truncated(string, font: scaled, maxWidth: max(width, 1))
            guard y + fitted.size.height <= frame.maxY else { return }  // a view too short shows the lines that fit
            commands.append(.text(TextDraw(text: fitted.text, font: scaled, color: color,
                                           rect: Rect(origin: Point(x: x.rounded(), y: y.rounded()), size: fitted.size))))
        }
        let left = frame.minX + padding * scale, inner = frame.width - 2 * padding * scale
        text(title, titleFont, ControlStyle.ink, x: left, y: frame.minY + padding * scale, width: inner)
        let keys = min(keysWidth * scale, inner / 2)
        for (index, line) in lines.enumerated() {
            let y = frame.minY + (padding + 30 + Double(index) * lineHeight) * scale
            text(line.keys, keyFont, ControlStyle.ink, x: left, y: y, width: keys - 8 * scale)
            text(line.does, textFont, ControlStyle.grey, x: left + keys, y: y, width: inner - keys)
        }
        return commands
    }
}
