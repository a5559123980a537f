import Foundation
@testable import MapEngine
@testable import MapKitLayer
import MapSDL
import Testing

/// "Measure from here" as the window draws it: the path on its casing, a
/// dot at each point, each leg's length, the panel with the total and the
/// area of the closed path in the scale bar's units.
@Suite(.serialized) @MainActor struct RulerGoldenTests {
    let suite = "RulerGoldenTests"

    func click(_ run: HeadlessRun, _ point: Point, button: MouseButton = .left) {
        _ = run.send(.pointer(PointerEvent(phase: .down, location: point, button: button)))
        run.advance(to: run.now + 0.05)
        _ = run.send(.pointer(PointerEvent(phase: .up, location: point, button: button)))
        run.advance(to: run.now + 0.4)
    }

    @Test func aClosedPathWithItsLegsTotalAndArea() throws {
        var options = try TestMaps.worldOptions(center: Coordinate(latitude: 47.37, longitude: 8.55), zoom: 9,
                                                size: Size(width: 560, height: 380))
        options.showsControls = true
        let run = try HeadlessRun(options: options)
        click(run, Point(x: 150, y: 120), button: .right)
        let menu = try #require(run.session.map.chrome.menu)
        let row = ContextMenu.row(try #require(menu.items.firstIndex(of: .measure)),
                                  in: menu.frame(viewport: run.session.map.camera.viewportSize, scale: 1), scale: 1)
        click(run, row.center)
        for point in [Point(x: 420, y: 110), Point(x: 380, y: 300), Point(x: 150, y: 120)] { click(run, point) }
        let ruler = try #require(run.session.map.chrome.ruler)
        #expect(ruler.isClosed && ruler.points.count == 3)
        assertGolden(try run.renderImage(), named: "ruler-closed-path", suite: suite)
    }
}
