import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import Testing

/// The blue dot, its accuracy disc, the locate button and a placemark's
/// callout with its looked-up name, rendered headless.
@Suite(.serialized) @MainActor struct LocationGoldenTests {
    let suite = "LocationGoldenTests"
    static let sausalito = Coordinate(latitude: 37.859, longitude: -122.4852)

    /// A 320 x 240 view at zoom 9 on the bay, the user with gpsd's error estimate.
    func locationRun(accuracy: Double) throws -> HeadlessRun {
        var options = try TestMaps.options(center: Coordinate(latitude: 37.8, longitude: -122.4), zoom: 9,
                                           size: Size(width: 320, height: 240))
        options.locationProvider = FixedLocationProvider(LocationFix(coordinate: Self.sausalito, accuracy: accuracy))
        options.gazetteer = PinmapResources.gazetteer
        return try HeadlessRun(options: options)
    }

    @Test func theBlueDotWithItsAccuracyAndTheLocateButton() throws {
        let run = try locationRun(accuracy: 8000)
        assertGolden(try run.renderImage(), named: "blue-dot", suite: suite)
    }

    @Test func keyLDropsANamedPinOnTheDot() throws {
        let run = try locationRun(accuracy: 40)
        run.advance(to: 0.1)
        run.send(.key(KeyPress("l")))
        run.advance(to: 1.2)
        // The pin landed on the dot and the map moved to centre it; a click on
        // its head opens the callout, which reads the looked-up place.
        let head = run.session.map.convert(Self.sausalito) + Point(x: 0, y: -24)
        #expect(abs(head.x - 160) < 0.5)
        run.send(.pointer(PointerEvent(phase: .down, location: head, button: .left)))
        run.send(.pointer(PointerEvent(phase: .up, location: head, button: .left)))
        run.advance(to: 2)
        assertGolden(try run.renderImage(), named: "dropped-pin-named", suite: suite)
        #expect(run.session.map.annotations.first?.subtitle == "Sausalito, California, US")
    }
}
