import Testing
@testable import MapEngine
@testable import MapKitLayer

/// The zoom buttons act like the + and - keys; the readout follows the
/// pointer; every control is in the scene with its role and action.
@MainActor struct ControlsTests {
    func press(_ map: MapController, at point: Point, release: Point? = nil, time: Double) {
        map.handle(.pointer(PointerEvent(phase: .down, location: point, button: .left)), at: time)
        map.handle(.pointer(PointerEvent(phase: .up, location: release ?? point, button: .left)), at: time + 0.05)
    }

    func button(_ part: ZoomButtons.Part, _ map: MapController) -> Point {
        let column = ZoomButtons.frame(viewport: map.camera.viewportSize, scale: map.displayScale,
                                       hasLocateButton: map.userLocation.feed != nil)
        return Point(x: column.midX, y: part == .zoomIn ? column.minY + column.height / 4 : column.maxY - column.height / 4)
    }

    @Test func theButtonsZoomALevelAboutTheCentreLikeTheKeys() {
        let map = makeAnnotationMap(zoom: 4)
        let centre = map.camera.centerCoordinate
        press(map, at: button(.zoomIn, map), time: 0)
        map.advance(to: 1)
        #expect(map.camera.zoom == 5)
        #expect(abs(map.camera.centerCoordinate.latitude - centre.latitude) < 1e-9, "about the centre")
        press(map, at: button(.zoomOut, map), time: 2)
        press(map, at: button(.zoomOut, map), time: 2.1)
        map.advance(to: 3)
        #expect(map.camera.zoom == 3, "presses add up")
        press(map, at: button(.zoomIn, map), release: Point(x: 100, y: 100), time: 4)
        map.advance(to: 5)
        #expect(map.camera.zoom == 3, "let go away from the button: nothing")
    }

    @Test func withoutControlsTheCornerIsMap() {
        let map = makeAnnotationMap(zoom: 4)
        map.chrome.showsControls = false
        let before = map.camera.center
        let spot = button(.zoomIn, map)
        map.handle(.pointer(PointerEvent(phase: .down, location: spot, button: .left)), at: 0)
        map.handle(.pointer(PointerEvent(phase: .move, location: spot + Point(x: -30, y: 0))), at: 0.05)
        map.handle(.pointer(PointerEvent(phase: .up, location: spot + Point(x: -30, y: 0), button: .left)), at: 0.1)
        #expect(map.camera.center != before && map.camera.zoom == 4, "the press panned the map")
        let scene = FrameComposer.scene(of: map, at: 1, tiles: NoTiles(), text: ZeroMetrics())
        #expect(!scene.commands.contains { if case .shape(let s) = $0 { s.role == "zoom-button" } else { false } })
    }

    @Test func theButtonsSitAboveTheLocateButtonAtEitherScale() {
        for scale in [1.0, 2.0] {
            let map = makeAnnotationMap(zoom: 4, size: Size(width: 800 * scale, height: 600 * scale))
            map.displayScale = scale
            map.userLocation.feed = LocationFeed()
            let column = ZoomButtons.frame(viewport: map.camera.viewportSize, scale: scale, hasLocateButton: true)
            let locate = LocateButton.frame(viewport: map.camera.viewportSize, scale: scale)
            #expect(column.width == 44 * scale && column.height == 88 * scale, "44-point targets")
            #expect(column.maxY < locate.minY && abs(column.midX - locate.midX) < 0.01)
            let scene = FrameComposer.scene(of: map, at: 0, tiles: NoTiles(), text: ZeroMetrics())
            let actions = scene.commands.compactMap { if case .shape(let s) = $0 { s.action } else { nil } }
            #expect(actions.contains("zoom-in") && actions.contains("zoom-out") && actions.contains("locate"))
            let roles = scene.commands.compactMap { if case .shape(let s) = $0 { s.role } else { nil } }
            #expect(roles.contains("scale-bar"))
        }
    }

    @Test func atTheDeepestZoomThePlusIsGreyed() {
        let map = makeAnnotationMap(zoom: Camera.zoomLimits.upperBound)
        let scene = FrameComposer.scene(of: map, at: 0, tiles: NoTiles(), text: ZeroMetrics())
        let greys = scene.commands.filter { if case .rect(_, let c) = $0 { c == ZoomButtons.glyphDisabled } else { false } }
        #expect(greys.count == 2, "both bars of the plus")
    }

    @Test func theReadoutFollowsThePointerAndPTogglesIt() throws {
        let map = makeAnnotationMap(center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 5)
        _ = FrameComposer.scene(of: map, at: 0, tiles: NoTiles(), text: ZeroMetrics())
        let hover = map.handle(.pointer(PointerEvent(phase: .move, location: Point(x: 100, y: 100))), at: 0.1)
        #expect(hover.isEmpty && !map.needsDisplay, "hidden, a hover redraws nothing")
        map.handle(.key(KeyPress("p")), at: 0.2)
        #expect(map.chrome.showsPosition)
        func readout() throws -> String {
            let scene = FrameComposer.scene(of: map, at: 1, tiles: NoTiles(), text: ZeroMetrics())
            let index = try #require(scene.commands.firstIndex { if case .shape(let s) = $0 { s.role == "position-readout" } else { false } })
            guard case .text(let text) = scene.commands[index + 1] else { Issue.record("its text"); return "" }
            return text.text
        }
        #expect(try readout() == PositionReadout.text(for: map.convert(Point(x: 100, y: 100)), zoom: 5))
        map.handle(.pointer(PointerEvent(phase: .move, location: Point(x: 400, y: 300))), at: 1.1)
        #expect(map.needsDisplay, "shown, it follows the pointer")
        #expect(try readout() == "48.8566° N, 2.3522° E · zoom 5.00")
        map.handle(.key(KeyPress("p")), at: 2)
        #expect(!map.chrome.showsPosition)
    }
}
