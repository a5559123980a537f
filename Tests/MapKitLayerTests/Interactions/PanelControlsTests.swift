import Testing
@testable import MapEngine
@testable import MapKitLayer

/// The details panel and the callout's controls on their own: a press is
/// theirs only over them, and acts only on a release over the control it
/// began on.
@Suite @MainActor struct PanelControlsTests {
    func mouse(_ phase: PointerEvent.Phase, _ p: Point) -> PointerEvent {
        PointerEvent(phase: phase, location: p, button: phase == .move ? nil : .left)
    }

    func openPanel() -> (DetailsPanelInteraction, frame: Rect) {
        let details = DetailsPanelInteraction()
        details.open(DetailsPanel(title: "Nairobi", rows: [DetailsPanel.Row(key: "pop", value: "4397073")]))
        details.layOut(viewport: Size(width: 800, height: 600), metrics: HalfSizeMetrics())
        return (details, details.layout!.frame)
    }

    @Test func aClosedPanelTakesNothing() {
        let details = DetailsPanelInteraction()
        #expect(details.handle(mouse(.down, Point(x: 400, y: 300)), at: 0) == .ignored)
    }

    @Test func theCloseButtonClosesOnReleaseOverIt() {
        let (details, frame) = openPanel()
        let close = DetailsPanel.closeButton(in: frame).center
        #expect(details.handle(mouse(.down, close), at: 0) == .handled([]))
        #expect(details.handle(mouse(.up, close), at: 0.1) == .handled([.closeDetails]))
    }

    @Test func aReleaseAwayFromTheCloseButtonDoesNothing() {
        let (details, frame) = openPanel()
        let close = DetailsPanel.closeButton(in: frame).center
        _ = details.handle(mouse(.down, close), at: 0)
        #expect(details.handle(mouse(.up, Point(x: frame.minX + 4, y: frame.maxY - 4)), at: 0.1) == .handled([]))
    }

    @Test func thePanelSwallowsPressesOnItAndLetsOthersPass() {
        let (details, frame) = openPanel()
        let body = Point(x: frame.minX + 4, y: frame.maxY - 4)
        #expect(details.handle(mouse(.down, body), at: 0) == .handled([]))
        #expect(details.handle(mouse(.up, body), at: 0.1) == .handled([]))
        #expect(details.handle(mouse(.down, Point(x: frame.maxX + 20, y: frame.maxY + 20)), at: 0.2) == .ignored)
    }

    @Test func closingForgetsThePanelAndItsLayout() {
        let (details, frame) = openPanel()
        details.close()
        #expect(details.panel == nil && details.layout == nil)
        #expect(details.handle(mouse(.down, frame.center), at: 0) == .ignored)
    }

    /// A map with Paris selected and its callout (title and a detail
    /// button) laid out.
    func calloutOpen() throws -> (MapController, CalloutControlsInteraction, button: Point) {
        final class Views: MapViewDelegate {
            func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
                let view = AnnotationView(annotation: annotation, reuseIdentifier: "dot")
                view.image = AnnotationImage(name: "dot", size: Size(width: 20, height: 20))
                view.canShowCallout = true
                view.rightCalloutAccessory = CalloutAccessory(.detailDisclosure, identifier: "details")
                return view
            }
        }
        let map = makeAnnotationMap()
        let views = Views()
        map.delegate = views
        let paris = PointAnnotation(coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522), title: "Paris")
        map.addAnnotation(paris)
        map.prepareFrame(at: 0, text: HalfSizeMetrics())
        map.selectAnnotation(paris)
        map.prepareFrame(at: 1, text: HalfSizeMetrics())
        let placement = try #require(map.calloutPlacement)
        let shown = try #require(map.callouts.shown?.body)
        let control = try #require(shown.elements.first { $0.control != nil })
        let button = placement.body.origin + control.frame.center
        return (map, CalloutControlsInteraction(callouts: map.callouts), button)
    }

    @Test func aCalloutControlReportsItsTapOnRelease() throws {
        let (map, controls, button) = try calloutOpen()
        #expect(controls.handle(mouse(.down, button), at: 1) == .handled([.redraw]))
        let elements = try #require(map.callouts.shown?.body?.elements)
        let index = try #require(elements.firstIndex { $0.control?.action == "details" })
        #expect(controls.handle(mouse(.up, button), at: 1.1) == .handled([.redraw, .calloutControlTapped(index)]))
    }

    @Test func aCalloutControlReleasedElsewhereOrResetDoesNothing() throws {
        let (_, controls, button) = try calloutOpen()
        _ = controls.handle(mouse(.down, button), at: 1)
        #expect(controls.handle(mouse(.up, Point(x: 5, y: 5)), at: 1.1) == .handled([.redraw]))
        _ = controls.handle(mouse(.down, button), at: 1.2)
        controls.reset(at: 1.3)
        #expect(controls.handle(mouse(.up, button), at: 1.4) == .ignored, "a reset press never acts")
    }

    @Test func pressesBesideTheCalloutGoToTheMap() throws {
        let (_, controls, _) = try calloutOpen()
        #expect(controls.handle(mouse(.down, Point(x: 5, y: 595)), at: 1) == .ignored)
    }
}
