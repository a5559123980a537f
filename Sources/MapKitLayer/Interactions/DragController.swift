import MapEngine

/// Carries annotation views across the map. It tells a press that may be a
/// click from a drag, runs the drag-state protocol on the view, keeps the
/// grab offset so the view never jumps under the pointer, pans the map while
/// the pointer is near an edge, puts the annotation where the view visibly
/// points on release, and takes it back home on cancel.
///
/// The annotation's coordinate is written once, on the drop, as MapKit
/// does: while carried (and on its way home after a cancel) its view is
/// shown elsewhere through `show`, and `shownCoordinate` says where.
///
/// Mouse: a press on a draggable view becomes a drag once the pointer has
/// moved more than 5 px in x or y. Touch: a long press lifts the view even
/// without movement; a finger that moves first pans the map instead.
@MainActor
final class DragController {
    /// Apple's hand-tracked drag begins past this many pixels in x or y.
    static let threshold = 5.0
    /// Within this many pixels of an edge the map pans towards it…
    static let autopanEdge = 50.0
    /// …by up to this many pixels per 1/60 s, in proportion to the depth.
    static let autopanMaxPerFrame = 10.0
    /// A cancelled drag takes the annotation home in this long.
    static let returnDuration = 0.3
    /// A view lifted by a finger is carried with its coordinate this many
    /// points above the finger (and its lifted image higher still), so the
    /// finger never hides what is carried; it glides there as it lifts.
    static let fingerClearance = 30.0
    static let fingerGlideDuration = 0.2

    struct Press {
        let pointerID: Int
        let kind: PointerKind
        let start: Point
        let time: Double
        var last: Point
        let view: AnnotationView
    }

    struct Carry {
        let pointerID: Int
        let kind: PointerKind
        let view: AnnotationView
        let annotation: any MovableAnnotation
        let original: Coordinate
        /// The pointer's place relative to the coordinate's screen point when
        /// grabbed; a finger's grab glides to `grabTarget` as the view lifts.
        let grab: Point
        let grabTarget: Point
        let grabTween: Tween
        var pointer: Point
        var lastTime: Double
        /// Where it is shown now, under the pointer.
        var shown: Coordinate
    }

    private struct Return {
        let annotation: any MovableAnnotation
        let from: Point
        let to: Point
        let original: Coordinate
        let tween: Tween
    }

    /// Shows an annotation's view at a coordinate other than its own while
    /// it is carried or on its way home; nil puts it back at its own.
    var show: ((any Annotation, Coordinate?) -> Void)?

    /// How long a finger must rest on a draggable view to lift it.
    var longPressDuration = 0.5
    private(set) var press: Press?
    private(set) var carry: Carry?
    private var returns: [Return] = []
    private(set) var history = MoveHistory()

    /// True while something here needs frames: a finger that may become a
    /// long press, a carry near an edge, an annotation on its way home.
    func needsFrames(viewport: Size) -> Bool {
        if press?.kind == .touch || !returns.isEmpty { return true }
        guard let carry else { return false }
        if !carry.grabTween.isFinished(at: carry.lastTime) { return true }
        return DragController.autopanVelocity(at: carry.pointer, viewport: viewport) != .zero
    }

    /// Whether a press on `view` may start a drag.
    func canDrag(_ view: AnnotationView) -> Bool {
        carry == nil && view.isDraggable && view.isEnabled && view.annotation is any MovableAnnotation
    }

    func beginPress(_ event: PointerEvent, on view: AnnotationView, at now: Double) {
        press = Press(pointerID: event.id, kind: event.kind, start: event.location, time: now,
                      last: event.location, view: view)
    }

    func endPress() {
        press = nil
    }

    /// What a move of the pressed pointer means.
    enum PressMove { case still, drag, pan }

    func movePress(to location: Point) -> PressMove {
        guard var press else { return .pan }
        press.last = location
        self.press = press
        let d = location - press.start
        guard max(abs(d.x), abs(d.y)) > DragController.threshold else { return .still }
        return press.kind == .mouse ? .drag : .pan
    }

    /// True once a finger has rested long enough on its view.
    func longPressIsDue(at now: Double) -> Bool {
        guard let press, press.kind == .touch else { return false }
        return now - press.time >= longPressDuration
    }

    /// Drops every trace of an annotation leaving the map: its press, its
    /// carry (its view goes, so nothing animates), its trip home, its moves.
    func forget(_ annotation: any Annotation) {
        stopTracking(annotation)
        history.forget(annotation)
    }

    /// Drops an annotation's press, carry and trip home, keeping its
    /// history (it was deleted, and an undo may bring it back).
    func stopTracking(_ annotation: any Annotation) {
        if press?.view.annotation === annotation { press = nil }
        if carry?.annotation === annotation || returns.contains(where: { $0.annotation === annotation }) { show?(annotation, nil) }
        if carry?.annotation === annotation { carry = nil }
        returns.removeAll { $0.annotation === annotation }
    }

    /// Puts every annotation on its way home there at once, so an undo,
    /// a redo or a deletion starts from where each one rests.
    func finishReturns() {
        for trip in returns { show?(trip.annotation, nil) }
        returns.removeAll()
    }

    /// Where the carried annotation is shown now; nil when none is carried.
    var shownCoordinate: Coordinate? { carry?.shown }

    /// The place a carried or returning annotation left; nil for others.
    func restingCoordinate(of annotation: any Annotation) -> Coordinate? {
        if let carry, carry.annotation === annotation { return carry.original }
        return returns.last { $0.annotation === annotation }?.original
    }

    /// Whether a cancelled drag is still taking the annotation home.
    /// True while a view is carried or glides back home after a cancelled carry.
    var isBusy: Bool { carry != nil || !returns.isEmpty }

    func isReturning(_ annotation: any Annotation) -> Bool {
        returns.contains { $0.annotation === annotation }
    }

    // MARK: The drag

    /// Where a view is drawn away from its place (a fanned-out cluster's
    /// member), taken from it as its carry begins.
    var takeDisplacement: ((AnnotationView) -> Point?)?

    /// Starts carrying the pressed view: `starting`, then the view lifts.
    func begin(camera: Camera, scale: Double, at now: Double) {
        guard let press, let annotation = press.view.annotation as? any MovableAnnotation else { return }
        // Caught on its way home after a cancel: it still rests at home (its coordinate was never changed).
        let original = annotation.coordinate
        let returning = returns.last { $0.annotation === annotation }
        returns.removeAll { $0.annotation === annotation }
        // Carried from where it is seen: a fanned-out cluster's member from its place in the fan, one on
        // its way home from where it has got to (a cancel takes it back to its real place).
        var start = original
        if let shown = takeDisplacement?(press.view) {
            start = WebMercator.unproject(shown)
        } else if let returning {
            var world = returning.tween.value(at: now, from: returning.from, to: returning.to)
            world.x -= world.x.rounded(.down)
            start = WebMercator.unproject(world)
        }
        let anchor = camera.screenPoint(for: start)
        let grab = press.start - anchor
        // A mouse keeps its grab; a finger's glides up out from under it.
        let finger = press.kind == .touch
        let target = finger ? Point(x: 0, y: DragController.fingerClearance * scale) : grab
        carry = Carry(pointerID: press.pointerID, kind: press.kind, view: press.view, annotation: annotation,
                      original: original, grab: grab, grabTarget: target,
                      grabTween: Tween(start: now, duration: finger ? DragController.fingerGlideDuration : 0,
                                       easing: .easeOut),
                      pointer: press.last, lastTime: now, shown: start)
        self.press = nil
        press.view.isHighlighted = false
        press.view.setDragState(.starting, animated: true, at: now)
        place(camera: camera)
    }

    func move(to location: Point, camera: Camera) {
        carry?.pointer = location
        place(camera: camera)
    }

    /// Keeps the coordinate under the pointer, less the grab offset.
    private func place(camera: Camera) {
        guard var carry else { return }
        let grab = carry.grabTween.value(at: carry.lastTime, from: carry.grab, to: carry.grabTarget)
        carry.shown = camera.coordinate(at: carry.pointer - grab)
        self.carry = carry
        show?(carry.annotation, carry.shown)
    }

    /// Drops the view where it points. Returns the move made, if any.
    func release(camera: Camera, scale: Double, at now: Double) -> MoveHistory.Move? {
        guard let carry else { return nil }
        self.carry = nil
        let view = carry.view
        DragController.cutLiftShort(view, at: now)
        let anchor = camera.screenPoint(for: carry.shown)
        let target = camera.coordinate(at: anchor + view.dropPointOffset * scale)
        // The one write of the drag: the model learns where it was dropped.
        show?(carry.annotation, nil)
        carry.annotation.move(to: target)
        view.setDragState(.ending, animated: true, at: now)
        guard target != carry.original else { return nil }
        history.record(carry.annotation, from: carry.original, to: target)
        return MoveHistory.Move(annotation: carry.annotation, from: carry.original, to: target)
    }

    /// Abandons the drag: the view falls back and the annotation goes home.
    func cancel(at now: Double) {
        guard let carry else { return }
        self.carry = nil
        let view = carry.view
        DragController.cutLiftShort(view, at: now)
        view.setDragState(.canceling, animated: true, at: now)
        let from = WebMercator.project(carry.shown)
        var to = WebMercator.project(carry.original)
        to.x = from.x + WebMercator.shortWay(to.x - from.x)
        returns.append(Return(annotation: carry.annotation, from: from, to: to, original: carry.original,
                              tween: Tween(start: now, duration: DragController.returnDuration, easing: .easeOut)))
    }

    /// A drag once begun completes, so a view still lifting when the drag
    /// ends goes on to `dragging` where it is before it lands.
    private static func cutLiftShort(_ view: AnnotationView, at now: Double) {
        if view.dragState == .starting { view.setDragState(.dragging, animated: true, at: now) }
    }

    /// Brings cancelled annotations home and pans while a carry is near an
    /// edge; returns how far the map's content should move.
    func advance(to now: Double, camera: Camera) -> Point {
        for (i, trip) in returns.enumerated().reversed() {
            if trip.tween.isFinished(at: now) {
                show?(trip.annotation, nil)
                returns.remove(at: i)
            } else {
                var world = trip.tween.value(at: now, from: trip.from, to: trip.to)
                world.x -= world.x.rounded(.down)
                show?(trip.annotation, WebMercator.unproject(world))
            }
        }
        guard var carry else { return .zero }
        let elapsed = min(max(now - carry.lastTime, 0), 0.1)
        let gliding = !carry.grabTween.isFinished(at: carry.lastTime)
        carry.lastTime = now
        self.carry = carry
        if gliding { place(camera: camera) }
        return DragController.autopanVelocity(at: carry.pointer, viewport: camera.viewportSize) * elapsed
    }

    /// How fast the content moves, in pixels per second, with the pointer
    /// at `p`: towards the pointer's edge, faster the deeper it is in the
    /// band; not at all once the pointer has left the map.
    static func autopanVelocity(at p: Point, viewport: Size) -> Point {
        guard viewport.contains(p) else { return .zero }
        func speed(_ distance: Double) -> Double {
            let depth = min(max(autopanEdge - distance, 0), autopanEdge)
            return depth / autopanEdge * autopanMaxPerFrame * 60
        }
        let x = speed(p.x) - speed(viewport.width - p.x)
        let y = speed(p.y) - speed(viewport.height - p.y)
        return Point(x: x, y: y)
    }

    // MARK: Undo

    /// Remembers a deletion the user asked for, so that an undo brings the
    /// annotation back.
    func recordDeletion(_ annotation: any Annotation) {
        history.recordDeletion(annotation)
    }

    func recordRename(_ pin: any EditablePin, from: PinText, to: PinText) {
        history.recordRename(pin, from: from, to: to)
    }

    func recordAddition(_ annotation: any Annotation) {
        history.recordAddition(annotation)
    }

    /// Remembers a move made other than by a carry (a nudge).
    func recordMove(_ annotation: any MovableAnnotation, from old: Coordinate, to new: Coordinate) {
        history.record(annotation, from: old, to: new)
    }

    func undo(isShown: (any Annotation) -> Bool) -> MoveHistory.Edit? {
        history.undo(isShown: isShown)
    }

    func redo(isShown: (any Annotation) -> Bool) -> MoveHistory.Edit? {
        history.redo(isShown: isShown)
    }
}
