import MapEngine

/// Arrow keys nudging the selected pin by a pixel (Shift: ten). A burst of
/// nudges is one move: it ends a moment after the last nudge, and then it
/// is one step of undo and one save, like a drop. The pin's view feels it
/// as a carry in small: a short lift at the first nudge, the drop with a
/// bounce when the burst ends.
@MainActor
final class KeyNudge {
    /// The view showing an annotation, if it has one on screen.
    private let view: (any Annotation) -> AnnotationView?

    init(view: @escaping (any Annotation) -> AnnotationView?) {
        self.view = view
    }

    /// The pause after the last nudge that ends a burst.
    static let burstPause = 0.6

    struct Move {
        let annotation: any MovableAnnotation
        let from: Coordinate
        let to: Coordinate
    }

    private var burst: (annotation: any MovableAnnotation, from: Coordinate, until: Double)?

    /// True while a burst is open (the map keeps time running to end it).
    var isOpen: Bool { burst != nil }

    /// Moves the pin by `delta` screen pixels; returns a finished burst of
    /// another pin, if one was still open.
    func nudge(_ annotation: any MovableAnnotation, by delta: Point, camera: Camera, at now: Double) -> Move? {
        var finished: Move?
        if let open = burst, open.annotation !== annotation { finished = finish(now: now) }
        if burst == nil { view(annotation)?.setNudging(true, at: now) }
        let from = burst?.from ?? annotation.coordinate
        annotation.move(to: camera.coordinate(at: camera.screenPoint(for: annotation.coordinate) + delta).wrapped)
        burst = (annotation, from, now + KeyNudge.burstPause)
        return finished
    }

    /// The burst, once its pause has passed.
    func finish(at now: Double) -> Move? {
        guard let open = burst, now >= open.until else { return nil }
        return finish(now: now)
    }

    /// The open burst, at once (an undo, a new burst elsewhere).
    func finish(now: Double) -> Move? {
        guard let open = burst else { return nil }
        burst = nil
        view(open.annotation)?.setNudging(false, at: now)
        guard open.annotation.coordinate != open.from else { return nil }
        return Move(annotation: open.annotation, from: open.from, to: open.annotation.coordinate)
    }
}
