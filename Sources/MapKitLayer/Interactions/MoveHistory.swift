import MapEngine

/// The user's edits of annotations, for undo and redo: moves made by
/// dragging (with the coordinate before and after), deletions, pins
/// dropped on the map, and new names and notes.
///
///     history.record(pin, from: old, to: new)
///     history.undo(isShown: ...)   // puts pin back at old; returns the edit
@MainActor
struct MoveHistory {
    struct Move {
        let annotation: any MovableAnnotation
        let from: Coordinate
        let to: Coordinate
    }

    /// A pin's name and note before and after the pin editor's Save.
    struct Rename {
        let pin: any EditablePin
        let from: PinText
        let to: PinText
    }

    enum Edit {
        case move(Move)
        case rename(Rename)
        /// The annotation was deleted; undoing it adds it back to the map.
        case deletion(any Annotation)
        /// The annotation was dropped on the map; undoing it takes it off.
        case addition(any Annotation)

        var annotation: any Annotation {
            switch self {
            case .move(let move): return move.annotation
            case .rename(let rename): return rename.pin
            case .deletion(let annotation), .addition(let annotation): return annotation
            }
        }
    }

    private var edits: [Edit] = []
    /// Edits before this index are done; from it on they were undone.
    private var done = 0
    /// Older edits are forgotten past this many.
    static let limit = 200

    mutating func record(_ annotation: any MovableAnnotation, from: Coordinate, to: Coordinate) {
        append(.move(Move(annotation: annotation, from: from, to: to)))
    }

    mutating func recordRename(_ pin: any EditablePin, from: PinText, to: PinText) {
        append(.rename(Rename(pin: pin, from: from, to: to)))
    }

    mutating func recordDeletion(_ annotation: any Annotation) {
        append(.deletion(annotation))
    }

    mutating func recordAddition(_ annotation: any Annotation) {
        append(.addition(annotation))
    }

    private mutating func append(_ edit: Edit) {
        edits.removeSubrange(done...)
        edits.append(edit)
        if edits.count > MoveHistory.limit { edits.removeFirst() }
        done = edits.count
    }

    /// Takes back the last edit still done that can be: a move whose
    /// annotation `isShown` (its coordinate is put back here), or a deletion
    /// whose annotation is not (the caller adds it back). Nil when none.
    mutating func undo(isShown: (any Annotation) -> Bool) -> Edit? {
        while done > 0 {
            done -= 1
            let edit = edits[done]
            switch edit {
            case .move(let move) where isShown(move.annotation):
                move.annotation.move(to: move.from)
                return edit
            case .rename(let rename) where isShown(rename.pin):
                rename.from.apply(to: rename.pin)
                return edit
            case .deletion(let annotation) where !isShown(annotation), .addition(let annotation) where isShown(annotation):
                return edit
            default:
                continue
            }
        }
        return nil
    }

    /// Makes the last undone edit again (a deletion or an addition is left to the caller).
    mutating func redo(isShown: (any Annotation) -> Bool) -> Edit? {
        while done < edits.count {
            let edit = edits[done]
            done += 1
            switch edit {
            case .move(let move) where isShown(move.annotation):
                move.annotation.move(to: move.to)
                return edit
            case .rename(let rename) where isShown(rename.pin):
                rename.to.apply(to: rename.pin)
                return edit
            case .deletion(let annotation) where isShown(annotation), .addition(let annotation) where !isShown(annotation):
                return edit
            default:
                continue
            }
        }
        return nil
    }

    /// Forgets the edits of an annotation that left the map for good.
    mutating func forget(_ annotation: any Annotation) {
        let before = edits[..<done].filter { $0.annotation === annotation }.count
        edits.removeAll { $0.annotation === annotation }
        done -= before
    }
}
