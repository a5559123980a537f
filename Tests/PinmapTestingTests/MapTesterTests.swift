import Foundation
import PinmapKit
import PinmapTesting
import Testing

/// The testing product as an app's tests use it: a person's gestures and
/// golden comparisons on the embedded world.
@Suite @MainActor struct MapTesterTests {
    final class Stop: MovableAnnotation {
        var coordinate: Coordinate
        let title: String?
        let subtitle: String? = "Bus stop"
        let changes = AnnotationChanges()
        init(_ title: String, _ coordinate: Coordinate) {
            self.title = title
            self.coordinate = coordinate
        }
    }

    final class Views: MapViewDelegate {
        var tapped: [String] = []
        var states: [String] = []
        func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
            let view = PinAnnotationView(annotation: annotation)
            view.pinColor = .purple
            view.isDraggable = true
            view.canShowCallout = true
            view.rightCalloutAccessory = CalloutAccessory(.detailDisclosure, identifier: "timetable")
            return view
        }
        func mapView(_ map: MapController, annotationView view: AnnotationView, calloutAccessoryControlTapped control: CalloutAccessory) {
            let action = control.identifier
            tapped.append(action)
        }
        func mapView(_ map: MapController, annotationView view: AnnotationView, didChange newState: DragState,
                     fromOldState oldState: DragState) {
            states.append(newState.rawValue)
        }
    }

    let zurich = Coordinate(latitude: 47.3769, longitude: 8.5417)

    @Test func aTapSelectsAndTheAccessoryReachesTheDelegate() throws {
        let views = Views()
        let tester = try MapTester(center: zurich, zoom: 10, delegate: views)
        let stop = Stop("Bellevue", zurich)
        tester.map.addAnnotation(stop)
        try tester.tap(stop)
        #expect(tester.map.selectedAnnotations.first === stop)
        let controls = tester.map.calloutControlFrames
        #expect(controls.keys.sorted() == ["timetable"], "\(controls)")
        try tester.tapCalloutAccessory("timetable")
        #expect(views.tapped == ["timetable"])
        #expect(throws: MapTesterError.self) { try tester.tapCalloutAccessory("nope") }
    }

    @Test func aDragLandsTheAnnotationOnTheCoordinateAsked() throws {
        let views = Views()
        let tester = try MapTester(center: zurich, zoom: 10, delegate: views)
        let stop = Stop("Bellevue", zurich)
        tester.map.addAnnotation(stop)
        let target = Coordinate(latitude: 47.40, longitude: 8.60)
        try tester.drag(stop, to: target)
        // Within a pixel at zoom 10 (about 100 m): the pointer moves in whole steps.
        let landed = tester.map.point(for: stop.coordinate), wanted = tester.map.point(for: target)
        #expect(abs(landed.x - wanted.x) < 1 && abs(landed.y - wanted.y) < 1, "\(landed) vs \(wanted)")
        #expect(views.states == ["starting", "dragging", "ending", "none"])
        #expect(tester.map.annotations(in: Rect(x: wanted.x - 2, y: wanted.y - 2, width: 4, height: 4)).first === stop)
    }

    /// Near the edges the map pans under a carried pin; the drag still lands
    /// on the coordinate, from a start or to a target 20 points from an edge
    /// (a pin whose head is off the top is pressed where it shows).
    @Test func aDragNearTheEdgesLandsExactly() throws {
        let tester = try MapTester(size: Size(width: 400, height: 300), center: zurich, zoom: 12, delegate: Views())
        let stop = Stop("Bellevue", zurich)
        tester.map.addAnnotation(stop)
        for corner in [Point(x: 20, y: 150), Point(x: 200, y: 150), Point(x: 200, y: 20), Point(x: 200, y: 150), Point(x: 380, y: 280), Point(x: 20, y: 20)] {
            let target = tester.map.coordinate(at: corner)
            try tester.drag(stop, to: target)
            let off = tester.map.point(for: stop.coordinate) - tester.map.point(for: target)
            #expect(off.length <= 0.5, "\(corner): \(off)")
        }
    }

    @Test func aPinchZoomsAndTheClockRunsTheAnimation() throws {
        let tester = try MapTester(center: zurich, zoom: 8)
        tester.pinch(at: Point(x: 200, y: 150), scale: 2)
        #expect(abs(tester.map.camera.zoom - 9) < 0.05, "zoom \(tester.map.camera.zoom)")
        let before = tester.time
        tester.map.setZoom(5, animated: true)
        tester.advance(by: 0.1)
        #expect(tester.map.camera.zoom > 5.05 && tester.map.camera.zoom < 9)
        tester.settle()
        #expect(abs(tester.map.camera.zoom - 5) < 1e-9 && tester.time > before)
    }

    @Test func aGoldenIsRecordedComparedAndItsFailureNamesTheFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-tester-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let testFile = folder.appendingPathComponent("FakeTests.swift").path
        let tester = try MapTester(size: Size(width: 200, height: 150), center: zurich, zoom: 9)
        let golden = GoldenImage(named: "zurich", testFile: testFile)
        #expect(throws: GoldenImageError.missing(golden.url.path)) { try golden.assertMatches(try tester.image()) }
        // Record by hand (as the environment switch does), then compare.
        try FileManager.default.createDirectory(at: golden.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try tester.image().savePNG(path: golden.url.path)
        try golden.assertMatches(try tester.image())
        // A pin changes the picture: the failure writes the actual and diff images.
        tester.map.addAnnotation(Stop("Bellevue", zurich))
        let image = try tester.image()
        do {
            try golden.assertMatches(image)
            Issue.record("a pin on the map should not match the golden without it")
        } catch {
            guard case .differs(_, let pixels, _, _, let actual, let diff) = error as GoldenImageError else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(pixels > 100)
            #expect(FileManager.default.fileExists(atPath: actual) && FileManager.default.fileExists(atPath: diff))
            #expect(error.description.contains(actual) && error.description.contains(diff))
        }
    }

    @Test func testersInSeveralTasksTakeTurnsOnTheMainActor() async throws {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for i in 0..<4 {
                group.addTask { @MainActor in
                    let tester = try MapTester(size: Size(width: 160, height: 120), center: self.zurich, zoom: Double(4 + i))
                    let image = try tester.image()
                    return image.width
                }
            }
            for try await width in group { #expect(width == 160) }
        }
    }
}
