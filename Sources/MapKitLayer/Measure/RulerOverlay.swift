import MapEngine

/// The measured path on the map: its legs as a line on a white casing, a
/// dot at each point (the first one ringed once a click there would close
/// the path), each leg's length beside its middle, and a panel in the top
/// left corner with the total, the area once closed, and the keys. Sizes
/// are points, times the screen's scale.
enum RulerOverlay {
    static let lineColor = Color(hex: 0xD9480F)
    static let casingColor = Color(hex: 0xFFFFFF)
    static let labelFont = FontSpec(size: 12, weight: .bold)
    static let totalFont = FontSpec(size: 15, weight: .bold)
    static let hintFont = FontSpec(size: 12)
    /// How near the first point a click closes the path, in points.
    static let closingReach = 12.0

    static func commands(_ ruler: Ruler, camera: Camera, scale: Double, units: DistanceUnits, isDark: Bool,
                         metrics: TextMeasuring) -> [DrawCommand] {
        let screen = ruler.points.map { camera.screenPoint(for: $0) }
        var commands: [DrawCommand] = []
        var legs = zip(screen, screen.dropFirst()).map { ($0, $1) }
        if ruler.isClosed, let first = screen.first, let last = screen.last { legs.append((last, first)) }
        for (from, to) in legs { if let band = band(from, to, width: 5 * scale, casingColor) { commands.append(.shape(band)) } }
        for (from, to) in legs { if let band = band(from, to, width: 2.5 * scale, lineColor) { commands.append(.shape(band)) } }
        for (index, point) in screen.enumerated() {
            if index == 0, !ruler.isClosed, ruler.points.count >= 3 {
                commands.append(.shape(.disc(point, 8 * scale, lineColor, feather: 1, role: "ruler-close")))
            }
            commands.append(.shape(.disc(point, 5 * scale, casingColor, feather: 1, role: "ruler-point")))
            commands.append(.shape(.disc(point, 3.5 * scale, lineColor, feather: 1, role: "ruler-point")))
        }
        let font = FontSpec(size: labelFont.size * scale, weight: labelFont.weight)
        for ((from, to), length) in zip(legs, ruler.legLengths) {
            let text = MeasureText.length(length, units: units)
            let size = metrics.size(of: text, font: font)
            // Only where the leg is long enough on screen to carry it.
            guard (to - from).length > size.width + 16 * scale else { continue }
            let middle = Point(x: (from.x + to.x) / 2, y: (from.y + to.y) / 2)
            var label = TextDraw(text: text, font: font, color: Color(hex: 0x202124),
                                 rect: Rect(origin: Point(x: (middle.x - size.width / 2).rounded(),
                                                          y: (middle.y - size.height - 4 * scale).rounded()), size: size))
            label.halo = casingColor
            label.haloWidth = 2 * scale
            label.role = "ruler-leg"
            commands.append(.text(label))
        }
        return commands + panel(ruler, viewport: camera.viewportSize, scale: scale, units: units, isDark: isDark, metrics: metrics)
    }

    /// The panel's lines: the total, the area when closed, and what the keys do.
    static func lines(_ ruler: Ruler, units: DistanceUnits) -> [String] {
        var lines = ["Distance " + MeasureText.length(ruler.total, units: units)]
        if let area = ruler.area { lines.append("Area " + MeasureText.area(area, units: units)) }
        lines.append(ruler.isClosed ? "The path is closed"
                         : ruler.points.count >= 3 ? "Click the first point to close the path" : "Click to add a point")
        lines.append("Backspace removes the last · Esc ends")
        return lines
    }

    /// A leg as a band `width` wide with soft edges (a line SDL draws with antialiasing).
    static func band(_ from: Point, _ to: Point, width: Double, _ color: Color) -> ShapeDraw? {
        let along = to - from
        let length = along.length
        guard length > 0, length.isFinite else { return nil }
        let side = Point(x: -along.y / length, y: along.x / length) * (width / 2)
        let outline = [from + side, to + side, to - side, from - side]
        let box = Rect(x: min(from.x, to.x) - width / 2, y: min(from.y, to.y) - width / 2,
                       width: abs(along.x) + width, height: abs(along.y) + width)
        return ShapeDraw(outline: outline, center: Point(x: (from.x + to.x) / 2, y: (from.y + to.y) / 2), color: color,
                         feather: 1, rect: box, role: "ruler-leg")
    }

    private static func panel(_ ruler: Ruler, viewport: Size, scale: Double, units: DistanceUnits, isDark: Bool,
                              metrics: TextMeasuring) -> [DrawCommand] {
        let lines = lines(ruler, units: units)
        let fonts = lines.indices.map { index -> FontSpec in
            let base = index < lines.count - 2 ? totalFont : hintFont
            return FontSpec(size: base.size * scale, weight: base.weight)
        }
        let sizes = zip(lines, fonts).map { metrics.size(of: $0, font: $1) }
        let padding = 10 * scale
        let width = min((sizes.map(\.width).max() ?? 0) + 2 * padding, viewport.width - 20 * scale)
        let height = sizes.map(\.height).reduce(0, +) + 2 * padding
        let frame = Rect(x: (10 * scale).rounded(), y: (10 * scale).rounded(), width: width.rounded(), height: height.rounded())
        let background = isDark ? Color(hex: 0x2B2F36, alpha8: 235) : Color(hex: 0xFFFFFF, alpha8: 235)
        var commands: [DrawCommand] = [.rect(frame, background)]
        var y = frame.minY + padding
        for (index, (line, font)) in zip(lines, fonts).enumerated() {
            let hint = index >= lines.count - 2
            let color = isDark ? (hint ? Color(hex: 0xB8BCC4) : Color(hex: 0xFFFFFF)) : (hint ? Color(hex: 0x5F6368) : Color(hex: 0x202124))
            var text = TextDraw(text: line, font: font, color: color, rect: Rect(origin: Point(x: frame.minX + padding, y: y.rounded()),
                                                                             size: sizes[index]))
            text.role = "ruler-panel"
            commands.append(.text(text))
            y += sizes[index].height
        }
        return commands
    }
}
