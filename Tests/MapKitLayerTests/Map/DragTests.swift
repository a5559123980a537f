import Testing
@testable import MapEngine
@testable import MapKitLayer

/// Drags through the map's input, as mouse and finger would make them.
@Suite @MainActor struct DragTests {
    /// Makes draggable views and writes down every drag-state change.
    final class Views: MapViewDelegate {
        var kind = "pin"
        var changes: [String] = []

        func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
            let view: AnnotationView
            switch kind {
            case "bullseye": view = BullseyeAnnotationView(annotation: annotation)
            case "floating":
                view = FloatingAnnotationView(annotation: annotation, reuseIdentifier: "floating")
                view.image = AnnotationImage(name: "flag", size: Size(width: 24, height: 30))
            default: view = PinAnnotationView(annotation: annotation)
            }
            view.isDraggable = true
            return view
        }

        func mapView(_ map: MapController, annotationView view: AnnotationView, didChange newState: DragState,
                     fromOldState oldState: DragState) {
            changes.append("\(oldState.rawValue)>\(newState.rawValue)")
        }
    }

    static let fullDrag = ["none>starting", "starting>dragging", "dragging>ending", "ending>none"]
    static let cancelled = ["none>starting", "starting>dragging", "dragging>canceling", "canceling>none"]

    let paris = PointAnnotation(coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522), title: "Paris")

    func setUp(_ kind: String = "pin") -> (MapController, Views) {
        let map = makeAnnotationMap()
        let views = Views()
        views.kind = kind
        map.delegate = views
        map.addAnnotation(paris)
        _ = imageDraws(map)
        return (map, views)
    }

    func mouse(_ map: MapController, _ phase: PointerEvent.Phase, _ p: Point, at t: Double,
               button: MouseButton? = .left) -> [MapAction] {
        map.handle(.pointer(PointerEvent(phase: phase, location: p, button: phase == .move ? nil : button)), at: t)
    }

    func finger(_ map: MapController, _ phase: PointerEvent.Phase, _ p: Point, id: Int = 1, at t: Double) {
        map.handle(.pointer(PointerEvent(phase: phase, location: p, kind: .touch, id: id)), at: t)
    }

    /// Frames at 60 fps from `from` to `to`.
    func run(_ map: MapController, from: Double, to: Double) {
        var t = from
        while t <= to + 1e-9 {
            _ = imageDraws(map, at: t)
            t += 1.0 / 60
        }
    }

    /// A point on the pin's head: the tip is at the coordinate, the head 24.5 pt above.
    func head(_ map: MapController) -> Point { map.convert(map.shownCoordinate(of: paris)) + Point(x: 0, y: -24) }

    func near(_ a: Coordinate, _ b: Coordinate, _ tolerance: Double = 1e-9) -> Bool {
        abs(a.latitude - b.latitude) < tolerance && abs(a.longitude - b.longitude) < tolerance
    }

    @Test func aPressThatMovesFivePixelsOrLessIsAClickWithABounce() {
        let (map, views) = setUp()
        let start = head(map)
        _ = mouse(map, .down, start, at: 0)
        _ = mouse(map, .move, start + Point(x: 5, y: -5), at: 0.05)
        _ = mouse(map, .up, start + Point(x: 5, y: -5), at: 0.1)
        #expect(views.changes.isEmpty && paris.coordinate == Coordinate(latitude: 48.8566, longitude: 2.3522))
        #expect(map.selectedAnnotations.first === paris)
        let pin = map.view(for: paris) as! PinAnnotationView
        #expect(pin.pinFrame == .bounce1, "a tap bounces the pin")
        run(map, from: 0.1, to: 0.25)
        #expect(pin.pinFrame == .rest && pin.lift == .zero)
    }

    @Test func aMouseDragLiftsCarriesAndDropsWhereTheTipPoints() {
        let (map, views) = setUp()
        let anchor = map.convert(paris.coordinate)
        let start = head(map)
        _ = mouse(map, .down, start, at: 0)
        _ = mouse(map, .move, start + Point(x: 6, y: 0), at: 0.02)
        #expect(views.changes == ["none>starting"])
        run(map, from: 0.02, to: 0.22)
        let pin = map.view(for: paris) as! PinAnnotationView
        #expect(pin.dragState == .starting && pin.lift.y < -15 && pin.lift.y > -25)
        run(map, from: 0.2, to: 0.4)
        #expect(pin.dragState == .dragging && pin.lift.y == -39 && pin.pinFrame == .floating)
        _ = mouse(map, .move, start + Point(x: 120, y: 40), at: 0.5)
        let actions = mouse(map, .up, start + Point(x: 120, y: 40), at: 0.55)
        #expect(actions == [.annotationsChanged])
        // The grab offset is kept; the tip hangs 39 px above the carried anchor.
        let expected = map.camera.coordinate(at: anchor + Point(x: 120, y: 40 - 39))
        #expect(near(paris.coordinate, expected))
        #expect(pin.dragState == .ending)
        run(map, from: 0.55, to: 0.9)
        #expect(views.changes == DragTests.fullDrag)
        #expect(pin.pose == .rest)
        #expect(map.convert(paris.coordinate).x == anchor.x + 120)
    }

    @Test func aReleaseDuringTheLiftStillCompletesTheDrag() {
        let (map, views) = setUp()
        let start = head(map)
        _ = mouse(map, .down, start, at: 0)
        _ = mouse(map, .move, start + Point(x: 30, y: 0), at: 0.02)
        _ = mouse(map, .up, start + Point(x: 30, y: 0), at: 0.05)
        run(map, from: 0.05, to: 0.5)
        #expect(views.changes == DragTests.fullDrag, "never starting straight to none")
        #expect(map.view(for: paris)?.dragState == DragState.none)
    }

    /// The coordinate is written once, on the drop (as MapKit sets it),
    /// however many frames the carry lasts; the live position is
    /// `draggedCoordinate` meanwhile.
    @Test func aDragWritesTheCoordinateOnceOnTheDrop() {
        let (map, _) = setUp()
        let home = paris.coordinate
        let posts = paris.changes.coordinatePosts
        let start = head(map)
        _ = mouse(map, .down, start, at: 0)
        for step in 1...40 {
            _ = mouse(map, .move, start + Point(x: Double(step) * 3, y: Double(step)), at: Double(step) / 60)
            run(map, from: Double(step) / 60, to: Double(step + 1) / 60)
        }
        #expect(paris.coordinate == home && paris.changes.coordinatePosts == posts, "not written while carried")
        #expect(map.draggedCoordinate.map { !near($0, home, 1e-3) } == true, "the live position moved")
        #expect(mouse(map, .up, start + Point(x: 120, y: 40), at: 1).contains(.annotationsChanged))
        #expect(paris.changes.coordinatePosts == posts &+ 1, "one write, on the drop")
        #expect(!near(paris.coordinate, home, 1e-3) && map.draggedCoordinate == nil)
    }

    @Test(arguments: ["escape", "right-button", "focus", "touch-cancel"])
    func cancellingPutsThePinBackAndChangesNothing(_ how: String) {
        let (map, views) = setUp()
        let home = paris.coordinate
        let start = head(map)
        if how == "touch-cancel" {
            finger(map, .down, start, at: 0)
            run(map, from: 0, to: 0.9)
            finger(map, .move, start + Point(x: 80, y: 30), at: 0.9)
        } else {
            _ = mouse(map, .down, start, at: 0)
            _ = mouse(map, .move, start + Point(x: 80, y: 30), at: 0.1)
            run(map, from: 0.1, to: 0.9)
        }
        #expect(!near(map.shownCoordinate(of: paris), home, 1e-3))
        #expect(paris.coordinate == home, "the coordinate is written on the drop, not while carried")
        var actions: [MapAction] = []
        switch how {
        case "escape": actions = map.handle(.key(KeyPress("escape")), at: 1)
        case "right-button": actions = mouse(map, .down, start, at: 1, button: .right)
        case "focus": actions = map.handle(.focusLost, at: 1)
        default: finger(map, .cancel, start + Point(x: 80, y: 30), at: 1)
        }
        #expect(actions.isEmpty)
        #expect(map.view(for: paris)?.dragState == .canceling)
        run(map, from: 1, to: 1.15)
        #expect(!near(map.shownCoordinate(of: paris), home, 1e-6), "on its way back, animated")
        run(map, from: 1.15, to: 1.4)
        #expect(paris.coordinate == home)
        #expect(views.changes == DragTests.cancelled)
        #expect(map.handle(.key(KeyPress("z", modifiers: .control)), at: 2).isEmpty, "nothing to undo")
        _ = mouse(map, .up, start, at: 2)
        #expect(paris.coordinate == home)
    }

    @Test func aSecondFingerCancels() {
        let (map, views) = setUp()
        let start = head(map)
        finger(map, .down, start, at: 0)
        run(map, from: 0, to: 0.9)
        finger(map, .move, start + Point(x: -60, y: 0), at: 0.9)
        finger(map, .down, Point(x: 100, y: 100), id: 2, at: 1)
        run(map, from: 1, to: 1.4)
        #expect(views.changes == DragTests.cancelled)
        #expect(paris.coordinate == Coordinate(latitude: 48.8566, longitude: 2.3522))
    }

    @Test func aLongPressLiftsAndAMovingFingerPansInstead() {
        let (map, views) = setUp()
        let start = head(map)
        finger(map, .down, start, at: 0)
        run(map, from: 0, to: 0.48)
        #expect(views.changes.isEmpty, "not yet: 0.5 s")
        run(map, from: 0.48, to: 0.52)
        #expect(views.changes == ["none>starting"])
        finger(map, .up, start, at: 1)
        run(map, from: 1, to: 1.5)
        #expect(views.changes == DragTests.fullDrag)
        // A finger that moves at once pans the map and leaves the pin alone.
        views.changes = []
        let center = map.camera.center
        let anchor = head(map)
        finger(map, .down, anchor, at: 2)
        finger(map, .move, anchor + Point(x: 40, y: 0), at: 2.05)
        run(map, from: 2.05, to: 2.8)
        finger(map, .up, anchor + Point(x: 40, y: 0), at: 2.8)
        #expect(views.changes.isEmpty && map.camera.center != center)
    }

    @Test(arguments: [(0.0, 600.0), (10.0, 480.0), (25.0, 300.0), (49.0, 12.0), (50.0, 0.0), (400.0, 0.0)])
    func autopanSpeedGrowsWithDepthIntoTheEdgeBand(distance: Double, speed: Double) {
        let viewport = Size(width: 800, height: 600)
        let left = DragController.autopanVelocity(at: Point(x: distance, y: 300), viewport: viewport)
        let bottom = DragController.autopanVelocity(at: Point(x: 400, y: 600 - distance), viewport: viewport)
        #expect(abs(left.x - speed) < 1e-9 && left.y == 0, "content moves right, uncovering the west")
        #expect(abs(bottom.y + speed) < 1e-9 && bottom.x == 0)
    }

    @Test func carryingIntoTheEdgeBandPansAndTheAnnotationGoesAlong() {
        let (map, _) = setUp()
        let start = head(map)
        _ = mouse(map, .down, start, at: 0)
        _ = mouse(map, .move, start + Point(x: 6, y: 0), at: 0.01)
        run(map, from: 0.01, to: 0.4)
        let pointer = Point(x: 790, y: start.y)  // 10 px from the right edge: 8 px a frame
        _ = mouse(map, .move, pointer, at: 0.4)
        let before = map.camera.center
        run(map, from: 0.4, to: 1.4)
        let panned = (map.camera.center.x - before.x) * map.camera.worldSize
        #expect(abs(panned - 480) < 10, "about 480 px in a second, got \(panned)")
        #expect(map.isAnimating, "frames keep coming while the pointer rests in the band")
        // The pin stayed under the pointer while the map moved beneath it.
        #expect(abs(map.convert(map.shownCoordinate(of: paris)).x - pointer.x) < 1e-6)
        #expect(abs(map.convert(map.draggedCoordinate ?? paris.coordinate).x - pointer.x) < 1e-6, "the live position")
        _ = mouse(map, .up, pointer, at: 1.4)
        let screen = map.convert(paris.coordinate)
        #expect(abs(screen.x - pointer.x) < 1e-6 && abs(screen.y - (start.y + 24 - 39)) < 1e-6, "dropped at the tip")
    }

    @Test func theBullseyeDropsAtItsCentreAndTheFloatingViewAtItsHoveringTip() {
        for (kind, up) in [("bullseye", 0.0), ("floating", 30.0)] {
            let (map, views) = setUp(kind)
            let anchor = map.convert(paris.coordinate)
            let start = anchor + Point(x: 0, y: kind == "floating" ? -10 : 0)
            _ = mouse(map, .down, start, at: 0)
            _ = mouse(map, .move, start + Point(x: 50, y: 20), at: 0.05)
            run(map, from: 0.05, to: 0.5)
            _ = mouse(map, .up, start + Point(x: 50, y: 20), at: 0.5)
            run(map, from: 0.5, to: 1)
            let expected = map.camera.coordinate(at: anchor + Point(x: 50, y: 20 - up))
            #expect(near(paris.coordinate, expected), "\(kind)")
            #expect(views.changes == DragTests.fullDrag, "\(kind)")
        }
    }

    @Test func undoAndRedoMoveThePinBackAndForth() {
        let (map, _) = setUp()
        let home = paris.coordinate
        let start = head(map)
        _ = mouse(map, .down, start, at: 0)
        _ = mouse(map, .move, start + Point(x: 100, y: 0), at: 0.05)
        run(map, from: 0.05, to: 0.5)
        _ = mouse(map, .up, start + Point(x: 100, y: 0), at: 0.5)
        run(map, from: 0.5, to: 1)
        let moved = paris.coordinate
        #expect(map.handle(.key(KeyPress("z", modifiers: .control)), at: 2) == [.annotationsChanged])
        #expect(paris.coordinate == home)
        #expect(map.handle(.key(KeyPress("z", modifiers: [.control, .shift])), at: 3) == [.annotationsChanged])
        #expect(paris.coordinate == moved)
        _ = map.handle(.key(KeyPress("z", modifiers: .control)), at: 4)
        #expect(map.handle(.key(KeyPress("y", modifiers: .control)), at: 5) == [.annotationsChanged])
        #expect(paris.coordinate == moved)
        #expect(map.handle(.key(KeyPress("y", modifiers: .control)), at: 6).isEmpty, "nothing more to redo")
    }

    @Test func theSceneShowsThePinHalfWayUpMidLift() {
        let (map, _) = setUp()
        let rest = imageDraws(map).first { $0.role == "annotation" }!.rect
        let start = head(map)
        _ = mouse(map, .down, start, at: 0)
        _ = mouse(map, .move, start + Point(x: 6, y: 0), at: 0)
        // The lift is 0.1 s of bounce, then 0.2 s of rising: half-way at 0.2 s.
        let mid = imageDraws(map, at: 0.2)
        let pin = mid.first { $0.role == "annotation" }!.rect
        let shadow = mid.first { $0.role == "shadow" }
        // The rest frame and the floating frame hold different parts of the image; compare their tops.
        let restTop = rest.minY - BuiltInImages.pinContent(.rest).minY
        let floatingTop = pin.minY - BuiltInImages.pinContent(.floating).minY
        #expect(abs(floatingTop - restTop - (-19.5)) <= 1, "19.5 pt up")
        #expect(shadow != nil && map.annotationSummaries().first?.dragState == .starting)
    }

    @Test func pinsAddedWithAnimatesDropFallInFromAbove() {
        final class Dropping: MapViewDelegate {
            func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
                let pin = PinAnnotationView(annotation: annotation)
                pin.animatesDrop = true
                return pin
            }
        }
        let map = makeAnnotationMap()
        let delegate = Dropping()
        map.delegate = delegate
        _ = imageDraws(map, at: 0)
        map.addAnnotation(paris)
        #expect(imageDraws(map, at: 1).isEmpty, "it starts above the top edge, out of sight")
        let pin = map.view(for: paris) as! PinAnnotationView
        #expect(pin.lift.y == -(map.convert(paris.coordinate).y + 39))
        #expect(map.isAnimating)
        let falling = imageDraws(map, at: 1.3).first?.rect
        #expect(falling != nil && falling!.maxY < map.convert(paris.coordinate).y - 20, "on its way down")
        run(map, from: 1.3, to: 1.5)
        #expect(pin.pose == .rest && !map.isAnimating)
    }
}
