import MapEngine

/// The pin editor on screen: a card at the top right (where the details
/// panel stands) headed "Edit pin", with a Name and a Note field and
/// Cancel and Save buttons. The field with the keyboard has a blue frame
/// and a caret; a text too long for its field shows its end, where one
/// types. Sizes are points, times the display scale.
///
///     let laid = PinEditorPanel.layout(viewport: size, scale: 1)
///     commands += PinEditorPanel.commands(editor, layout: laid, pressed: nil, metrics: fonts)
@MainActor
enum PinEditorPanel {
    /// What of the panel a pointer is over.
    enum Part: Equatable {
        case field(PinEditor.Field)
        case save, cancel, body
    }

    /// Where each part stands.
    struct Layout: Equatable {
        var frame: Rect
        var heading: Point
        var labels: [Point]
        var fields: [Rect]
        var cancel: Rect
        var save: Rect

        /// The part at `point`, if it is on the panel.
        func part(at point: Point) -> Part? {
            guard frame.contains(point) else { return nil }
            if save.contains(point) { return .save }
            if cancel.contains(point) { return .cancel }
            for field in PinEditor.Field.allCases where fields[field.rawValue].contains(point) { return .field(field) }
            return .body
        }
    }

    static let margin = 12.0
    static let padding = 14.0
    static let maxWidth = 340.0
    static let fieldHeight = 34.0
    static let buttonHeight = 32.0
    static let buttonWidth = 84.0
    static let headingFont = FontSpec(size: 15, weight: .bold)
    static let labelFont = FontSpec(size: 12, weight: .bold)
    static let textFont = FontSpec(size: 15)
    static let buttonFont = FontSpec(size: 14, weight: .bold)
    static let face = Color(hex: 0xFFFFFF, alpha8: 246)
    static let ink = Color(hex: 0x202124)
    static let grey = Color(hex: 0x5F6368)
    static let fieldFace = Color(hex: 0xF1F3F4)
    static let accent = Color(hex: 0x1A73E8)
    static let pressedFace = Color(hex: 0xD2E3FC)
    static let heading = "Edit pin"
    static let namePlaceholder = "A name is needed"

    static func layout(viewport: Size, scale: Double) -> Layout {
        let pad = padding * scale
        let width = min(maxWidth * scale, viewport.width - 2 * margin * scale)
        let x = viewport.width - margin * scale - width
        var y = margin * scale + pad
        let heading = Point(x: x + pad, y: y)
        y += 22 * scale
        var labels: [Point] = [], fields: [Rect] = []
        for _ in PinEditor.Field.allCases {
            labels.append(Point(x: x + pad, y: y))
            y += 18 * scale
            fields.append(Rect(x: x + pad, y: y, width: width - 2 * pad, height: fieldHeight * scale))
            y += (fieldHeight + 10) * scale
        }
        y += 2 * scale
        let save = Rect(x: x + width - pad - buttonWidth * scale, y: y, width: buttonWidth * scale, height: buttonHeight * scale)
        let cancel = Rect(x: save.minX - 8 * scale - buttonWidth * scale, y: y, width: buttonWidth * scale,
                          height: buttonHeight * scale)
        let frame = Rect(x: x, y: margin * scale, width: width, height: save.maxY + pad - margin * scale)
        return Layout(frame: frame, heading: heading, labels: labels, fields: fields, cancel: cancel, save: save)
    }

    static func commands(_ editor: PinEditor, layout: Layout, pressed: Part?, scale: Double,
                         metrics: TextMeasuring) -> [DrawCommand] {
        let outline = CalloutDrawing.roundedRect(layout.frame, radius: 10 * scale)
        var commands: [DrawCommand] = [
            .shape(CalloutStyle.shadow(of: outline, center: layout.frame.center, rect: layout.frame, role: "pin-editor-shadow",
                                       scale: scale)),
            .shape(ShapeDraw(outline: outline, center: layout.frame.center, color: face, feather: 1, rect: layout.frame,
                             role: "pin-editor")),
        ]
        commands.append(text(heading, font: headingFont, color: ink, at: layout.heading, scale: scale, metrics: metrics))
        for field in PinEditor.Field.allCases {
            commands.append(text(field.label, font: labelFont, color: grey, at: layout.labels[field.rawValue], scale: scale,
                                 metrics: metrics))
            commands += fieldCommands(editor, field: field, in: layout.fields[field.rawValue], scale: scale, metrics: metrics)
        }
        commands += button("Cancel", in: layout.cancel, filled: false, pressed: pressed == .cancel, action: "pin-editor-cancel",
                           scale: scale, metrics: metrics)
        commands += button("Save", in: layout.save, filled: true, pressed: pressed == .save, action: "pin-editor-save",
                           scale: scale, metrics: metrics)
        return commands
    }

    private static func fieldCommands(_ editor: PinEditor, field: PinEditor.Field, in rect: Rect, scale: Double,
                                      metrics: TextMeasuring) -> [DrawCommand] {
        let caret = editor.caret(in: field)
        var commands: [DrawCommand] = []
        if caret != nil {
            let ring = rect.insetBy(-2 * scale)
            commands.append(.shape(ShapeDraw(outline: CalloutDrawing.roundedRect(ring, radius: 7 * scale), center: ring.center,
                                             color: accent, feather: 1, rect: ring, role: "pin-editor-focus")))
        }
        commands.append(.shape(ShapeDraw(outline: CalloutDrawing.roundedRect(rect, radius: 5 * scale), center: rect.center,
                                         color: fieldFace, feather: 1, rect: rect, role: "pin-editor-field",
                                         action: "pin-editor-\(field == .name ? "name" : "note")")))
        let font = FontSpec(size: textFont.size * scale)
        let pad = 10 * scale, room = rect.width - 2 * pad
        let characters = Array(editor.text(field))
        if characters.isEmpty {
            if field == .name {
                commands.append(text(namePlaceholder, font: textFont, color: grey, at: Point(x: rect.minX + pad, y: 0),
                                     centredIn: rect, scale: scale, metrics: metrics))
            }
        } else {
            // The part of the text shown: as much as fits ending at the caret's side of it.
            let (first, shown) = visible(characters, caret: caret ?? characters.count, room: room, font: font, metrics: metrics)
            let size = metrics.size(of: shown, font: font)
            commands.append(.text(TextDraw(text: shown, font: font, color: ink,
                                           rect: Rect(x: rect.minX + pad, y: (rect.midY - size.height / 2).rounded(),
                                                      width: size.width, height: size.height))))
            if let caret {
                let before = String(characters[first..<max(first, min(caret, characters.count))])
                let x = rect.minX + pad + (before.isEmpty ? 0 : metrics.size(of: before, font: font).width)
                commands.append(caretBar(x: x, in: rect, scale: scale))
            }
            return commands
        }
        if caret != nil { commands.append(caretBar(x: rect.minX + pad, in: rect, scale: scale)) }
        return commands
    }

    /// The characters shown in a field `room` wide: all of them when they
    /// fit, else a run that keeps the caret in sight (its start index too).
    static func visible(_ characters: [Character], caret: Int, room: Double, font: FontSpec,
                        metrics: TextMeasuring) -> (first: Int, text: String) {
        let all = String(characters)
        if metrics.size(of: all, font: font).width <= room { return (0, all) }
        var first = 0, last = max(caret, 1)
        // Grow back from the caret, then forward after it, while it fits.
        while first < last, metrics.size(of: String(characters[first..<last]), font: font).width > room { first += 1 }
        var low = first
        while low > 0, metrics.size(of: String(characters[(low - 1)..<last]), font: font).width <= room { low -= 1 }
        first = low
        while last < characters.count, metrics.size(of: String(characters[first...last]), font: font).width <= room { last += 1 }
        return (first, String(characters[first..<last]))
    }

    private static func caretBar(x: Double, in rect: Rect, scale: Double) -> DrawCommand {
        .rect(Rect(x: x.rounded(), y: rect.minY + 7 * scale, width: max(1, scale), height: rect.height - 14 * scale), accent)
    }

    private static func button(_ title: String, in rect: Rect, filled: Bool, pressed: Bool, action: String, scale: Double,
                               metrics: TextMeasuring) -> [DrawCommand] {
        let color = filled ? (pressed ? Color(hex: 0x1558B0) : accent) : (pressed ? pressedFace : fieldFace)
        let outline = CalloutDrawing.roundedRect(rect, radius: rect.height / 2)
        return [
            .shape(ShapeDraw(outline: outline, center: rect.center, color: color, feather: 1, rect: rect, role: "pin-editor-button",
                             action: action)),
            text(title, font: buttonFont, color: filled ? Color(hex: 0xFFFFFF) : accent, at: .zero, centredIn: rect,
                 horizontally: true, scale: scale, metrics: metrics),
        ]
    }

    private static func text(_ string: String, font: FontSpec, color: Color, at point: Point, centredIn box: Rect? = nil,
                             horizontally: Bool = false, scale: Double, metrics: TextMeasuring) -> DrawCommand {
        let scaled = FontSpec(size: font.size * scale, weight: font.weight)
        let size = metrics.size(of: string, font: scaled)
        var origin = point
        if let box {
            origin.y = (box.midY - size.height / 2).rounded()
            if horizontally { origin.x = (box.midX - size.width / 2).rounded() }
        }
        return .text(TextDraw(text: string, font: scaled, color: color, rect: Rect(origin: origin, size: size)))
    }
}
