import Foundation
@testable import MapEngine
@testable import MapKitLayer
import MapSDL
import Testing

/// Drags frame by frame, rendered headless and compared with goldens.
@Suite(.serialized) @MainActor struct DragGoldenTests {
    let suite = "DragGoldenTests"
    static let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)

    /// A 200 x 160 view at zoom 6 with one red pin on Paris, in the middle.
    func pinRun() throws -> HeadlessRun {
        try TestMaps.run(center: Coordinate(latitude: 48.9, longitude: 2.6), zoom: 6, size: Size(width: 200, height: 160),
                         pins: TestMaps.pins([("paris", Self.paris.latitude, Self.paris.longitude, #""marker-color":"red""#)]))
    }

    func mouse(_ run: HeadlessRun, _ phase: PointerEvent.Phase, _ p: Point, button: MouseButton = .left) {
        run.send(.pointer(PointerEvent(phase: phase, location: p, button: phase == .move ? nil : button)))
    }

    func head(_ run: HeadlessRun) -> Point { run.session.map.convert(Self.paris) + Point(x: 0, y: -24) }

    @Test func aPinIsPressedLiftedCarriedDroppedAndLands() throws {
        let run = try pinRun()
        let start = head(run)
        mouse(run, .down, start)
        assertGolden(try run.renderImage(), named: "pin-pressed", suite: suite)
        run.advance(to: 0.05)
        mouse(run, .move, start + Point(x: 6, y: 0))
        run.advance(to: 0.25)
        assertGolden(try run.renderImage(), named: "pin-mid-lift", suite: suite)
        run.advance(to: 0.6)
        mouse(run, .move, start + Point(x: 50, y: 30))
        assertGolden(try run.renderImage(), named: "pin-carried", suite: suite)
        run.advance(to: 0.7)
        mouse(run, .up, start + Point(x: 50, y: 30))
        run.advance(to: 0.85)
        assertGolden(try run.renderImage(), named: "pin-mid-drop", suite: suite)
        run.advance(to: 1.2)
        assertGolden(try run.renderImage(), named: "pin-landed", suite: suite)
        #expect(run.session.map.annotationSummaries().first?.dragState == DragState.none)
    }

    @Test func aCancelledPinGoesBackPartWayAndHome() throws {
        let run = try pinRun()
        let start = head(run)
        mouse(run, .down, start)
        mouse(run, .move, start + Point(x: 60, y: 40))
        run.advance(to: 0.5)
        run.send(.key(KeyPress("escape")))
        run.advance(to: 0.6)
        assertGolden(try run.renderImage(), named: "pin-cancel-part-way", suite: suite)
        run.advance(to: 1)
        #expect(run.session.pins.first?.coordinate == Self.paris)
    }

    /// Shows the pins file's annotations as hovering bullseyes.
    final class Hovering: MapViewDelegate {
        func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
            let view = FloatingAnnotationView(annotation: annotation, reuseIdentifier: "hover")
            view.image = BuiltInImages.bullseye
            view.isDraggable = true
            return view
        }
    }

    @Test func aFloatingViewRisesAndHovers() throws {
        let run = try pinRun()
        let delegate = Hovering()
        run.session.map.delegate = delegate
        let center = run.session.map.convert(Self.paris) + Point(x: 0, y: -16)
        assertGolden(try run.renderImage(), named: "floating-rest", suite: suite)
        mouse(run, .down, center)
        mouse(run, .move, center + Point(x: 8, y: 0))
        run.advance(to: 0.15)
        assertGolden(try run.renderImage(), named: "floating-mid-rise", suite: suite)
        run.advance(to: 0.5)
        assertGolden(try run.renderImage(), named: "floating-hovering", suite: suite)
        withExtendedLifetime(delegate) {}
    }
}
