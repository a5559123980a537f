import Testing
@testable import MapEngine
@testable import MapKitLayer

/// A mouse that carries a pin out of the window: SDL keeps reporting it,
/// at positions off the map, until the button comes up.
@Suite @MainActor struct DragOutsideTests {
    let drags = DragTests()

    @Test func aReleaseOutsideTheWindowSendsThePinHomeAndSavesNothing() {
        let (map, views) = drags.setUp()
        let home = drags.paris.coordinate
        let start = drags.head(map)
        _ = drags.mouse(map, .down, start, at: 0)
        _ = drags.mouse(map, .move, start + Point(x: 40, y: 0), at: 0.05)
        _ = drags.mouse(map, .move, Point(x: 300, y: 900), at: 0.1)
        let actions = drags.mouse(map, .up, Point(x: 300, y: 900), at: 0.15)
        #expect(!actions.contains(.annotationsChanged), "nothing to save")
        drags.run(map, from: 0.15, to: 1)
        #expect(drags.near(drags.paris.coordinate, home))
        #expect(views.changes == DragTests.cancelled)
    }

    @Test func autopanStopsWhileThePointerIsOutside() {
        let (map, _) = drags.setUp()
        let start = drags.head(map)
        _ = drags.mouse(map, .down, start, at: 0)
        _ = drags.mouse(map, .move, start + Point(x: 40, y: 0), at: 0.05)
        let size = map.camera.viewportSize
        _ = drags.mouse(map, .move, Point(x: size.width / 2, y: size.height + 200), at: 0.1)
        let before = map.camera.center
        drags.run(map, from: 0.1, to: 2)
        #expect(map.camera.center == before, "the map stays where it was: no trip to the pole")
        #expect(map.isDragging, "the pin is still carried and may come back in")
        // Back inside near the bottom edge, auto-pan resumes.
        _ = drags.mouse(map, .move, Point(x: size.width / 2, y: size.height - 10), at: 2.05)
        drags.run(map, from: 2.05, to: 2.5)
        #expect(map.camera.center != before)
    }

    @Test func aReleaseBackInsideDropsAsUsual() {
        let (map, views) = drags.setUp()
        let start = drags.head(map)
        _ = drags.mouse(map, .down, start, at: 0)
        _ = drags.mouse(map, .move, start + Point(x: 40, y: 0), at: 0.05)
        _ = drags.mouse(map, .move, Point(x: -100, y: 100), at: 0.1)
        _ = drags.mouse(map, .move, start + Point(x: 60, y: 0), at: 0.2)
        let actions = drags.mouse(map, .up, start + Point(x: 60, y: 0), at: 0.25)
        #expect(actions.contains(.annotationsChanged))
        drags.run(map, from: 0.25, to: 1.5)
        #expect(views.changes == DragTests.fullDrag)
    }
}
