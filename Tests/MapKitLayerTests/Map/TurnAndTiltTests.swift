import Foundation
@testable import MapEngine
@testable import MapKitLayer
import Testing

/// Turning and tilting the map by hand, key and compass, on a map 800 x 600
/// at zoom 4 centred on 48° N 2° E; pins hit and carried on a turned map.
@Suite @MainActor struct TurnAndTiltTests {
    final class Dots: MapViewDelegate {
        func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
            let view = AnnotationView(annotation: annotation, reuseIdentifier: "dot")
            view.image = AnnotationImage(name: "dot", size: Size(width: 20, height: 20))
            view.isDraggable = true
            return view
        }
    }

    let dots = Dots()
    let paris = PointAnnotation(coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522), title: "Paris")

    func makeMap() -> MapController {
        let map = makeAnnotationMap()
        map.delegate = dots
        map.addAnnotation(paris)
        _ = FrameComposer.scene(of: map, at: 0, tiles: NoTiles(), text: FixedMetrics())
        return map
    }

    func touch(_ map: MapController, _ phase: PointerEvent.Phase, _ finger: Int, _ p: Point, at t: Double) {
        map.handle(.pointer(PointerEvent(phase: phase, location: p, kind: .touch, id: finger)), at: t)
    }

    /// Two fingers `radius` either side of `centre`, at `degrees` clockwise from level.
    func fingers(_ centre: Point, radius: Double, degrees: Double) -> (Point, Point) {
        let a = degrees * .pi / 180, d = Point(x: cos(a), y: sin(a)) * radius
        return (centre - d, centre + d)
    }

    // MARK: Fingers

    @Test func twoFingersTwistingTurnTheMapAboutThemWhileTheyPinch() {
        let map = makeMap()
        let centre = Point(x: 300, y: 250)
        let under = map.camera.coordinate(at: centre)
        var (a, b) = fingers(centre, radius: 100, degrees: 0)
        touch(map, .down, 1, a, at: 0)
        touch(map, .down, 2, b, at: 0.01)
        for step in 1...10 {
            (a, b) = fingers(centre, radius: 100 + Double(step) * 5, degrees: Double(step) * 4)
            touch(map, .move, 1, a, at: 0.01 + Double(step) * 0.05)
            touch(map, .move, 2, b, at: 0.02 + Double(step) * 0.05)
        }
        // Fingers turned 40° clockwise: the map turns with them, so north turns 40° clockwise too, heading 320°.
        #expect(abs(map.camera.heading - 320) < 0.5, "heading \(map.camera.heading)")
        #expect(abs(map.camera.zoom - (4 + log2(150.0 / 100))) < 0.01, "and zooms as they spread")
        #expect((map.camera.screenPoint(for: under) - centre).length < 1, "about the fingers' centre")
        touch(map, .up, 1, a, at: 1)
        touch(map, .up, 2, b, at: 1.1)
    }

    @Test func aPlainPinchThatTwistsALittleDoesNotTurnTheMap() {
        let map = makeMap()
        let centre = Point(x: 400, y: 300)
        var (a, b) = fingers(centre, radius: 80, degrees: 0)
        touch(map, .down, 1, a, at: 0)
        touch(map, .down, 2, b, at: 0.01)
        for step in 1...10 {
            // Spreading to twice apart while wobbling up to 8°: a pinch, not a turn.
            (a, b) = fingers(centre, radius: 80 + Double(step) * 8, degrees: step % 2 == 0 ? 8 : -6)
            touch(map, .move, 1, a, at: Double(step) * 0.05)
            touch(map, .move, 2, b, at: Double(step) * 0.05 + 0.01)
        }
        #expect(map.camera.heading == 0)
        #expect(map.camera.zoom > 4.9, "it zoomed: \(map.camera.zoom)")
    }

    @Test func twoFingersMovingUpTogetherTiltTheMapAndDownFlattensIt() {
        let map = makeMap()
        let zoom = map.camera.zoom
        var a = Point(x: 300, y: 400), b = Point(x: 500, y: 400)
        touch(map, .down, 1, a, at: 0)
        touch(map, .down, 2, b, at: 0.01)
        for step in 1...8 {
            a.y -= 10
            b.y -= 10
            touch(map, .move, 1, a, at: Double(step) * 0.05)
            touch(map, .move, 2, b, at: Double(step) * 0.05 + 0.01)
        }
        #expect(map.camera.pitch > 25, "80 px up tilts about 35°: \(map.camera.pitch)")
        #expect(abs(map.camera.zoom - zoom) < 0.01 && map.camera.heading == 0, "tilting neither zooms nor turns (the first steps, before it is a tilt, pinch a hair)")
        for step in 1...8 {
            a.y += 20
            b.y += 20
            touch(map, .move, 1, a, at: 1 + Double(step) * 0.05)
            touch(map, .move, 2, b, at: 1 + Double(step) * 0.05 + 0.01)
        }
        #expect(map.camera.pitch == 0, "back down to flat")
    }

    @Test func aQuickTwistLeftGoesOnSpinning() {
        let map = makeMap()
        let centre = Point(x: 400, y: 300)
        var (a, b) = fingers(centre, radius: 100, degrees: 0)
        touch(map, .down, 1, a, at: 0)
        touch(map, .down, 2, b, at: 0.005)
        for step in 1...6 {
            (a, b) = fingers(centre, radius: 100, degrees: Double(step) * 10)
            touch(map, .move, 1, a, at: Double(step) * 0.016)
            touch(map, .move, 2, b, at: Double(step) * 0.016 + 0.001)
        }
        touch(map, .up, 1, a, at: 0.1)
        let lifted = map.camera.heading
        map.advance(to: 0.5)
        #expect(map.camera.heading != lifted, "the map spins on after the fingers let go")
    }

    @Test func switchedOffTheFingersNeitherTurnNorTilt() {
        let map = makeMap()
        map.isRotateEnabled = false
        map.isPitchEnabled = false
        var (a, b) = fingers(Point(x: 400, y: 300), radius: 100, degrees: 0)
        touch(map, .down, 1, a, at: 0)
        touch(map, .down, 2, b, at: 0.01)
        (a, b) = fingers(Point(x: 400, y: 300), radius: 100, degrees: 45)
        touch(map, .move, 1, a, at: 0.1)
        touch(map, .move, 2, b, at: 0.11)
        #expect(map.camera.heading == 0 && map.camera.pitch == 0)
    }

    // MARK: Keys and the compass

    @Test func shiftArrowsTurnAndTiltAndZeroGoesHomeFlat() {
        let map = makeMap()
        map.handle(.key(KeyPress("right", modifiers: .shift)), at: 0)
        map.handle(.key(KeyPress("right", modifiers: .shift)), at: 0.05)
        map.handle(.key(KeyPress("up", modifiers: .shift)), at: 0.1)
        map.advance(to: 1)
        #expect(map.camera.heading == 30, "two presses, 15° each, added up")
        #expect(map.camera.pitch == 10)
        map.handle(.key(KeyPress("left", modifiers: .shift)), at: 1)
        map.advance(to: 2)
        #expect(map.camera.heading == 15)
        map.handle(.key(KeyPress("0")), at: 2)
        #expect(map.camera.heading == 0 && map.camera.pitch == 0)
    }

    @Test func theCompassTurnsTheMapBackToNorthAndFlat() throws {
        let map = makeMap()
        #expect(!commands(map, at: 0).contains("compass"), "north up and flat: no compass")
        map.setCamera(map.camera.turned(heading: 120, pitch: 40), animated: false)
        #expect(commands(map, at: 0.1).contains("compass"))
        let button = Compass.frame(viewport: map.camera.viewportSize, scale: 1).center
        map.handle(.pointer(PointerEvent(phase: .down, location: button, button: .left)), at: 0.2)
        map.handle(.pointer(PointerEvent(phase: .up, location: button, button: .left)), at: 0.25)
        map.advance(to: 0.5)
        #expect(map.camera.heading != 120 && map.camera.heading != 0, "on its way back")
        map.advance(to: 1)
        #expect(map.camera.heading == 0 && map.camera.pitch == 0)
        #expect(!commands(map, at: 1.1).contains("compass"))
    }

    func commands(_ map: MapController, at t: Double) -> [String] {
        FrameComposer.scene(of: map, at: t, tiles: NoTiles(), text: FixedMetrics()).commands.compactMap {
            if case .shape(let shape) = $0 { return shape.role } else { return nil }
        }
    }

    @Test func aNorthUpLockTurnsTheMapBackAndKeepsItThere() {
        let map = makeMap()
        map.setCamera(map.camera.turned(heading: 90, pitch: 20), animated: false)
        map.isRotateEnabled = false
        #expect(map.camera.heading == 0 && map.camera.pitch == 20, "north again, the tilt kept")
        map.handle(.key(KeyPress("right", modifiers: .shift)), at: 0)
        map.advance(to: 1)
        #expect(map.camera.heading == 0)
    }

    // MARK: Pins on a turned map

    @Test func aPinIsHitAndCarriedOnATurnedTiltedMap() throws {
        let map = makeMap()
        map.setCamera(map.camera.turned(heading: 135, pitch: 50), animated: false)
        _ = FrameComposer.scene(of: map, at: 0.1, tiles: NoTiles(), text: FixedMetrics())
        let p = map.convert(paris.coordinate)
        let frame = try #require(map.frame(of: paris))
        #expect(abs(frame.midX - p.x) < 1 && abs(frame.midY - p.y) < 1, "the dot stands upright on its place")
        #expect(map.annotation(at: p + Point(x: 6, y: -6)) === paris)
        // Carried by a long press and dropped: it lands where the finger let go.
        let target = p + Point(x: -120, y: 80)
        touch(map, .down, 1, p, at: 1)
        map.advance(to: 1.8)
        touch(map, .move, 1, p + Point(x: -60, y: 40), at: 1.9)
        touch(map, .move, 1, target, at: 2.0)
        touch(map, .up, 1, target, at: 2.1)
        map.advance(to: 3)
        // Carried its finger clearance (30 points) above the finger, as on a flat map.
        let landed = map.convert(paris.coordinate)
        #expect((landed - (target - Point(x: 0, y: DragController.fingerClearance))).length < 2, "dropped at \(landed)")
    }
}
