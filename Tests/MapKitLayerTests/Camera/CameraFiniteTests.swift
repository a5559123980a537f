import Testing
@testable import MapEngine
@testable import MapKitLayer

/// Absurd numbers never reach the camera.
@Suite @MainActor struct CameraFiniteTests {
    let start = Camera(center: Coordinate(latitude: 48, longitude: 2), zoom: 5, viewportSize: Size(width: 800, height: 600))

    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300, .greatestFiniteMagnitude])
    func everyChangeKeepsTheCameraValid(value: Double) {
        var camera = start
        camera.pan(by: Point(x: value, y: value))
        #expect(camera.isValid)
        camera.zoom(to: value, about: Point(x: value, y: 300))
        #expect(camera.isValid)
        camera.zoom(to: 7, about: Point(x: value, y: value))
        #expect(camera.isValid)
        camera.setCenter(world: Point(x: value, y: value))
        #expect(camera.isValid)
        camera.resize(to: Size(width: value, height: value))
        #expect(camera.isValid)
        let made = Camera(center: Coordinate(latitude: value, longitude: value), zoom: value,
                          viewportSize: Size(width: value, height: value))
        #expect(made.isValid)
    }

    @Test func liveEventsAreClampedNotTrusted() {
        let wild = InputEvent.pointer(PointerEvent(phase: .down, location: Point(x: -1e300, y: .nan), kind: .touch, id: 1))
        #expect(wild.clamped() == .pointer(PointerEvent(phase: .down, location: Point(x: -1e6, y: 0), kind: .touch, id: 1)))
        #expect(InputEvent.wheel(at: .zero, dx: 0, dy: 1e9).clamped() == .wheel(at: .zero, dx: 0, dy: 100))
        #expect(InputEvent.resize(Size(width: 0, height: .infinity)).clamped()
                == .resize(Size(width: 1, height: Camera.maximumViewportSide)))
    }

    @Test func aSecondFingerFarAwayNeverBreaksTheMap() {
        let map = MapController(camera: start, levels: 0...5, attribution: nil)
        map.handle(.pointer(PointerEvent(phase: .down, location: Point(x: -1e300, y: 10), kind: .touch, id: 1)), at: 0)
        map.handle(.pointer(PointerEvent(phase: .down, location: Point(x: 400, y: 300), kind: .touch, id: 2)), at: 0.1)
        map.handle(.pointer(PointerEvent(phase: .move, location: Point(x: 1e300, y: 300), kind: .touch, id: 2)), at: 0.2)
        _ = FrameComposer.scene(of: map, at: 0.3, tiles: AllTiles(), text: ZeroMetrics())
        #expect(map.camera.isValid)
    }
}
