import Foundation
@testable import MapEngine
@testable import MapKitLayer
import MapSDL
import PinmapResources
import Testing

/// The map's own controls, drawn headless at scale 1 and 2: the zoom
/// buttons above the locate button, the scale bar and the position readout.
@Suite(.serialized) @MainActor struct ChromeGoldenTests {
    let suite = "ChromeGoldenTests"

    func run(scale: Double, units: ScaleBar.Units) throws -> HeadlessRun {
        var options = try TestMaps.options(center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 6,
                                           size: Size(width: 360 * scale, height: 280 * scale), scale: scale)
        options.showsControls = true
        options.showsPosition = true
        options.units = units
        options.locationProvider = FixedLocationProvider(LocationFix(coordinate: Coordinate(latitude: 48.85, longitude: 2.35)))
        return try HeadlessRun(options: options)
    }

    @Test func controlsAtScaleOne() throws {
        let run = try run(scale: 1, units: .metric)
        run.advance(to: 0.1)
        assertGolden(try run.renderImage(), named: "controls-scale-1", suite: suite)
    }

    @Test func theSearchListAsTheUserTypes() throws {
        var options = try TestMaps.options(center: Coordinate(latitude: 30, longitude: 10), zoom: 3,
                                           size: Size(width: 480, height: 360))
        options.gazetteer = PinmapResources.gazetteer
        let run = try HeadlessRun(options: options)
        run.send(.key(KeyPress("slash")))
        run.send(.text("pari"))
        run.send(.key(KeyPress("down")))
        assertGolden(try run.renderImage(), named: "search-list", suite: suite)
    }

    /// Typed in Russian and in Arabic, the list shows each place's name and,
    /// after its region, the name in its own script (right to left for Arabic).
    @Test(arguments: [("москва", "search-list-russian"), ("القاهر", "search-list-arabic")])
    func theSearchListInRussianAndArabic(_ query: String, _ golden: String) throws {
        var options = try TestMaps.options(center: Coordinate(latitude: 30, longitude: 10), zoom: 3,
                                           size: Size(width: 480, height: 300))
        options.gazetteer = PinmapResources.gazetteer
        let run = try HeadlessRun(options: options)
        run.send(.key(KeyPress("slash")))
        run.send(.text(query))
        assertGolden(try run.renderImage(), named: golden, suite: suite)
    }

    @Test func controlsAtScaleTwoInImperialWithThePlusPressed() throws {
        let run = try run(scale: 2, units: .imperial)
        run.advance(to: 0.1)
        let column = ZoomButtons.frame(viewport: Size(width: 720, height: 560), scale: 2, hasLocateButton: true)
        run.send(.pointer(PointerEvent(phase: .down, location: Point(x: column.midX, y: column.minY + 20), button: .left)))
        assertGolden(try run.renderImage(), named: "controls-scale-2-pressed", suite: suite)
    }
}
