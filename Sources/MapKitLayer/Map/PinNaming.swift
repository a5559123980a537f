import MapEngine

/// Naming pins on a map: the editor opens on a pin a person may edit (the
/// details panel steps aside for it), and its Save gives the pin the new
/// name and note as one step of undo and asks the program to save its
/// file (`annotationsChanged`).
///
///     map.naming.edit(pin)   // the callout's pencil, Enter, F2
@MainActor
package final class PinNaming {
    private unowned let map: MapController

    init(map: MapController) {
        self.map = map
    }

    private var editor: PinEditor { map.pinEditor }

    /// Opens the editor on `pin`; nothing happens for a pin its file locks, or one not on the map.
    package func edit(_ pin: any EditablePin) {
        guard pin.isEditable, map.contains(pin) else { return }
        let details = map.detailsPanel
        editor.returnsToDetails = details.panel != nil && details.annotation === pin
        if details.panel != nil { map.closeDetails() }
        map.chrome.menu = nil
        map.input.letGo(at: map.clock)
        editor.open(pin)
    }

    /// The editor's Save: `pin` takes `text`, undoably; the editor closes.
    func rename(_ pin: any EditablePin, to text: PinText) -> [MapAction] {
        defer { close() }
        let before = PinText(of: pin)
        guard before != text, map.contains(pin) else { return [] }
        text.apply(to: pin)
        map.dragController.recordRename(pin, from: before, to: text)
        return [.annotationsChanged]
    }

    /// Closes the editor; the details panel it stood in for comes back, told the new name.
    func close() {
        let pin = editor.pin, returns = editor.returnsToDetails
        editor.close()
        if returns, let pin, map.contains(pin) { map.showDetails(for: pin) }
    }

    /// The pin a key (Enter, F2) would edit: the selected one, if it may be.
    var selectedPin: (any EditablePin)? { map.selectedPin }

    /// Where the editor stands on screen; nil while it is closed.
    package var frame: Rect? {
        editor.isOpen ? PinEditorPanel.layout(viewport: map.camera.viewportSize, scale: map.displayScale).frame : nil
    }
}
