import Foundation
@testable import MapEngine
@testable import MapKitLayer
import MapSDL
import Testing

/// Over the dark style the map's own controls, callout and menu are dark
/// too, as a dark-mode map app's are; `appearance` can ask for light.
@Suite(.serialized) @MainActor struct DarkChromeGoldenTests {
    let suite = "DarkChromeGoldenTests"

    func run(appearance: ChromeAppearance) throws -> HeadlessRun {
        var options = try TestMaps.worldOptions(style: "dark", center: Coordinate(latitude: 47.37, longitude: 8.55), zoom: 9,
                                                size: Size(width: 560, height: 380))
        options.showsControls = true
        options.appearance = appearance
        let run = try HeadlessRun(options: options)
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 47.37, longitude: 8.55), title: "Zürich",
                                  subtitle: "Largest city of Switzerland")
        run.session.map.addAnnotation(pin)
        run.session.map.selectAnnotation(pin)
        _ = run.send(.pointer(PointerEvent(phase: .down, location: Point(x: 120, y: 300), button: .right)))
        _ = run.send(.pointer(PointerEvent(phase: .up, location: Point(x: 120, y: 300), button: .right)))
        run.advance(to: 1)
        return run
    }

    @Test func theDarkStyleGetsDarkControlsACalloutAndAMenu() throws {
        let run = try run(appearance: .automatic)
        #expect(run.session.map.chrome.isDark)
        assertGolden(try run.renderImage(), named: "dark-controls-callout-menu", suite: suite)
        #expect(try !self.run(appearance: .light).session.map.chrome.isDark, "light when asked")
    }
}
