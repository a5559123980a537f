import Foundation
@testable import MapEngine
@testable import MapKitLayer
import Testing

/// Each gesture can be turned off through the map's MapKit-style switches;
/// the map's code still moves it.
@Suite @MainActor struct GestureSwitchTests {
    func mouse(_ map: MapController, _ phase: PointerEvent.Phase, _ p: Point, button: MouseButton = .left, at t: Double) {
        map.handle(.pointer(PointerEvent(phase: phase, location: p, button: button)), at: t)
    }

    func touch(_ map: MapController, _ phase: PointerEvent.Phase, _ finger: Int, _ p: Point, at t: Double) {
        map.handle(.pointer(PointerEvent(phase: phase, location: p, kind: .touch, id: finger)), at: t)
    }

    func settle(_ map: MapController, at t: Double) {
        _ = FrameComposer.scene(of: map, at: t, tiles: NoTiles(), text: ZeroMetrics())
    }

    @Test func withScrollingOffADragOrAFlingOrAnArrowLeavesTheMapWhereItIs() {
        let map = makeAnnotationMap()
        map.isScrollEnabled = false
        let center = map.camera.center
        mouse(map, .down, Point(x: 400, y: 300), at: 0)
        mouse(map, .move, Point(x: 300, y: 250), at: 0.1)
        mouse(map, .up, Point(x: 300, y: 250), at: 0.2)
        touch(map, .down, 1, Point(x: 400, y: 300), at: 1)
        touch(map, .move, 1, Point(x: 200, y: 300), at: 1.05)
        touch(map, .up, 1, Point(x: 100, y: 300), at: 1.1)
        map.handle(.key(KeyPress("left")), at: 1.2)
        settle(map, at: 3)
        #expect(map.camera.center == center)
        map.isScrollEnabled = true
        mouse(map, .down, Point(x: 400, y: 300), at: 4)
        mouse(map, .move, Point(x: 300, y: 250), at: 4.1)
        #expect(map.camera.center != center, "on again, a drag pans")
    }

    @Test func withZoomOffTheWheelDoubleClickKeysAndPinchLeaveTheZoom() {
        let map = makeAnnotationMap()
        map.isZoomEnabled = false
        let zoom = map.camera.zoom
        map.handle(.wheel(at: Point(x: 400, y: 300), dx: 0, dy: 2), at: 0)
        for t in [0.5, 0.6] {
            mouse(map, .down, Point(x: 400, y: 300), at: t)
            mouse(map, .up, Point(x: 400, y: 300), at: t + 0.05)
        }
        map.handle(.key(KeyPress("plus")), at: 0.8)
        touch(map, .down, 1, Point(x: 300, y: 300), at: 1)
        touch(map, .down, 2, Point(x: 500, y: 300), at: 1)
        touch(map, .move, 2, Point(x: 700, y: 300), at: 1.1)
        touch(map, .up, 2, Point(x: 700, y: 300), at: 1.2)
        touch(map, .up, 1, Point(x: 300, y: 300), at: 1.2)
        settle(map, at: 3)
        #expect(map.camera.zoom == zoom)
        map.setCamera(Camera(center: map.camera.centerCoordinate, zoom: zoom + 1, viewportSize: map.camera.viewportSize),
                      animated: false)
        #expect(map.camera.zoom == zoom + 1, "the map's code still zooms")
    }

    @Test func withPinDropOffARightClickAndALongPressDropNothing() {
        let map = makeAnnotationMap()
        /// The menu's first row, chosen, as a right-click opened it and as a finger held 2 s did, from `t` on.
        func tryToDrop(at t: Double) {
            mouse(map, .down, Point(x: 400, y: 300), button: .right, at: t)
            mouse(map, .up, Point(x: 400, y: 300), button: .right, at: t + 0.1)
            mouse(map, .down, Point(x: 420, y: 322), at: t + 0.3)
            mouse(map, .up, Point(x: 420, y: 322), at: t + 0.35)
            touch(map, .down, 1, Point(x: 300, y: 300), at: t + 1)
            settle(map, at: t + 3)
            touch(map, .up, 1, Point(x: 300, y: 300), at: t + 3)
            mouse(map, .down, Point(x: 320, y: 322), at: t + 3.2)
            mouse(map, .up, Point(x: 320, y: 322), at: t + 3.25)
        }
        func dropped() -> Int { map.annotations.filter { $0.title == DroppedPin.title }.count }
        map.isPinDropEnabled = false
        tryToDrop(at: 0)
        #expect(dropped() == 0, "the menu offers no pin: its first row is What's here?")
        map.handle(.key(KeyPress("escape")), at: 4.5)  // What's here's callouts go
        map.handle(.key(KeyPress("escape")), at: 4.6)
        map.isPinDropEnabled = true
        tryToDrop(at: 5)
        #expect(dropped() == 2, "a right-click's menu and a long press's each drop one")
    }
}
