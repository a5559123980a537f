/// Naming pins: the editor opens on a pin a person may edit, and its Save
/// gives the pin the new name and note as one step of undo, and asks the
/// program to save its file (`annotationsChanged`).
extension MapController {
    /// Opens the pin editor on `pin` (the details panel steps aside for it).
    /// Nothing happens for a pin its file locks, or one not on the map.
    package func editPin(_ pin: any EditablePin) {
        guard pin.isEditable, contains(pin) else { return }
        pinEditor.returnsToDetails = detailsPanel.panel != nil && detailsPanel.annotation === pin
        if detailsPanel.panel != nil { closeDetails() }
        chrome.menu = nil
        input.letGo(at: clock)
        pinEditor.open(pin)
    }

    /// The editor's Save: `pin` takes `text`, undoably; the editor closes.
    func rename(_ pin: any EditablePin, to text: PinText) -> [MapAction] {
        defer { closePinEditor() }
        let before = PinText(of: pin)
        guard before != text, contains(pin) else { return [] }
        text.apply(to: pin)
        dragController.recordRename(pin, from: before, to: text)
        return [.annotationsChanged]
    }

    /// Closes the editor; the details panel it stood in for comes back, told the new name.
    func closePinEditor() {
        let pin = pinEditor.pin, returns = pinEditor.returnsToDetails
        pinEditor.close()
        if returns, let pin, contains(pin) { showDetails(for: pin) }
    }

    /// The pin a key (Enter, F2) would edit: the selected one, if it may be.
    var editablePinSelected: (any EditablePin)? {
        guard let pin = selectedAnnotations.first as? any EditablePin, pin.isEditable else { return nil }
        return pin
    }

    /// The editor as the last frame placed it, for tests and hit testing; nil while closed.
    package var pinEditorFrame: Rect? {
        pinEditor.isOpen ? PinEditorPanel.layout(viewport: camera.viewportSize, scale: displayScale).frame : nil
    }
}
