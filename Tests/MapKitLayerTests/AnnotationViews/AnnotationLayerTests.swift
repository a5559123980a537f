import Testing
@testable import MapEngine
@testable import MapKitLayer

@Suite @MainActor struct AnnotationLayerTests {
    /// Annotations on a grid of whole degrees over a region.
    func grid(latitudes: ClosedRange<Int>, longitudes: ClosedRange<Int>) -> [PointAnnotation] {
        latitudes.flatMap { lat in
            longitudes.map { lon in
                PointAnnotation(coordinate: Coordinate(latitude: Double(lat), longitude: Double(lon)),
                                title: "\(lat),\(lon)")
            }
        }
    }

    /// How many annotations lie within the screen grown by the layer's margin.
    func expectedLive(_ map: MapController, _ annotations: [PointAnnotation]) -> Int {
        let m = AnnotationLayer.margin
        let area = Rect(x: -m, y: -m, width: map.camera.viewportSize.width + 2 * m,
                        height: map.camera.viewportSize.height + 2 * m)
        return annotations.filter { area.contains(map.convert($0.coordinate)) }.count
    }

    /// A pin on every whole degree from 60° S to 70° N, shown once at zoom 4 over Europe.
    func worldOfPins() -> (MapController, RecordingDelegate, [PointAnnotation]) {
        let map = makeAnnotationMap()
        let delegate = RecordingDelegate()
        map.delegate = delegate
        let all = grid(latitudes: -60...70, longitudes: -170...170)
        map.addAnnotations(all)
        _ = imageDraws(map)
        return (map, delegate, all)
    }

    @Test func viewsExistOnlyForAnnotationsInView() {
        let (map, _, all) = worldOfPins()
        #expect(map.annotationCount == all.count)
        #expect(map.liveAnnotationViewCount == expectedLive(map, all))
        #expect(map.liveAnnotationViewCount < all.count / 5, "only the visible part of the world")
    }

    @Test func viewsLeavingTheScreenAreReusedWithPrepareForReuse() {
        let (map, delegate, all) = worldOfPins()
        let firstViews = map.annotations.compactMap { map.view(for: $0) }
        let madeAtFirst = delegate.made
        var peak = map.liveAnnotationViewCount
        // Pan east across a good part of the world, a frame every 50 px.
        for step in 1...60 {
            map.handle(.pointer(PointerEvent(phase: .down, location: Point(x: 700, y: 300), button: .left)), at: Double(step))
            map.handle(.pointer(PointerEvent(phase: .move, location: Point(x: 650, y: 300))), at: Double(step) + 0.01)
            map.handle(.pointer(PointerEvent(phase: .up, location: Point(x: 650, y: 300), button: .left)), at: Double(step) + 0.02)
            _ = imageDraws(map, at: Double(step))
            #expect(map.liveAnnotationViewCount == expectedLive(map, all))
            peak = max(peak, map.liveAnnotationViewCount)
        }
        let reused = firstViews.compactMap { $0 as? CountingView }.filter { $0.reuses > 0 }
        #expect(!reused.isEmpty, "views that left were handed out again")
        #expect(delegate.made < madeAtFirst * 2, "new views are rarely needed: made \(delegate.made)")
        #expect(delegate.made <= peak + map.annotationLayer.queuedViewCount)
        for view in reused { #expect(view.annotation != nil && view.isHighlighted == false) }
    }

    /// Zoomed out until the world is narrower than the screen, a vertical
    /// pan still brings in the pins that come into view and lets go of
    /// those that leave, on every copy of the world.
    @Test func zoomedOutPansKeepTheViewsOfThePinsInView() {
        let map = makeAnnotationMap(center: Coordinate(latitude: 60, longitude: 0), zoom: 0.5,
                                    size: Size(width: 1024, height: 300))
        let all = grid(latitudes: -80...80, longitudes: -170...170).enumerated().filter { $0.offset % 7 == 0 }.map(\.element)
        map.addAnnotations(all)
        for step in 0...12 {
            map.camera = Camera(center: Coordinate(latitude: 60 - Double(step) * 10, longitude: Double(step) * 3),
                                zoom: 0.5, viewportSize: Size(width: 1024, height: 300))
            _ = imageDraws(map, at: Double(step))
            let region = AnnotationLayer.region(camera: map.camera, scale: map.displayScale)
            #expect(region.width >= 1)
            let inView = all.filter { pin in
                let y = AnnotationStore.place(pin.coordinate).y
                return y >= region.minY && y < region.maxY
            }
            #expect(map.liveAnnotationViewCount == inView.count, "step \(step)")
            #expect(inView.allSatisfy { map.view(for: $0) != nil }, "step \(step)")
        }
    }

    @Test func removingAnAnnotationRecyclesItsView() {
        let map = makeAnnotationMap()
        let delegate = RecordingDelegate()
        map.delegate = delegate
        let paris = PointAnnotation(coordinate: Coordinate(latitude: 48.85, longitude: 2.35), title: "Paris")
        map.addAnnotation(paris)
        _ = imageDraws(map)
        let view = map.view(for: paris) as? CountingView
        map.removeAnnotation(paris)
        #expect(map.annotationCount == 0 && map.liveAnnotationViewCount == 0)
        #expect(imageDraws(map).isEmpty)
        let again = map.dequeueReusableAnnotationView(withIdentifier: "counting") as? CountingView
        #expect(again === view && again?.reuses == 1)
    }

    @Test func lowerViewsAreDrawnInFrontAndTheSelectedAboveAll() throws {
        let map = makeAnnotationMap()
        let north = PointAnnotation(coordinate: Coordinate(latitude: 49, longitude: 2), title: "north", identifier: "north")
        let south = PointAnnotation(coordinate: Coordinate(latitude: 47, longitude: 2), title: "south", identifier: "south")
        let middle = PointAnnotation(coordinate: Coordinate(latitude: 48, longitude: 2.5), title: "middle", identifier: "middle")
        map.addAnnotations([south, north, middle])
        #expect(imageDraws(map).map(\.id) == ["north", "middle", "south"])
        map.selectAnnotation(north)
        #expect(imageDraws(map).map(\.id) == ["middle", "south", "north"])
        map.deselectAnnotation(north)
        try #require(map.view(for: north)).zPriority = .max
        #expect(imageDraws(map).map(\.id) == ["middle", "south", "north"], "a higher priority beats position")
        try #require(map.view(for: north)).zPriority = .defaultUnselected
        try #require(map.view(for: middle)).zPriority = .min
        #expect(imageDraws(map).map(\.id) == ["middle", "north", "south"])
    }

    /// A pin lifted or carried is drawn over every other, as a thing held
    /// above the map is; at rest again it goes back to its place in the
    /// order.
    @Test func aViewInADragIsDrawnInFrontOfEveryOther() throws {
        let map = makeAnnotationMap()
        let north = PointAnnotation(coordinate: Coordinate(latitude: 48.86, longitude: 2.35), identifier: "north")
        let middle = PointAnnotation(coordinate: Coordinate(latitude: 48.855, longitude: 2.35), identifier: "middle")
        let south = PointAnnotation(coordinate: Coordinate(latitude: 48.85, longitude: 2.35), identifier: "south")
        map.addAnnotations([south, north, middle])
        // Each view once, in drawing order (a lifted pin draws its shadow too).
        func order() -> [String?] { imageDraws(map).map(\.id).reduce(into: []) { if !$0.contains($1) { $0.append($1) } } }
        #expect(order() == ["north", "middle", "south"])
        let view = try #require(map.view(for: north))
        for state in [DragState.starting, .dragging] {
            view.setDragState(state, animated: false, at: 1)
            #expect(order() == ["middle", "south", "north"], "\(state)")
        }
        view.setDragState(.none, animated: false, at: 2)
        #expect(order() == ["north", "middle", "south"])
    }

    @Test func imageRectsPutTheCentreOffsetOnWholePixels() {
        let map = makeAnnotationMap()
        let paris = PointAnnotation(coordinate: Coordinate(latitude: 48.85, longitude: 2.35), identifier: "paris")
        map.addAnnotation(paris)
        let tip = map.convert(paris.coordinate)
        let draw = imageDraws(map)[0]
        #expect(draw.name == "pin-red" && draw.role == "annotation" && draw.id == "paris")
        // The view's frame starts at the tip minus (8, 33.5); the file holds the painted part at (1, 2).
        #expect(draw.rect == Rect(x: (tip.x - 8).rounded() + 1, y: (tip.y - 33.5).rounded() + 2, width: 14, height: 32))
    }

    @Test func doubleScaleDrawsTheTwoTimesImages() {
        let map = makeAnnotationMap()
        map.displayScale = 2
        let paris = PointAnnotation(coordinate: Coordinate(latitude: 48.85, longitude: 2.35))
        map.addAnnotation(paris)
        let tip = map.convert(paris.coordinate)
        let draw = imageDraws(map)[0]
        #expect(draw.name == "pin-red@2x")
        #expect(draw.rect == Rect(x: (tip.x - 16).rounded() + 2, y: (tip.y - 67).rounded() + 4, width: 28, height: 64))
    }

    @Test func tintedPinsDrawATintedHeadUnderUntintedDetail() {
        let map = makeAnnotationMap()
        final class Blue: MapViewDelegate {
            func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
                let pin = PinAnnotationView(annotation: annotation)
                pin.pinColor = .tint(Color(hex: 0x1E88E5))
                return pin
            }
        }
        let blue = Blue()
        map.delegate = blue
        map.addAnnotation(PointAnnotation(coordinate: Coordinate(latitude: 48, longitude: 2)))
        let draws = imageDraws(map)
        #expect(draws.map(\.name) == ["pin-mask", "pin-detail"])
        #expect(draws.map(\.tint) == [Color(hex: 0x1E88E5), nil])
    }

    @Test func annotationsAcrossTheAntimeridianLandNextToEachOther() {
        let map = makeAnnotationMap(center: Coordinate(latitude: -17, longitude: 180), zoom: 5)
        let east = PointAnnotation(coordinate: Coordinate(latitude: -17, longitude: 179.5), identifier: "east")
        let west = PointAnnotation(coordinate: Coordinate(latitude: -17, longitude: -179.5), identifier: "west")
        map.addAnnotations([east, west])
        let draws = imageDraws(map)
        #expect(Set(draws.map(\.id)) == ["east", "west"])
        let x = Dictionary(uniqueKeysWithValues: draws.map { ($0.id!, $0.rect.minX) })
        guard let west = x["west"], let east = x["east"] else { return }
        // One degree at zoom 5 is 8192 / 360 ≈ 22.8 px, with the west side on the right.
        #expect(abs(west - east - 22.76) < 1)
    }

    @Test func annotationsInARectangle() {
        let map = makeAnnotationMap()
        let all = grid(latitudes: 40...55, longitudes: -5...10)
        map.addAnnotations(all)
        let rect = Rect(x: 300, y: 200, width: 200, height: 150)
        let found = map.annotations(in: rect).map { ObjectIdentifier($0) }
        let expected = all.filter { rect.contains(map.convert($0.coordinate)) }.map { ObjectIdentifier($0) }
        #expect(Set(found) == Set(expected) && !expected.isEmpty)
    }

    @Test func movingAnAnnotationMovesItsView() {
        let map = makeAnnotationMap()
        let place = PointAnnotation(coordinate: Coordinate(latitude: 48, longitude: 2))
        map.addAnnotation(place)
        _ = imageDraws(map)
        place.coordinate = Coordinate(latitude: 46, longitude: 6)
        #expect(map.needsDisplay)
        let tip = map.convert(place.coordinate)
        #expect(imageDraws(map)[0].rect.minX == (tip.x - 8).rounded() + 1)
        #expect(map.annotations(in: Rect(x: tip.x - 1, y: tip.y - 1, width: 2, height: 2)).count == 1)
    }

    @Test func changedCalloutTextIsNoticedByTheMap() {
        let map = makeAnnotationMap()
        let place = PointAnnotation(coordinate: Coordinate(latitude: 48, longitude: 2), title: "Before")
        map.addAnnotation(place)
        _ = imageDraws(map)
        #expect(!map.needsDisplay)
        place.subtitle = "48.0000° North, 2.0000° East"
        #expect(map.needsDisplay)
        map.removeAnnotation(place)
        #expect(place.changes.observerCount == 0, "a removed annotation is no longer observed")
    }
}
