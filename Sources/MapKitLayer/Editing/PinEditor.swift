import MapEngine

/// The pin editor's state: the pin being named, the Name and Note fields'
/// texts, which field has the keyboard and where its caret stands (in
/// characters, so a keystroke never splits a letter of any script).
///
///     editor.open(pin)            // fields filled from the pin
///     editor.type("東京")         // at the caret
///     editor.result               // what Save writes: the name trimmed, the note or nil
@MainActor
package final class PinEditor {
    /// The two fields.
    package enum Field: Int, CaseIterable, Sendable {
        case name, note

        /// What the field is called on screen.
        var label: String { self == .name ? "Name" : "Note" }
    }

    /// The pin edited; nil while the editor is closed.
    package private(set) weak var pin: (any EditablePin)?
    /// The fields' texts, as characters.
    private(set) var texts: [Field: [Character]] = [.name: [], .note: []]
    /// The field with the keyboard.
    package private(set) var focus = Field.name
    /// Where the caret stands in the focused field: before this character.
    private(set) var caret = 0
    /// Whether the details panel stood where the editor stands, to come back when it closes.
    var returnsToDetails = false
    /// Told when anything shown changes, to ask for a frame.
    var changed: () -> Void = {}

    /// The longest name or note taken, in characters.
    static let maxLength = 500

    package var isOpen: Bool { pin != nil }

    /// Opens on `pin`: the name field has the keyboard, its caret at the end.
    func open(_ pin: any EditablePin) {
        self.pin = pin
        texts = [.name: Array(pin.title ?? ""), .note: Array(pin.note ?? "")]
        focus = .name
        caret = texts[.name]!.count
        changed()
    }

    func close() {
        guard pin != nil else { return }
        pin = nil
        texts = [.name: [], .note: []]
        changed()
    }

    /// A field's text.
    package func text(_ field: Field) -> String { String(texts[field] ?? []) }

    /// The caret's place in `field`'s text (characters before it); nil when the field does not have the keyboard.
    func caret(in field: Field) -> Int? { field == focus ? caret : nil }

    /// Gives `field` the keyboard, its caret at `position` (the end when nil).
    func focus(_ field: Field, at position: Int? = nil) {
        focus = field
        let count = texts[field]!.count
        caret = min(max(position ?? count, 0), count)
        changed()
    }

    /// Tab: the other field, caret at its end.
    func switchField() {
        focus(focus == .name ? .note : .name)
    }

    /// Text typed (or pasted) at the caret: line breaks and tabs become spaces, control characters go.
    func type(_ typed: String) {
        guard isOpen else { return }
        let clean = typed.compactMap { character -> Character? in
            if character.isNewline || character == "\t" { return " " }
            return character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control } ? nil : character
        }
        let room = PinEditor.maxLength - texts[focus]!.count
        guard room > 0, !clean.isEmpty else { return }
        texts[focus]!.insert(contentsOf: clean.prefix(room), at: caret)
        caret += min(room, clean.count)
        changed()
    }

    /// Backspace: the character before the caret goes.
    func deleteBackward() {
        guard caret > 0 else { return }
        texts[focus]!.remove(at: caret - 1)
        caret -= 1
        changed()
    }

    /// Delete: the character after the caret goes.
    func deleteForward() {
        guard caret < texts[focus]!.count else { return }
        texts[focus]!.remove(at: caret)
        changed()
    }

    /// Left and Right move the caret a character; Home and End to the ends.
    func moveCaret(by step: Int) {
        focus(focus, at: caret + step)
    }

    func moveCaret(toEnd: Bool) {
        focus(focus, at: toEnd ? texts[focus]!.count : 0)
    }

    /// What Save writes: the name without the spaces around it; the note
    /// likewise, nil when empty. Nil while the name is empty (a pin keeps a name).
    var result: PinText? {
        let title = text(.name).trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { return nil }
        let note = text(.note).trimmingCharacters(in: .whitespaces)
        return PinText(title: title, note: note.isEmpty ? nil : note)
    }
}
