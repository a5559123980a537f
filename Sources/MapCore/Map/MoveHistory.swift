/// The moves made by dragging, for undo and redo: each remembers the
/// annotation and its coordinate before and after.
///
///     history.record(pin, from: old, to: new)
///     history.undo()   // puts pin back at old; returns it
struct MoveHistory {
    struct Move {
        let annotation: any MovableAnnotation
        let from: Coordinate
        let to: Coordinate
    }

    private var moves: [Move] = []
    /// Moves before this index are done; from it on they were undone.
    private var done = 0
    /// Older moves are forgotten past this many.
    static let limit = 200

    mutating func record(_ annotation: any MovableAnnotation, from: Coordinate, to: Coordinate) {
        moves.removeSubrange(done...)
        moves.append(Move(annotation: annotation, from: from, to: to))
        if moves.count > MoveHistory.limit { moves.removeFirst() }
        done = moves.count
    }

    /// Takes back the last move still done whose annotation `isShown`;
    /// returns it, or nil when there is none.
    mutating func undo(isShown: (any Annotation) -> Bool) -> Move? {
        while done > 0 {
            done -= 1
            let move = moves[done]
            if isShown(move.annotation) {
                move.annotation.coordinate = move.from
                return move
            }
        }
        return nil
    }

    /// Makes the last undone move again.
    mutating func redo(isShown: (any Annotation) -> Bool) -> Move? {
        while done < moves.count {
            let move = moves[done]
            done += 1
            if isShown(move.annotation) {
                move.annotation.coordinate = move.to
                return move
            }
        }
        return nil
    }

    /// Forgets the moves of an annotation that left the map.
    mutating func forget(_ annotation: any Annotation) {
        let before = moves[..<done].filter { $0.annotation === annotation }.count
        moves.removeAll { $0.annotation === annotation }
        done -= before
    }
}
