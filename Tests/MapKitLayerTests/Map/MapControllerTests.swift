import Testing
@testable import MapEngine
@testable import MapKitLayer

/// Every character 7 px wide and 13 px tall.
struct FixedMetrics: TextMeasuring {
    func size(of text: String, font: FontSpec) -> Size { Size(width: Double(text.count) * 7, height: 13) }
}

@Suite @MainActor struct MapControllerTests {
    func makeMap() -> MapController {
        MapController(camera: Camera(center: Coordinate(latitude: 48, longitude: 2), zoom: 4,
                                     viewportSize: Size(width: 800, height: 600)),
                      levels: 0...5, attribution: "Natural Earth")
    }

    func mouse(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double) -> InputEvent {
        .pointer(PointerEvent(phase: phase, location: Point(x: x, y: y),
                              button: phase == .move ? nil : .left))
    }

    @Test func draggingPansTheMapWithThePointer() {
        let map = makeMap()
        let grabbed = map.camera.coordinate(at: Point(x: 400, y: 300))
        map.handle(mouse(.down, 400, 300), at: 0)
        map.handle(mouse(.move, 450, 320), at: 0.1)
        map.handle(mouse(.up, 500, 350), at: 0.2)
        let p = map.camera.screenPoint(for: grabbed)
        #expect(abs(p.x - 500) < 1e-6 && abs(p.y - 350) < 1e-6, "the grabbed place stays under the pointer")
    }

    @Test func wheelZoomsSmoothlyAboutTheCursor() {
        let map = makeMap()
        let cursor = Point(x: 200, y: 150)
        let under = map.camera.coordinate(at: cursor)
        map.handle(.wheel(at: cursor, dx: 0, dy: 2), at: 1)
        map.advance(to: 1.1)
        #expect(map.camera.zoom > 4 && map.camera.zoom < 5, "part-way after 0.1 s")
        map.advance(to: 2)
        #expect(map.camera.zoom == 5)
        #expect(!map.isAnimating)
        let p = map.camera.screenPoint(for: under)
        #expect(abs(p.x - cursor.x) < 1e-6 && abs(p.y - cursor.y) < 1e-6)
    }

    @Test func wheelNotchesAddUpWhileAnimating() {
        let map = makeMap()
        map.handle(.wheel(at: Point(x: 400, y: 300), dx: 0, dy: 1), at: 0)
        map.handle(.wheel(at: Point(x: 400, y: 300), dx: 0, dy: 1), at: 0.05)
        map.advance(to: 1)
        #expect(map.camera.zoom == 5)
    }

    @Test func doubleClickZoomsInOneLevelAboutThePoint() {
        let map = makeMap()
        let before = map.camera
        let under = map.camera.coordinate(at: Point(x: 601, y: 200))
        for t in [0.0, 0.15] {
            map.handle(mouse(.down, 600, 200), at: t)
            map.handle(mouse(.up, 601, 200), at: t + 0.05)
            #expect(map.camera == before, "a click within the tolerance does not pan")
        }
        map.advance(to: 1)
        #expect(map.camera.zoom == 5)
        let p = map.camera.screenPoint(for: under)
        #expect(abs(p.x - 601) < 1e-6 && abs(p.y - 200) < 1e-6)
    }

    @Test func twoSlowClicksDoNotZoom() {
        let map = makeMap()
        for t in [0.0, 1.0] {
            map.handle(mouse(.down, 600, 200), at: t)
            map.handle(mouse(.up, 600, 200), at: t + 0.05)
        }
        map.advance(to: 3)
        #expect(map.camera.zoom == 4)
    }

    @Test(arguments: [("plus", 5.0), ("equals", 5.0), ("minus", 3.0)])
    func keysZoomAboutTheCentre(_ key: String, _ zoom: Double) {
        let map = makeMap()
        let center = map.camera.centerCoordinate
        map.handle(.key(KeyPress(key)), at: 0)
        map.advance(to: 1)
        #expect(map.camera.zoom == zoom)
        #expect(abs(map.camera.centerCoordinate.longitude - center.longitude) < 1e-9)
    }

    @Test func arrowKeysPanAndZeroGoesHome() {
        let map = makeMap()
        let home = map.camera
        map.handle(.key(KeyPress("right")), at: 0)
        map.handle(.key(KeyPress("right")), at: 0.05)
        map.advance(to: 1)
        let moved = home.screenPoint(forWorld: map.camera.center)
        #expect(abs(moved.x - (400 + 2 * KeyboardInteraction.panDistance)) < 1e-6)
        map.handle(.key(KeyPress("0")), at: 1)
        #expect(map.camera == home)
    }

    @Test func ctrlQAndCloseQuit() {
        let map = makeMap()
        #expect(map.handle(.key(KeyPress("q", modifiers: .control)), at: 0) == [.quit])
        #expect(map.handle(.key(KeyPress("q")), at: 0) == [])
        #expect(map.handle(.quit, at: 0) == [.quit])
    }

    @Test func resizingKeepsTheCentre() {
        let map = makeMap()
        let center = map.camera.centerCoordinate
        map.handle(.resize(Size(width: 1200, height: 900)), at: 0)
        #expect(map.camera.viewportSize == Size(width: 1200, height: 900))
        #expect(abs(map.camera.centerCoordinate.latitude - center.latitude) < 1e-9)
    }

    @Test func aRightDragTurnsAndTiltsTheMapWithoutPanning() {
        let map = makeMap()
        let before = map.camera
        map.handle(.pointer(PointerEvent(phase: .down, location: Point(x: 10, y: 10), button: .right)), at: 0)
        map.handle(mouse(.move, 60, 0), at: 0.1)
        #expect(map.camera.heading == 40, "50 pixels right turn the map 40°")
        #expect(map.camera.pitch == 5, "10 pixels up tilt it 5°")
        #expect(abs(map.camera.centerCoordinate.latitude - before.centerCoordinate.latitude) < 1e-9
                && abs(map.camera.centerCoordinate.longitude - before.centerCoordinate.longitude) < 1e-9,
                "about the centre: the centre stays")
        map.handle(.pointer(PointerEvent(phase: .up, location: Point(x: 60, y: 0), button: .right)), at: 0.5)
        map.handle(.pointer(PointerEvent(phase: .down, location: Point(x: 10, y: 10), button: .middle)), at: 1)
        let turned = map.camera
        map.handle(mouse(.move, 300, 300), at: 1.1)
        #expect(map.camera == turned, "the middle button neither pans nor turns")
    }

    @Test func sceneEndsWithTheAttributionInTheBottomRightCorner() {
        let map = makeMap()
        let scene = FrameComposer.scene(of: map, at: 0, tiles: NoTiles(), text: FixedMetrics())
        guard case .text(let text) = scene.commands.last else {
            Issue.record("the last command is not the credit text")
            return
        }
        #expect(text.text == "Natural Earth")
        #expect(text.rect.maxX == 800 - 5 && text.rect.maxY == 600 - 2)
    }
}
