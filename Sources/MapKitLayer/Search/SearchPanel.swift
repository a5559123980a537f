import MapEngine

/// What the search looks like and where its parts are: the round search
/// button top right (while the field is closed), the field across the top
/// with the text typed, the list of matches under it, and the marker where
/// the map flew. Sizes are in points, times the screen's scale.
enum SearchPanel {
    enum Part: Equatable, Sendable {
        case button, field
        case result(Int)
    }

    static let margin = ControlStyle.searchMargin
    static let buttonSize = ControlStyle.searchButtonSize
    static let maxWidth = 420.0
    static let fieldHeight = 40.0
    static let rowHeight = 34.0
    static let padding = 12.0
    static let textFont = FontSpec(size: 15)
    static let nameFont = FontSpec(size: 14, weight: .bold)
    static let regionFont = FontSpec(size: 13)
    static let ink = ControlStyle.ink
    static let grey = ControlStyle.grey
    static let face = ControlStyle.face
    static let pressedFace = ControlStyle.pressedFace
    static let pick = ControlStyle.pick
    static let markerColor = Color(hex: 0xD93025)
    static let searchAction = "search"
    static let placeholder = "Search for a place"
    static let loading = "Loading place names…"
    static let nothingFound = "No place of that name"

    static func button(viewport: Size, scale: Double) -> Rect {
        ControlStyle.searchButton(viewport: viewport, scale: scale)
    }

    static func field(viewport: Size, scale: Double) -> Rect {
        let width = min(maxWidth * scale, viewport.width - 2 * margin * scale)
        return Rect(x: ((viewport.width - width) / 2).rounded(), y: margin * scale, width: width,
                    height: fieldHeight * scale)
    }

    static func row(_ index: Int, viewport: Size, scale: Double) -> Rect {
        let field = field(viewport: viewport, scale: scale)
        return Rect(x: field.minX, y: field.maxY + (4 + Double(index) * rowHeight) * scale, width: field.width,
                    height: rowHeight * scale)
    }

    /// Where what is drawn of the open search ends, down the screen (its
    /// field and its list); nil while it is closed.
    static func bottom(box: SearchBox, viewport: Size, scale: Double) -> Double? {
        guard box.isOpen else { return nil }
        let rows = box.marker != nil ? 0 : max(box.results.count, box.query.isEmpty ? 0 : 1)
        return rows == 0 ? field(viewport: viewport, scale: scale).maxY : row(rows - 1, viewport: viewport, scale: scale).maxY
    }

    /// The part of the search under a screen point, if any.
    static func part(at point: Point, box: SearchBox, viewport: Size, scale: Double) -> Part? {
        guard box.isOpen else { return button(viewport: viewport, scale: scale).contains(point) ? .button : nil }
        if field(viewport: viewport, scale: scale).contains(point) { return .field }
        for index in box.results.indices where box.marker == nil && row(index, viewport: viewport, scale: scale).contains(point) {
            return .result(index)
        }
        return nil
    }

    /// `labels` are the map labels' boxes on screen: the marker stands
    /// beside the label it would cover (the found city's own name), not on it.
    /// Where the marker of a place at `point` stands: there, unless a label
    /// there would be covered; then just left of the labels it touches
    /// (their first line's middle), as a map app puts a place's dot beside its name.
    static func markerPoint(_ point: Point, beside labels: [Rect], radius: Double) -> Point {
        let disc = Rect(x: point.x - radius, y: point.y - radius, width: 2 * radius, height: 2 * radius)
        let covered = labels.filter { $0.intersects(disc) }
        guard let first = covered.min(by: { $0.minY < $1.minY }) else { return point }
        let left = covered.map(\.minX).min() ?? first.minX
        return Point(x: left - radius - 2, y: first.midY)
    }

    static func commands(box: SearchBox, camera: Camera, scale: Double, pressed: Part?, showsButton: Bool,
                         labels: [Rect] = [], metrics: TextMeasuring) -> [DrawCommand] {
        let viewport = camera.viewportSize
        var commands: [DrawCommand] = []
        if let marker = box.marker {
            let at = markerPoint(camera.screenPoint(for: marker.coordinate), beside: labels, radius: 9 * scale)
            commands.append(.shape(ShapeDraw.disc(at, 9 * scale, face, feather: 1, role: "search-marker-ring")))
            commands.append(.shape(ShapeDraw.disc(at, 6 * scale, markerColor, feather: 1, role: "search-marker")))
        }
        guard box.isOpen else {
            guard showsButton else { return commands }
            return commands + buttonCommands(viewport: viewport, scale: scale, isPressed: pressed == .button)
        }
        let field = field(viewport: viewport, scale: scale)
        commands += card(field, role: "search-field", action: nil, color: face, scale: scale)
        let pad = padding * scale
        let font = FontSpec(size: textFont.size * scale)
        let shown = box.query.isEmpty ? (box.finder == nil ? loading : placeholder) : box.query
        let fitted = metrics.truncated(shown, font: font, maxWidth: field.width - 2 * pad - 2 * scale)
        let textOrigin = Point(x: field.minX + pad, y: (field.midY - fitted.size.height / 2).rounded())
        commands.append(.text(TextDraw(text: fitted.text, font: font, color: box.query.isEmpty ? grey : ink,
                                       rect: Rect(origin: textOrigin, size: fitted.size))))
        // The caret only while the field has the keyboard.
        let caretX = box.query.isEmpty ? field.minX + pad : textOrigin.x + fitted.size.width + scale
        if box.isEditing {
            commands.append(.rect(Rect(x: caretX.rounded(), y: field.minY + 9 * scale, width: max(1, scale),
                                       height: field.height - 18 * scale), Color(hex: 0x1A73E8)))
        }
        guard box.marker == nil else { return commands }  // flown there: the list steps aside
        if !box.query.isEmpty && box.finder != nil && box.results.isEmpty {
            let row = row(0, viewport: viewport, scale: scale)
            commands += card(row, role: "search-empty", action: nil, color: face, scale: scale)
            commands += label(nothingFound, font: regionFont, color: grey, in: row, scale: scale, metrics: metrics)
        }
        for (index, place) in box.results.enumerated() {
            let row = row(index, viewport: viewport, scale: scale)
            let color = pressed == .result(index) ? pressedFace : (box.highlighted == index ? pick : face)
            commands += card(row, role: "search-result", action: "search-result-\(index)", color: color, scale: scale)
            let name = label(place.name, font: nameFont, color: ink, in: row, scale: scale, metrics: metrics)
            commands += name
            // ", Region, CC", then the name in the country's own script: "Moscow, RU  Москва".
            let rest = String(place.label.dropFirst(place.name.count)) + (place.localName.isEmpty ? "" : "  " + place.localName)
            if case .text(let drawn) = name.first {
                var after = row
                after.origin.x = drawn.rect.maxX - pad
                after.size.width = row.maxX - after.minX
                commands += label(rest, font: regionFont, color: grey, in: after, scale: scale, metrics: metrics)
            }
        }
        return commands
    }

    private static func buttonCommands(viewport: Size, scale: Double, isPressed: Bool) -> [DrawCommand] {
        let box = button(viewport: viewport, scale: scale)
        let disc = ShapeDraw.disc(box.center, buttonSize * scale / 2, isPressed ? pressedFace : face, feather: 1,
                                  role: "search-button", action: searchAction)
        let lens = box.center + Point(x: -3, y: -3) * scale
        return [.shape(disc)] + ControlStyle.border(disc.outline) + [
            .shape(ShapeDraw.disc(lens, 8 * scale, ink, feather: 1, role: "search-lens")),
            .shape(ShapeDraw.disc(lens, 5.5 * scale, isPressed ? pressedFace : face, feather: 1, role: "search-lens-glass")),
            .line(from: lens + Point(x: 6, y: 6) * scale, to: lens + Point(x: 12, y: 12) * scale, color: ink,
                  width: 3 * scale),
        ]
    }

    private static func card(_ rect: Rect, role: String, action: String?, color: Color, scale: Double) -> [DrawCommand] {
        let outline = CalloutDrawing.roundedRect(rect, radius: 6 * scale)
        return [
            .shape(CalloutStyle.shadow(of: outline, center: rect.center, rect: rect, role: role + "-shadow", scale: scale,
                                       alpha: 0.6)),
            .shape(ShapeDraw(outline: outline, center: rect.center, color: color, feather: 1, rect: rect, role: role,
                             action: action)),
        ]
    }

    /// One line of text inside a rectangle, left-aligned after the padding, cut to fit.
    private static func label(_ text: String, font: FontSpec, color: Color, in rect: Rect, scale: Double,
                              metrics: TextMeasuring) -> [DrawCommand] {
        guard !text.isEmpty else { return [] }
        let pad = padding * scale
        let scaled = FontSpec(size: font.size * scale, weight: font.weight)
        let fitted = metrics.truncated(text, font: scaled, maxWidth: max(0, rect.width - 2 * pad))
        guard !fitted.text.isEmpty else { return [] }
        return [.text(TextDraw(text: fitted.text, font: scaled, color: color,
                               rect: Rect(origin: Point(x: rect.minX + pad, y: (rect.midY - fitted.size.height / 2).rounded()),
                                          size: fitted.size)))]
    }
}
