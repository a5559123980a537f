import Foundation
@testable import MapEngine
@testable import MapKitLayer
import Testing

/// Placemarks on a map 800 x 600 at zoom 4 over western Europe, named from
/// a two-town gazetteer: Northtown at 50° N 10° E, Südstadt at 50° S.
@Suite @MainActor struct PlacemarkTests {
    final class Views: MapViewDelegate {
        func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
            let view = AnnotationView(annotation: annotation, reuseIdentifier: "dot")
            view.image = AnnotationImage(name: "dot", size: Size(width: 20, height: 20))
            view.canShowCallout = true
            view.isDraggable = true
            return view
        }
    }

    let views = Views()
    let metrics = HalfSizeMetrics()
    nonisolated static let gazetteerBytes = GazetteerFileTests.twoTowns

    func makeMap(geocoder: ReverseGeocoder? = ReverseGeocoder { () throws(GazetteerError) in
        try Gazetteer.decode(PlacemarkTests.gazetteerBytes, file: "two.bin")
    }) -> MapController {
        let map = makeAnnotationMap(center: Coordinate(latitude: 50, longitude: 10))
        map.delegate = views
        map.placemarks.geocoder = geocoder
        return map
    }

    func texts(_ map: MapController, at now: Double) -> [String] {
        FrameComposer.scene(of: map, at: now, tiles: NoTiles(), text: metrics).commands.compactMap { command in
            if case .text(let text) = command { return text.text }
            return nil
        }
    }

    @Test func readsTheCoordinateUntilTheNameArrives() {
        let map = makeMap()
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 50.1, longitude: 10), title: "Here",
                                  subtitle: "from the file", isPlacemark: true)
        map.addAnnotation(pin)
        map.advance(to: 0)
        #expect(pin.subtitle == "50.1000° N, 10.0000° E")
        #expect(map.isAnimating)  // frames keep coming until the name is in
        #expect(map.placemarks.waitForNames(timeout: 5, at: 0.1, on: map))
        #expect(pin.subtitle == "11 km N of Northtown, Upland, XA")
        #expect(map.placemarks.takeNamed().map { $0 === pin } == [true])
        #expect(!map.isAnimating)
    }

    @Test func plainAnnotationsAreNotLookedUp() {
        let map = makeMap()
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 50, longitude: 10), title: "Here",
                                  subtitle: "mine")
        map.addAnnotation(pin)
        #expect(map.placemarks.waitForNames(timeout: 5, at: 0, on: map))
        #expect(pin.subtitle == "mine")
    }

    @Test func theNameReachesAnOpenCallout() throws {
        let gate = DispatchSemaphore(value: 0)  // the name waits until the callout is open
        let map = makeMap(geocoder: ReverseGeocoder { () throws(GazetteerError) in
            gate.wait()
            return try Gazetteer.decode(PlacemarkTests.gazetteerBytes, file: "two.bin")
        })
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 50, longitude: 10), title: "Here",
                                  isPlacemark: true)
        map.addAnnotation(pin)
        map.advance(to: 0)
        _ = texts(map, at: 0)
        map.selectAnnotation(pin)
        let before = texts(map, at: 1)
        #expect(before.contains("50.0000° N, 10.0000° E"))
        gate.signal()
        #expect(map.placemarks.waitForNames(timeout: 5, at: 1, on: map))
        let after = texts(map, at: 1.1)
        #expect(after.contains("Northtown, Upland, XA"))
        #expect(!after.contains("50.0000° N, 10.0000° E"))
    }

    @Test func aDropLooksUpAgainButTheCarryDoesNot() throws {
        let map = makeMap()
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 50, longitude: 10), title: "Here",
                                  isPlacemark: true)
        map.addAnnotation(pin)
        _ = texts(map, at: 0)
        map.placemarks.waitForNames(timeout: 5, at: 0, on: map)
        #expect(pin.subtitle == "Northtown, Upland, XA")
        let start = map.convert(pin.coordinate)
        let grab = start + Point(x: 0, y: -5)
        map.handle(.pointer(PointerEvent(phase: .down, location: grab, button: .left)), at: 1)
        for step in 1...10 {
            map.handle(.pointer(PointerEvent(phase: .move, location: grab + Point(x: 0, y: Double(step) * 10))),
                       at: 1 + Double(step) * 0.02)
            _ = texts(map, at: 1 + Double(step) * 0.02)
        }
        // Carried 100 px south: nothing asked yet, the old name stands.
        #expect(map.isDragging)
        #expect(pin.subtitle == "Northtown, Upland, XA")
        map.handle(.pointer(PointerEvent(phase: .up, location: grab + Point(x: 0, y: 100), button: .left)), at: 1.3)
        _ = texts(map, at: 1.31)
        #expect(pin.subtitle == pin.coordinate.displayText)
        map.placemarks.waitForNames(timeout: 5, at: 1.4, on: map)
        let expected = PlaceDescription(coordinate: pin.coordinate, nearest: Place(
            name: "Northtown", region: "Upland", countryCode: "XA", coordinate: Coordinate(latitude: 50, longitude: 10)))
        #expect(pin.subtitle == expected.text)
        #expect(pin.subtitle?.contains(" km S of Northtown") == true)
        // Undo puts it back and names it again.
        map.handle(.key(KeyPress("z", modifiers: .control)), at: 2)
        _ = texts(map, at: 2)
        map.placemarks.waitForNames(timeout: 5, at: 2, on: map)
        #expect(pin.subtitle == "Northtown, Upland, XA")
    }

    @Test func aRemovedPlacemarkIsNeverNamed() {
        let map = makeMap()
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 50, longitude: 10), isPlacemark: true)
        map.addAnnotation(pin)
        map.advance(to: 0)
        map.removeAnnotation(pin)
        map.placemarks.waitForNames(timeout: 5, at: 0.1, on: map)
        #expect(pin.subtitle == "50.0000° N, 10.0000° E")
        #expect(map.placemarks.takeNamed().isEmpty)
    }

    @Test func withoutAGeocoderThePlacemarkReadsItsCoordinate() {
        let map = makeMap(geocoder: nil)
        let pin = PointAnnotation(coordinate: Coordinate(latitude: -33.9249, longitude: 18.4241), isPlacemark: true)
        map.addAnnotation(pin)
        map.advance(to: 0)
        #expect(pin.subtitle == "33.9249° S, 18.4241° E")
        #expect(!map.isAnimating)
    }

    @Test func aBrokenGazetteerSaysSoOnceAndKeepsTheCoordinate() {
        let map = makeMap(geocoder: ReverseGeocoder { () throws(GazetteerError) in
            throw .corrupt(file: "places.bin", reason: "cut short at byte 10")
        })
        let pins = (0..<3).map { PointAnnotation(coordinate: Coordinate(latitude: 50, longitude: Double($0)),
                                                 isPlacemark: true) }
        map.addAnnotations(pins)
        map.advance(to: 0)
        map.placemarks.waitForNames(timeout: 5, at: 0, on: map)
        #expect(pins.map(\.subtitle) == ["50.0000° N, 0.0000° E", "50.0000° N, 1.0000° E", "50.0000° N, 2.0000° E"])
        let shown = texts(map, at: 0.1)
        #expect(shown.filter { $0.hasPrefix("Place names unavailable") } ==
                ["Place names unavailable: places.bin: not a usable gazetteer: cut short at byte 10"])
    }
}

@Suite struct ReverseGeocoderTests {
    @Test func aNewerLookupSupersedesAnOlderOne() {
        let gate = DispatchSemaphore(value: 0)
        let geocoder = ReverseGeocoder { () throws(GazetteerError) in
            gate.wait()  // the first lookup holds the queue while the next ones arrive
            return try Gazetteer.decode(GazetteerFileTests.twoTowns, file: "two.bin")
        }
        geocoder.lookUp(Coordinate(latitude: 50, longitude: 10), key: 1)
        geocoder.lookUp(Coordinate(latitude: -50, longitude: -179.99), key: 1)
        geocoder.lookUp(Coordinate(latitude: 50, longitude: 10), key: 2)
        gate.signal()
        #expect(geocoder.waitUntilIdle(timeout: 5))
        let answers = geocoder.takeAnswers()
        #expect(answers.map(\.key) == [1, 2])
        #expect(answers.first.map { try? $0.result.get() } == "Südstadt, XB")
        #expect(!geocoder.hasWork)
    }

    @Test func aCancelledLookupIsNotAnswered() {
        let gate = DispatchSemaphore(value: 0)
        let geocoder = ReverseGeocoder { () throws(GazetteerError) in
            gate.wait()
            return try Gazetteer.decode(GazetteerFileTests.twoTowns, file: "two.bin")
        }
        geocoder.lookUp(Coordinate(latitude: 50, longitude: 10), key: 3)  // holds the queue
        geocoder.lookUp(Coordinate(latitude: 50, longitude: 10), key: 4)
        geocoder.cancel(key: 4)
        gate.signal()
        geocoder.waitUntilIdle(timeout: 5)
        #expect(geocoder.takeAnswers().map(\.key) == [3])
    }
}
