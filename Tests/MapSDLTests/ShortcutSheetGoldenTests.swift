import Foundation
@testable import MapEngine
@testable import MapKitLayer
import MapSDL
import Testing

/// F1 (or `?`) shows the card of keys and clicks over the map; any key or
/// a click puts it away, and that press does nothing else.
@Suite(.serialized) @MainActor struct ShortcutSheetGoldenTests {
    let suite = "ShortcutSheetGoldenTests"

    @Test func f1ShowsTheKeysAndAClickPutsThemAwayWithoutPanning() throws {
        let run = try TestMaps.run(center: Coordinate(latitude: 46.8, longitude: 8.2), zoom: 5, size: Size(width: 640, height: 520))
        let map = run.session.map
        _ = run.session.handle(.key(KeyPress("f1")), at: 0)
        #expect(map.chrome.showsShortcuts)
        assertGolden(try run.renderImage(), named: "shortcuts", suite: suite)
        let camera = map.camera
        _ = run.session.handle(.pointer(PointerEvent(phase: .down, location: Point(x: 100, y: 100))), at: 1)
        _ = run.session.handle(.pointer(PointerEvent(phase: .move, location: Point(x: 200, y: 160))), at: 1.1)
        _ = run.session.handle(.pointer(PointerEvent(phase: .up, location: Point(x: 200, y: 160))), at: 1.2)
        #expect(!map.chrome.showsShortcuts && map.camera == camera, "the click put the card away and moved nothing")
        _ = run.session.handle(.key(KeyPress("slash", modifiers: .shift)), at: 2)
        #expect(map.chrome.showsShortcuts, "? shows it too")
        _ = run.session.handle(.key(KeyPress("minus")), at: 3)
        #expect(!map.chrome.showsShortcuts && map.camera == camera, "a key puts it away and does nothing else")
    }
}
