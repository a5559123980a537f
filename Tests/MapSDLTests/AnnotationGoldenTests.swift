import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import Testing

/// Pins and bullseyes drawn by the headless renderer, compared with goldens.
@Suite(.serialized) @MainActor struct AnnotationGoldenTests {
    let suite = "AnnotationGoldenTests"

    static let europe: [(String, Double, Double, String)] = [
        ("greenwich", 51.4779, -0.0015, #""marker-symbol":"bullseye""#),
        ("paris", 48.8566, 2.3522, #""marker-color":"red""#),
        ("berlin", 52.52, 13.405, #""marker-color":"green""#),
        ("rome", 41.9028, 12.4964, #""marker-color":"purple""#),
        ("madrid", 40.4168, -3.7038, ##""marker-color":"#1e88e5""##),
        ("oslo", 59.9139, 10.7522, ##""marker-color":"#f39c12""##),
    ]

    @Test func bullseyeAndPinsAtKnownPlaces() throws {
        let run = try TestMaps.run(center: Coordinate(latitude: 48, longitude: 6), zoom: 4.5,
                                   size: Size(width: 640, height: 480), pins: TestMaps.pins(Self.europe))
        let image = try run.renderImage()
        // The pin's needle tip is on Paris: the pixel just above the tip is the needle's grey.
        let tip = run.session.map.convert(Coordinate(latitude: 48.8566, longitude: 2.3522))
        let needle = image.pixel(x: Int(tip.x.rounded(.down)), y: Int(tip.y) - 3)
        #expect(abs(Int(needle.red) - Int(needle.blue)) < 40, "grey needle, not map colour: \(needle)")
        assertGolden(image, named: "pins-europe", suite: suite)
    }

    @Test func aSelectedPinIsDrawnOverTheOneInFront() throws {
        let pins = try TestMaps.pins([("north", 48.9, 2.3, #""marker-color":"green""#),
                                      ("south", 48.86, 2.31, #""marker-color":"purple""#)])
        let run = try TestMaps.run(center: Coordinate(latitude: 48.88, longitude: 2.3), zoom: 7,
                                   size: Size(width: 200, height: 160), pins: pins)
        let map = run.session.map
        let before = try run.renderImage()
        let north = try #require(map.annotations.first)
        map.selectAnnotation(north)
        #expect(map.selectedAnnotations.first === north)
        let after = try run.renderImage()
        assertGolden(before, named: "overlap-unselected", suite: suite)
        assertGolden(after, named: "overlap-selected", suite: suite)
    }

    @Test func pinsAcrossTheAntimeridian() throws {
        let pins = try TestMaps.pins([("suva", -18.1416, 178.4419, #""marker-color":"red""#),
                                      ("apia", -13.8333, -171.7667, #""marker-color":"green""#),
                                      ("target", -16, 180, #""marker-symbol":"bullseye""#)])
        let run = try TestMaps.run(center: Coordinate(latitude: -16, longitude: 180), zoom: 4,
                                   size: Size(width: 480, height: 320), pins: pins)
        assertGolden(try run.renderImage(), named: "antimeridian", suite: suite)
    }

    @Test func doubleScaleUsesTheTwoTimesImages() throws {
        let run = try TestMaps.run(center: Coordinate(latitude: 48, longitude: 6), zoom: 4.5,
                                   size: Size(width: 640, height: 480), pins: TestMaps.pins(Self.europe), scale: 2)
        assertGolden(try run.renderImage(), named: "pins-europe-2x", suite: suite)
    }
}
