import MapEngine

/// The pin editor while open: presses on its fields give them the keyboard,
/// its buttons save or cancel on release, the rest of the card swallows
/// presses; presses elsewhere go on to the map. Every key is the editor's
/// (a letter typed must not drop a pin): Enter saves, Escape cancels, Tab
/// changes field, Backspace, Delete, ←, →, Home and End edit, Ctrl+V asks
/// the app for the clipboard; text arrives as typed (`type`), in any script.
@MainActor
final class PinEditorInteraction: MapInteraction {
    private unowned let map: any InteractionHost
    private let editor: PinEditor
    private var press = ControlTracker<PinEditorPanel.Part>()

    init(map: any InteractionHost, editor: PinEditor) {
        self.map = map
        self.editor = editor
    }

    /// For drawing: what is pressed, with the pointer over it.
    var pressed: PinEditorPanel.Part? { press.pressedTarget }

    var layout: PinEditorPanel.Layout {
        PinEditorPanel.layout(viewport: map.camera.viewportSize, scale: map.displayScale)
    }

    func handle(_ event: PointerEvent, at now: Double) -> InteractionReply {
        guard editor.isOpen else { return .ignored }
        let layout = layout, part = layout.part(at: event.location)
        let outcome = press.handle(event, over: part)
        if outcome == .handled, event.phase == .down, case .field(let field)? = part {
            editor.focus(field, at: caret(in: field, at: event.location, layout: layout))
        }
        return switch outcome {
        case .notMine: .ignored
        case .handled: .handled([.redraw])
        case .activated(.save): .handled(save())
        case .activated(.cancel): .handled([.cancelPinEdit])
        case .activated: .handled([.redraw])
        }
    }

    func reset(at now: Double) {
        press.reset()
    }

    /// A key while the editor is open: nil when it is closed.
    func handle(_ key: KeyPress) -> [MapEffect]? {
        guard editor.isOpen else { return nil }
        let control = key.modifiers.contains(.control)
        switch key.name {
        case "escape": return [.cancelPinEdit]
        case "return": return save()
        case "tab": editor.switchField()
        case "backspace": editor.deleteBackward()
        case "delete": editor.deleteForward()
        case "left": editor.moveCaret(by: -1)
        case "right": editor.moveCaret(by: 1)
        case "home": editor.moveCaret(toEnd: false)
        case "end": editor.moveCaret(toEnd: true)
        case "a" where control: editor.moveCaret(toEnd: false)
        case "e" where control: editor.moveCaret(toEnd: true)
        case "v" where control: return [.report(.paste)]
        default: return []
        }
        return [.redraw]
    }

    /// Text typed while the editor is open; nil when it is closed.
    func type(_ text: String) -> [MapEffect]? {
        guard editor.isOpen else { return nil }
        editor.type(text)
        return [.redraw]
    }

    /// Save: the pin takes the fields' texts; with no name, the name field keeps the keyboard.
    private func save() -> [MapEffect] {
        guard let pin = editor.pin, let text = editor.result else {
            editor.focus(.name)
            return [.redraw]
        }
        return [.renamePin(pin, text)]
    }

    /// The caret position nearest a click in a field, in characters of the text shown there.
    private func caret(in field: PinEditor.Field, at point: Point, layout: PinEditorPanel.Layout) -> Int? {
        let metrics = map.annotationLayer.metrics
        let characters = Array(editor.text(field)), rect = layout.fields[field.rawValue]
        let font = FontSpec(size: PinEditorPanel.textFont.size * map.displayScale)
        let shown = PinEditorPanel.visible(characters, caret: editor.caret(in: field) ?? characters.count, room: rect.width - 20 * map.displayScale,
                                           font: font, metrics: metrics)
        let x = point.x - rect.minX - 10 * map.displayScale
        var best = shown.first, bestDistance = abs(x)
        for end in shown.first..<characters.count {
            let width = metrics.size(of: String(characters[shown.first...end]), font: font).width
            if abs(width - x) < bestDistance { (best, bestDistance) = (end + 1, abs(width - x)) }
            if width > x { break }
        }
        return best
    }
}
