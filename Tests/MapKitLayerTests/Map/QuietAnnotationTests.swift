import Testing
@testable import MapEngine
@testable import MapKitLayer

/// Annotations that keep their own coordinate and post nothing when it
/// changes: the map must not draw or hit them at a place they left.
@Suite @MainActor struct QuietAnnotationTests {
    /// A draggable annotation as an app might write it: a stored property, no `changes.post`.
    final class Quiet: MovableAnnotation {
        var coordinate: Coordinate
        let title: String? = "Quiet"
        let subtitle: String? = nil
        let changes = AnnotationChanges()
        init(_ coordinate: Coordinate) { self.coordinate = coordinate }
    }

    let views = MovablePins()

    func setUp(_ annotation: any Annotation) -> MapController {
        let map = makeAnnotationMap()
        map.delegate = views
        map.addAnnotation(annotation)
        _ = imageDraws(map)
        return map
    }

    func mouse(_ map: MapController, _ phase: PointerEvent.Phase, _ p: Point, at t: Double) {
        map.handle(.pointer(PointerEvent(phase: phase, location: p, button: phase == .move ? nil : .left)), at: t)
    }

    /// Frames at 60 fps over the span.
    func run(_ map: MapController, from: Double, to: Double) {
        var t = from
        while t <= to + 1e-9 {
            _ = imageDraws(map, at: t)
            t += 1.0 / 60
        }
    }

    /// Where the pin image is drawn: its bottom centre is the tip.
    func drawnTip(_ map: MapController, at now: Double) -> Point? {
        guard let pin = imageDraws(map, at: now).first else { return nil }
        return Point(x: pin.rect.midX, y: pin.rect.maxY)
    }

    @Test func aDraggedQuietAnnotationIsDrawnAndHitWhereItWasDropped() {
        let quiet = Quiet(Coordinate(latitude: 48.8566, longitude: 2.3522))
        let map = setUp(quiet)
        let old = map.convert(quiet.coordinate)
        let head = old + Point(x: 0, y: -24)
        mouse(map, .down, head, at: 0)
        mouse(map, .move, head + Point(x: 6, y: 0), at: 0.02)
        run(map, from: 0.02, to: 0.4)
        mouse(map, .move, head + Point(x: 150, y: 80), at: 0.5)
        mouse(map, .up, head + Point(x: 150, y: 80), at: 0.55)
        run(map, from: 0.55, to: 1)
        let now = map.convert(quiet.coordinate)
        #expect(abs(now.x - (old.x + 150)) < 1e-6, "the map set the coordinate")
        #expect(map.annotations(in: Rect(x: now.x - 2, y: now.y - 2, width: 4, height: 4)).first === quiet)
        #expect(map.annotations(in: Rect(x: old.x - 2, y: old.y - 2, width: 4, height: 4)).isEmpty)
        let tip = drawnTip(map, at: 1.1)
        #expect(tip.map { abs($0.x - now.x) < 1 && abs($0.y - now.y) < 2 } == true, "drawn at \(String(describing: tip)), not at the new place \(now)")
        // A click at the new place selects it; one at the old place does not.
        map.deselectAnnotation(quiet)
        mouse(map, .down, old + Point(x: 0, y: -24), at: 2)
        mouse(map, .up, old + Point(x: 0, y: -24), at: 2.05)
        #expect(map.selectedAnnotations.isEmpty)
        mouse(map, .down, now + Point(x: 0, y: -24), at: 3)
        mouse(map, .up, now + Point(x: 0, y: -24), at: 3.05)
        #expect(map.selectedAnnotations.first === quiet)
        // Undo puts it back, and the drawing follows.
        map.handle(.key(KeyPress("z", modifiers: .control)), at: 4)
        let back = drawnTip(map, at: 4.5)
        #expect(back.map { abs($0.x - old.x) < 1 } == true)
    }

    @Test func aQuietMoveByTheAppIsCaughtOnScreenAtTheNextFrame() {
        let quiet = Quiet(Coordinate(latitude: 48.8566, longitude: 2.3522))
        let map = setUp(quiet)
        quiet.coordinate = Coordinate(latitude: 45.764, longitude: 4.8357)  // Lyon, no word to the map
        let lyon = map.convert(quiet.coordinate)
        let tip = drawnTip(map, at: 0.1)
        #expect(tip.map { abs($0.x - lyon.x) < 1 && abs($0.y - lyon.y) < 2 } == true)
        #expect(map.annotations(in: Rect(x: lyon.x - 2, y: lyon.y - 2, width: 4, height: 4)).first === quiet)
        #expect(map.annotationLayer.unannouncedMoves == 1)
        _ = imageDraws(map, at: 0.2)
        #expect(map.annotationLayer.unannouncedMoves == 1, "found once, not every frame")
    }

    @Test func anAnnotationThatPostsItselfIsAnnouncedOncePerMove() {
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522), title: "Paris")
        let quiet = Quiet(Coordinate(latitude: 45.764, longitude: 4.8357))
        let map = setUp(pin)
        map.addAnnotation(quiet)
        var heard = (pin: 0, quiet: 0)
        _ = pin.changes.observe { if $0 == .coordinate { heard.pin += 1 } }
        _ = quiet.changes.observe { if $0 == .coordinate { heard.quiet += 1 } }
        map.selectAnnotation(pin)
        map.handle(.key(KeyPress("right")), at: 1)
        map.selectAnnotation(quiet)
        map.handle(.key(KeyPress("right")), at: 2)
        #expect(heard.pin == 1 && heard.quiet == 1, "\(heard)")
    }

    @Test func withManyViewsAQuietMoveIsFoundWithinAFewFrames() {
        let map = makeAnnotationMap(center: Coordinate(latitude: 0, longitude: 0), zoom: 3)
        map.delegate = views
        // 900 pins on screen, a 30 by 30 grid.
        let quiet = (0..<900).map { i in
            Quiet(Coordinate(latitude: Double(i / 30) * 2 - 30, longitude: Double(i % 30) * 2 - 30))
        }
        map.addAnnotations(quiet)
        _ = imageDraws(map)
        #expect(map.liveAnnotationViewCount == 900)
        let moved = quiet[450]
        moved.coordinate = Coordinate(latitude: 40, longitude: 40)
        let frames = (900 + AnnotationLayer.unannouncedMoveChecks - 1) / AnnotationLayer.unannouncedMoveChecks
        for frame in 1...frames { _ = imageDraws(map, at: Double(frame) / 60) }
        let p = map.convert(moved.coordinate)
        #expect(map.annotations(in: Rect(x: p.x - 1, y: p.y - 1, width: 2, height: 2)).first === moved)
        #expect(map.annotationLayer.unannouncedMoves == 1)
    }
}
