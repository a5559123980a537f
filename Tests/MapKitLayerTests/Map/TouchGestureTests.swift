import Foundation
@testable import MapEngine
@testable import MapKitLayer
import Testing

/// Gestures from core touch events on a map 800 x 600 at zoom 4 centred on
/// 48° N 2° E, with draggable 20 x 20 dots for views.
@Suite @MainActor struct TouchGestureTests {
    final class Views: MapViewDelegate {
        var selected: [String] = []
        func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
            let view = AnnotationView(annotation: annotation, reuseIdentifier: "dot")
            view.image = AnnotationImage(name: "dot", size: Size(width: 20, height: 20))
            view.isDraggable = true
            return view
        }
        func mapView(_ map: MapController, didSelect view: AnnotationView) {
            selected.append(view.annotation?.title ?? "")
        }
    }

    let views = Views()
    let paris = PointAnnotation(coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522), title: "Paris")

    func makeMap(pins: [PointAnnotation] = []) -> MapController {
        let map = makeAnnotationMap()
        map.delegate = views
        map.addAnnotations(pins)
        _ = FrameComposer.scene(of: map, at: 0, tiles: NoTiles(), text: ZeroMetrics())
        return map
    }

    func touch(_ map: MapController, _ phase: PointerEvent.Phase, _ finger: Int, _ p: Point, at t: Double) {
        map.handle(.pointer(PointerEvent(phase: phase, location: p, kind: .touch, id: finger)), at: t)
    }

    /// Where the map shows the world point that was at `p` before.
    func follow(_ map: MapController, _ world: Point) -> Point { map.camera.screenPoint(forWorld: world) }

    // MARK: Tap and pan

    @Test(arguments: [(0.0, false), (2.0, false), (3.0, false), (3.5, true), (40.0, true)])
    func aFingerPansOnlyPastTheSlop(distance: Double, pans: Bool) {
        let map = makeMap(pins: [paris])
        map.selectAnnotation(paris)
        let start = Point(x: 100, y: 500)
        let world = map.camera.worldPoint(at: start)
        touch(map, .down, 1, start, at: 1)
        touch(map, .move, 1, start + Point(x: distance, y: 0), at: 1.1)
        touch(map, .up, 1, start + Point(x: distance, y: 0), at: 1.2)
        let shown = follow(map, world)
        // A pan carries the map the whole way with the finger; a tap moves nothing and deselects.
        #expect(abs(shown.x - (pans ? start.x + distance : start.x)) < 1e-6)
        #expect(map.selectedAnnotations.isEmpty == !pans)
    }

    @Test func aTapOnAPinSelectsItOnce() {
        let map = makeMap(pins: [paris])
        let p = map.convert(paris.coordinate)
        touch(map, .down, 4, p, at: 1)
        touch(map, .up, 4, p, at: 1.05)
        #expect(views.selected == ["Paris"])
    }

    @Test(arguments: [(.touch, true), (.mouse, false)] as [(PointerKind, Bool)])
    func fingersHitSmallPinsWithin44Points(kind: PointerKind, hits: Bool) {
        let map = makeMap(pins: [paris])
        // 20 px dots: 18 px right of the centre is off the image but inside 44 x 44.
        let p = map.convert(paris.coordinate) + Point(x: 18, y: 0)
        map.handle(.pointer(PointerEvent(phase: .down, location: p, kind: kind, id: 1, button: kind == .mouse ? .left : nil)), at: 1)
        map.handle(.pointer(PointerEvent(phase: .up, location: p, kind: kind, id: 1, button: kind == .mouse ? .left : nil)), at: 1.05)
        #expect(views.selected == (hits ? ["Paris"] : []))
        // 23 px away is beyond even a finger's target.
        let far = makeMap(pins: [paris])
        touch(far, .down, 1, far.convert(paris.coordinate) + Point(x: 23, y: 0), at: 1)
        touch(far, .up, 1, far.convert(paris.coordinate) + Point(x: 23, y: 0), at: 1.05)
        #expect(far.selectedAnnotations.isEmpty)
    }

    @Test(arguments: [(0.2, 20.0, 1.0), (0.2, 35.0, 0.0), (0.5, 0.0, 0.0)])
    func aSecondTapNearbyZoomsIn(gap: Double, apart: Double, levels: Double) {
        let map = makeMap()
        let p = Point(x: 300, y: 200)
        touch(map, .down, 1, p, at: 1)
        touch(map, .up, 1, p, at: 1.05)
        touch(map, .down, 2, p + Point(x: apart, y: 0), at: 1.05 + gap)
        touch(map, .up, 2, p + Point(x: apart, y: 0), at: 1.1 + gap)
        map.advance(to: 3)
        #expect(abs(map.camera.zoom - (4 + levels)) < 1e-9)
    }

    // MARK: Fling

    /// A finger from (200, 300) moving right at 1000 px/s for 0.1 s from
    /// t = 1, lifted at `lift`; returns the world point first under it.
    func swipe(_ map: MapController, liftingAt lift: Double) -> Point {
        let start = Point(x: 200, y: 300)
        let world = map.camera.worldPoint(at: start)
        touch(map, .down, 1, start, at: 1)
        for i in 1...6 { touch(map, .move, 1, start + Point(x: Double(i) * 1000 / 60, y: 0), at: 1 + Double(i) / 60) }
        touch(map, .up, 1, start + Point(x: 100, y: 0), at: lift)
        return world
    }

    @Test func aFlingCoastsAndSlowsDown() {
        let map = makeMap()
        let world = swipe(map, liftingAt: 1.1)
        let lifted = follow(map, world).x
        #expect(abs(lifted - 300) < 1e-6)
        // x(t) = v·τ·(1 − e^(−t/τ)) with v = 1000 px/s, τ = 0.35 s.
        for t in [0.1, 0.35, 1.0] {
            map.advance(to: 1.1 + t)
            #expect(abs(follow(map, world).x - (300 + 1000 * 0.35 * (1 - exp(-t / 0.35)))) < 1e-6)
        }
        // It stops when slower than 10 px/s: after τ·ln(100) ≈ 1.61 s, 346.5 px on.
        map.advance(to: 4)
        #expect(abs(follow(map, world).x - (300 + 350 * 0.99)) < 1e-6)
        #expect(!map.isAnimating)
    }

    @Test func aFingerThatRestsBeforeLiftingDoesNotFling() {
        let map = makeMap()
        let world = swipe(map, liftingAt: 1.2)  // 0.1 s still before lifting
        map.advance(to: 2)
        #expect(abs(follow(map, world).x - 300) < 1e-6)
    }

    @Test func aNewTouchCatchesACoastingMap() {
        let map = makeMap()
        touch(map, .down, 1, Point(x: 200, y: 300), at: 1)
        for i in 1...6 { touch(map, .move, 1, Point(x: 200 + Double(i) * 20, y: 300), at: 1 + Double(i) / 60) }
        touch(map, .up, 1, Point(x: 320, y: 300), at: 1.1)
        map.advance(to: 1.2)
        touch(map, .down, 2, Point(x: 400, y: 300), at: 1.2)
        let caught = map.camera.center
        map.advance(to: 2)
        #expect(map.camera.center == caught)
    }

    // MARK: Pinch

    @Test(arguments: [(100.0, 200.0, 1.0), (200.0, 100.0, -1.0), (100.0, 141.4213562373095, 0.5)])
    func aPinchZoomsByTheDistanceAboutTheCentroid(from: Double, to: Double, levels: Double) {
        let map = makeMap()
        let centroid = Point(x: 300, y: 250)
        let world = map.camera.worldPoint(at: centroid)
        touch(map, .down, 1, centroid - Point(x: from / 2, y: 0), at: 1)
        touch(map, .down, 2, centroid + Point(x: from / 2, y: 0), at: 1.05)
        touch(map, .move, 1, centroid - Point(x: to / 2, y: 0), at: 1.1)
        touch(map, .move, 2, centroid + Point(x: to / 2, y: 0), at: 1.15)
        #expect(abs(map.camera.zoom - (4 + levels)) < 1e-9)
        let shown = follow(map, world)
        #expect(abs(shown.x - centroid.x) < 1e-6 && abs(shown.y - centroid.y) < 1e-6)
    }

    @Test func movingBothFingersPansWhileZooming() {
        let map = makeMap()
        let world = map.camera.worldPoint(at: Point(x: 300, y: 300))
        touch(map, .down, 1, Point(x: 250, y: 300), at: 1)
        touch(map, .down, 2, Point(x: 350, y: 300), at: 1.02)
        // The fingers move 100 px down and spread to 150 px apart.
        touch(map, .move, 1, Point(x: 225, y: 400), at: 1.1)
        touch(map, .move, 2, Point(x: 375, y: 400), at: 1.12)
        #expect(abs(map.camera.zoom - (4 + log2(1.5))) < 1e-9)
        let shown = follow(map, world)
        #expect(abs(shown.x - 300) < 1e-6 && abs(shown.y - 400) < 1e-6)
        // Lifting one finger leaves the other panning, with no jump.
        touch(map, .up, 2, Point(x: 375, y: 400), at: 1.2)
        touch(map, .move, 1, Point(x: 225, y: 450), at: 1.3)
        #expect(abs(follow(map, world).y - 450) < 1e-6)
    }

    @Test func aQuickStillTwoFingerTapZoomsOutAboutTheCentroid() {
        let map = makeMap()
        touch(map, .down, 1, Point(x: 350, y: 200), at: 1)
        touch(map, .down, 2, Point(x: 450, y: 200), at: 1.03)
        touch(map, .move, 2, Point(x: 455, y: 202), at: 1.1)  // a finger's wobble, within the slop
        let centroid = Point(x: 402.5, y: 201)
        let world = map.camera.worldPoint(at: centroid)
        touch(map, .up, 1, Point(x: 350, y: 200), at: 1.2)
        touch(map, .up, 2, Point(x: 455, y: 202), at: 1.22)
        map.advance(to: 2)
        // One level out from where the touch began, about the fingers' centroid.
        #expect(abs(map.camera.zoom - 3) < 1e-9)
        let shown = follow(map, world)
        #expect(abs(shown.x - centroid.x) < 1e-6 && abs(shown.y - centroid.y) < 1e-6)
    }

    @Test(arguments: [(0.4, 0.0), (0.2, 30.0)])
    func aSlowOrMovingTwoFingerTouchIsNoTap(duration: Double, moved: Double) {
        let map = makeMap()
        touch(map, .down, 1, Point(x: 350, y: 200), at: 1)
        touch(map, .down, 2, Point(x: 450, y: 200), at: 1.01)
        if moved > 0 {
            touch(map, .move, 2, Point(x: 450 + moved, y: 200), at: 1.05)
            touch(map, .move, 2, Point(x: 450, y: 200), at: 1.1)
        }
        touch(map, .up, 1, Point(x: 350, y: 200), at: 1.01 + duration)
        touch(map, .up, 2, Point(x: 450, y: 200), at: 1.02 + duration)
        map.advance(to: 3)
        #expect(abs(map.camera.zoom - 4) < 1e-9)
    }

    // MARK: Long press and pins

    @Test(arguments: [(0.45, false), (0.5, true)])
    func aLongPressLiftsAfterHalfASecond(wait: Double, lifts: Bool) {
        let map = makeMap(pins: [paris])
        touch(map, .down, 1, map.convert(paris.coordinate), at: 1)
        map.advance(to: 1 + wait)
        #expect(map.isDragging == lifts)
    }

    @Test func theCarriedPinRidesAboveTheFingerAndDropsAtItsTip() throws {
        let map = makeMap(pins: [paris])
        let start = map.convert(paris.coordinate)
        touch(map, .down, 1, start, at: 1)
        map.advance(to: 1.5)
        #expect(map.isDragging)
        // As it lifts, the coordinate glides up to 30 px above the finger.
        map.advance(to: 1.6)
        let gliding = map.convert(map.shownCoordinate(of: paris))
        #expect(gliding.y < start.y && gliding.y > start.y - 30)
        map.advance(to: 1.8)
        let finger = start + Point(x: 120, y: 60)
        touch(map, .move, 1, finger, at: 1.8)
        let carried = map.convert(map.shownCoordinate(of: paris))
        #expect(abs(carried.x - finger.x) < 1e-6 && abs(carried.y - (finger.y - 30)) < 1e-6)
        touch(map, .up, 1, finger, at: 2)
        // A plain view drops where its coordinate is (its tip): 30 px above the finger.
        let dropped = map.convert(paris.coordinate)
        #expect(abs(dropped.y - (finger.y - 30)) < 1e-6)
        #expect(!map.isDragging)
    }

    @Test func aSecondFingerCancelsTheDragAndPinches() throws {
        let map = makeMap(pins: [paris])
        let home = paris.coordinate
        let start = map.convert(home)
        touch(map, .down, 1, start, at: 1)
        map.advance(to: 1.6)
        touch(map, .move, 1, start + Point(x: 80, y: 0), at: 1.7)
        #expect(map.shownCoordinate(of: paris) != home)
        touch(map, .down, 2, start + Point(x: 180, y: 0), at: 1.8)
        #expect(!map.isDragging)
        // The pinch zooms; the pin goes home and is not moved by it.
        touch(map, .move, 2, start + Point(x: 280, y: 0), at: 1.9)
        #expect(map.camera.zoom > 4)
        map.advance(to: 2.5)
        #expect(paris.coordinate == home)
        touch(map, .move, 1, start + Point(x: -50, y: 40), at: 2.6)
        #expect(paris.coordinate == home)
        #expect(views.selected.isEmpty || views.selected == ["Paris"])
    }

    @Test func aPinchStartedOnAPinNeverMovesIt() {
        let map = makeMap(pins: [paris])
        let start = map.convert(paris.coordinate)
        touch(map, .down, 1, start, at: 1)
        touch(map, .down, 2, start + Point(x: 100, y: 100), at: 1.1)
        map.advance(to: 2)  // long past a long press
        #expect(!map.isDragging)
        touch(map, .move, 1, start + Point(x: -60, y: -20), at: 2.1)
        touch(map, .move, 2, start + Point(x: 160, y: 140), at: 2.2)
        touch(map, .up, 1, start + Point(x: -60, y: -20), at: 2.3)
        touch(map, .up, 2, start + Point(x: 160, y: 140), at: 2.4)
        map.advance(to: 3)
        #expect(paris.coordinate == Coordinate(latitude: 48.8566, longitude: 2.3522))
        #expect(map.selectedAnnotations.isEmpty)
    }

    @Test func showsTouchesWhenAsked() {
        let map = makeMap()
        map.showsTouches = true
        touch(map, .down, 1, Point(x: 100, y: 100), at: 1)
        touch(map, .down, 2, Point(x: 300, y: 100), at: 1)
        let discs = FrameComposer.scene(of: map, at: 1, tiles: NoTiles(), text: ZeroMetrics()).commands.compactMap { command -> Point? in
            if case .shape(let shape) = command, shape.role == "touch" { return shape.center }
            return nil
        }
        #expect(discs == [Point(x: 100, y: 100), Point(x: 300, y: 100)])
    }
}
