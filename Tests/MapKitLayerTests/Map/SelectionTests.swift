import Testing
@testable import MapEngine
@testable import MapKitLayer

@Suite @MainActor struct SelectionTests {
    let paris = PointAnnotation(coordinate: Coordinate(latitude: 48.85, longitude: 2.35), title: "Paris")
    let lyon = PointAnnotation(coordinate: Coordinate(latitude: 45.76, longitude: 4.84), title: "Lyon")

    func setUp() -> (MapController, RecordingDelegate) {
        let map = makeAnnotationMap()
        let delegate = RecordingDelegate()
        map.delegate = delegate
        map.addAnnotations([paris, lyon])
        _ = imageDraws(map)
        return (map, delegate)
    }

    @Test func clickSelectsAndAClickElsewhereDeselects() {
        let (map, delegate) = setUp()
        click(map, at: map.convert(paris.coordinate))
        #expect(map.selectedAnnotations.first === paris)
        #expect(map.view(for: paris)?.isSelected == true)
        click(map, at: map.convert(lyon.coordinate), time: 1)
        #expect(map.selectedAnnotations.first === lyon, "one selection at a time")
        #expect(map.view(for: paris)?.isSelected == false)
        click(map, at: Point(x: 20, y: 20), time: 2)
        #expect(map.selectedAnnotations.isEmpty)
        #expect(delegate.events == ["select Paris", "deselect Paris", "select Lyon", "deselect Lyon"])
    }

    @Test func clickingTheSelectedViewKeepsItSelected() {
        let (map, delegate) = setUp()
        click(map, at: map.convert(paris.coordinate))
        click(map, at: map.convert(paris.coordinate), time: 1)
        #expect(map.selectedAnnotations.first === paris)
        #expect(delegate.events == ["select Paris"])
    }

    @Test func aPressHighlightsUntilRelease() {
        let (map, _) = setUp()
        let at = map.convert(paris.coordinate)
        map.handle(.pointer(PointerEvent(phase: .down, location: at, button: .left)), at: 0)
        #expect(map.view(for: paris)?.isHighlighted == true)
        #expect(map.selectedAnnotations.isEmpty, "selection happens on release")
        map.handle(.pointer(PointerEvent(phase: .up, location: at, button: .left)), at: 0.1)
        #expect(map.view(for: paris)?.isHighlighted == false)
        #expect(map.selectedAnnotations.first === paris)
    }

    @Test func pressingAViewAndMovingPansInsteadOfSelecting() {
        let (map, _) = setUp()
        let at = map.convert(paris.coordinate)
        let center = map.camera.center
        map.handle(.pointer(PointerEvent(phase: .down, location: at, button: .left)), at: 0)
        map.handle(.pointer(PointerEvent(phase: .move, location: at + Point(x: 40, y: 0))), at: 0.1)
        #expect(map.view(for: paris)?.isHighlighted == false)
        map.handle(.pointer(PointerEvent(phase: .up, location: at + Point(x: 40, y: 0), button: .left)), at: 0.2)
        #expect(map.selectedAnnotations.isEmpty)
        #expect(map.camera.center != center)
    }

    @Test func disabledViewsLetClicksThrough() {
        let (map, delegate) = setUp()
        map.view(for: paris)?.isEnabled = false
        click(map, at: map.convert(paris.coordinate))
        #expect(map.selectedAnnotations.isEmpty)
        map.selectAnnotation(paris)
        #expect(map.selectedAnnotations.isEmpty, "cannot be selected in code either")
        #expect(delegate.events.isEmpty)
    }

    @Test func theTopmostViewUnderThePointerIsHit() {
        let map = makeAnnotationMap()
        let back = PointAnnotation(coordinate: Coordinate(latitude: 48.0, longitude: 2), title: "back")
        let front = PointAnnotation(coordinate: Coordinate(latitude: 47.9, longitude: 2), title: "front")
        map.addAnnotations([back, front])
        // At zoom 4 the two pins are under 3 px apart: their heads overlap.
        let head = map.convert(back.coordinate) + Point(x: 0, y: -25)
        click(map, at: head)
        #expect(map.selectedAnnotations.first === front)
    }

    @Test func hitTestingUsesTheCentreOffset() {
        let map = makeAnnotationMap()
        map.addAnnotation(paris)
        let tip = map.convert(paris.coordinate)
        // The pin's head is 24.5 px above the tip; below the tip there is nothing.
        click(map, at: tip + Point(x: 0, y: 10))
        #expect(map.selectedAnnotations.isEmpty)
        click(map, at: tip + Point(x: 0, y: -24.5), time: 1)
        #expect(map.selectedAnnotations.first === paris)
    }

    @Test func bullseyeIsHitAroundItsCentre() {
        let map = makeAnnotationMap()
        final class Bullseyes: MapViewDelegate {
            func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
                BullseyeAnnotationView(annotation: annotation)
            }
        }
        let bullseyes = Bullseyes()
        map.delegate = bullseyes
        map.addAnnotation(paris)
        click(map, at: map.convert(paris.coordinate) + Point(x: 14, y: -14))
        #expect(map.selectedAnnotations.first === paris)
        click(map, at: map.convert(paris.coordinate) + Point(x: 0, y: 17), time: 1)
        #expect(map.selectedAnnotations.isEmpty)
    }

    @Test func selectingInCodeNeedsTheViewOnScreen() {
        let (map, delegate) = setUp()
        let tokyo = PointAnnotation(coordinate: Coordinate(latitude: 35.7, longitude: 139.7), title: "Tokyo")
        map.addAnnotation(tokyo)
        map.selectAnnotation(tokyo)
        #expect(map.selectedAnnotations.isEmpty)
        map.selectAnnotation(lyon)
        #expect(map.selectedAnnotations.first === lyon)
        map.deselectAnnotation(paris)
        #expect(map.selectedAnnotations.first === lyon, "deselecting another annotation changes nothing")
        #expect(delegate.events == ["select Lyon"])
    }

    @Test func escapeDeselects() {
        let (map, _) = setUp()
        map.selectAnnotation(paris)
        map.handle(.key(KeyPress("escape")), at: 0)
        #expect(map.selectedAnnotations.isEmpty)
    }

    @Test func theSelectedViewSurvivesPanningAway() {
        let (map, _) = setUp()
        map.selectAnnotation(paris)
        let view = map.view(for: paris)
        map.camera.pan(by: Point(x: -3000, y: 0))
        _ = imageDraws(map)
        #expect(map.view(for: paris) === view && view?.isSelected == true)
        #expect(map.selectedAnnotations.first === paris)
    }

    @Test func removingTheSelectedAnnotationDeselectsIt() {
        let (map, delegate) = setUp()
        map.selectAnnotation(paris)
        map.removeAnnotation(paris)
        #expect(map.selectedAnnotations.isEmpty)
        #expect(delegate.events == ["select Paris", "deselect Paris"])
    }

    @Test func clickOnAPinDoesNotCountTowardsADoubleClickZoom() {
        let (map, _) = setUp()
        let zoom = map.camera.zoom
        click(map, at: Point(x: 20, y: 20), time: 0)
        click(map, at: map.convert(paris.coordinate), time: 0.2)
        click(map, at: Point(x: 20, y: 20), time: 0.3)
        map.advance(to: 2)
        #expect(map.camera.zoom == zoom)
    }
}
