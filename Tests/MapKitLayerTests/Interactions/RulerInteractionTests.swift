import Testing
@testable import MapEngine
@testable import MapKitLayer

/// "Measure from here", from the menu by mouse or keyboard: clicks add
/// points (a click on the first closes the path), a drag still pans,
/// Enter adds the centre, Backspace takes the last point off, Escape ends;
/// the panel says the total and the area in the scale bar's units.
@Suite @MainActor struct RulerInteractionTests {
    func click(_ map: MapController, _ point: Point, at time: Double) {
        MapKitLayerTests.click(map, at: point, time: time)
    }

    func panelLines(_ map: MapController) -> [String] {
        FrameComposer.scene(of: map, at: 10, tiles: NoTiles(), text: ZeroMetrics()).commands.compactMap {
            if case .text(let text) = $0, text.role == "ruler-panel" { text.text } else { nil }
        }
    }

    @Test func clicksMeasureAPathAndAClickOnTheFirstPointClosesIt() throws {
        let map = makeAnnotationMap()
        ContextMenuTests.rightClick(map, at: Point(x: 200, y: 200))
        try ContextMenuTests.choose(.measure, on: map)
        let start = try #require(map.chrome.ruler).points[0]
        #expect(start == map.camera.coordinate(at: Point(x: 200, y: 200)).wrapped)
        let before = map.selectedAnnotations.count
        click(map, Point(x: 400, y: 200), at: 2)
        click(map, Point(x: 400, y: 400), at: 3)
        #expect(map.chrome.ruler?.points.count == 3 && map.selectedAnnotations.count == before, "clicks add points, select nothing")
        // A drag pans the map; the path stays on the ground.
        let camera = map.camera.centerCoordinate
        map.handle(.pointer(PointerEvent(phase: .down, location: Point(x: 300, y: 300), button: .left)), at: 4)
        map.handle(.pointer(PointerEvent(phase: .move, location: Point(x: 340, y: 300), button: .left)), at: 4.1)
        map.handle(.pointer(PointerEvent(phase: .up, location: Point(x: 340, y: 300), button: .left)), at: 4.2)
        map.advance(to: 6)
        #expect(map.camera.centerCoordinate != camera && map.chrome.ruler?.points.count == 3)
        let first = map.camera.screenPoint(for: start)
        click(map, Point(x: first.x + 4, y: first.y - 3), at: 7)
        let ruler = try #require(map.chrome.ruler)
        #expect(ruler.isClosed && ruler.points.count == 3, "a click near the first point closes the path")
        let lines = panelLines(map)
        #expect(lines.first == "Distance " + MeasureText.length(ruler.total, units: .metric), "\(lines)")
        #expect(lines.contains("Area " + MeasureText.area(ruler.area ?? 0, units: .metric)), "\(lines)")
        map.chrome.units = .imperial
        #expect(panelLines(map).first == "Distance " + MeasureText.length(ruler.total, units: .imperial))
    }

    @Test func theKeyboardMeasuresFromShiftF10() throws {
        let map = makeAnnotationMap()
        map.handle(.key(KeyPress("f10", modifiers: .shift)), at: 0)
        for _ in 0..<3 { map.handle(.key(KeyPress("down")), at: 0.1) }
        #expect(map.chrome.menu?.highlighted == .measure)
        map.handle(.key(KeyPress("return")), at: 0.2)
        #expect(map.chrome.ruler?.points.count == 1 && map.chrome.menu == nil)
        map.handle(.key(KeyPress("right")), at: 0.3)  // the arrows pan to the next place
        map.advance(to: 1)
        map.handle(.key(KeyPress("return")), at: 1.1)
        map.handle(.key(KeyPress("down")), at: 1.2)
        map.advance(to: 2)
        map.handle(.key(KeyPress("space")), at: 2.1)
        let ruler = try #require(map.chrome.ruler)
        #expect(ruler.points.count == 3 && ruler.total > 0, "Enter and Space add the centre")
        map.handle(.key(KeyPress("backspace")), at: 2.2)
        #expect(map.chrome.ruler?.points.count == 2)
        #expect(map.annotationCount == 0, "Backspace took a point off, not a pin")
        map.handle(.key(KeyPress("escape")), at: 2.3)
        #expect(map.chrome.ruler == nil, "Escape ends measuring")
        map.handle(.key(KeyPress("escape")), at: 2.4)
    }

    @Test func aLongPressOpensTheMenuWhereTheFingerRests() throws {
        let map = makeAnnotationMap()
        let point = Point(x: 250, y: 180)
        map.handle(.pointer(PointerEvent(phase: .down, location: point, kind: .touch, id: 1)), at: 0)
        map.advance(to: 0.3)
        #expect(map.chrome.menu == nil, "not before its time")
        map.advance(to: 0.6)
        let menu = try #require(map.chrome.menu)
        #expect(menu.anchor == point && menu.highlighted == nil)
        map.handle(.pointer(PointerEvent(phase: .up, location: point, kind: .touch, id: 1)), at: 0.7)
        #expect(map.chrome.menu != nil, "lifting the finger leaves the menu open to choose from")
        try ContextMenuTests.choose(.dropPin, on: map, time: 1)
        #expect(map.annotationCount == 1)
    }
}
