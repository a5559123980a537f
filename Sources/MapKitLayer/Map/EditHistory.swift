import MapEngine

/// The map's undo and redo (Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y) over the edits
/// `DragController` records: drags, nudges, deletions, dropped pins and new names. It
/// puts the annotation back on or takes it off the map, and tells the
/// program to save.
@MainActor
final class EditHistory {
    private unowned let map: MapController

    init(map: MapController) {
        self.map = map
    }

    /// A finished burst of nudges: one step of undo, and saved like a drop.
    func keep(_ move: KeyNudge.Move) {
        map.dragController.recordMove(move.annotation, from: move.from, to: move.to)
        map.raise(.annotationsChanged)
    }

    /// Puts the last edit back (`undo`) or makes the last undone one again;
    /// nothing happens during a carry.
    func step(undo: Bool) -> [MapAction] {
        let drag = map.dragController
        guard drag.carry == nil else { return [] }
        if let move = map.input.nudges.finish(now: map.clock) { keep(move) }
        drag.finishReturns()
        let isShown: (any Annotation) -> Bool = { [unowned map] in map.contains($0) }
        guard let edit = undo ? drag.undo(isShown: isShown) : drag.redo(isShown: isShown) else { return [] }
        switch edit {
        case .deletion(let annotation):
            guard undo else { map.removeFromMap(annotation); return [.annotationsChanged] }
            map.addAnnotation(annotation)
            map.messages.clear()  // "Deleted …" no longer holds
        case .addition(let annotation):
            if undo { map.removeFromMap(annotation) } else { map.addAnnotation(annotation) }
        case .move, .rename: break
        }
        return [.annotationsChanged]
    }
}
