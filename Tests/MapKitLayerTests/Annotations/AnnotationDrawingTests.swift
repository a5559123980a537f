import Testing
@testable import MapEngine
@testable import MapKitLayer

/// What the map keeps of each view's drawing, and when it asks again.
@Suite @MainActor struct AnnotationDrawingTests {
    /// A 20 x 20 dot that counts how often it is drawn.
    final class DrawCountingView: AnnotationView {
        var draws = 0
        var animating = false

        override init(annotation: (any Annotation)?, reuseIdentifier: String?) {
            super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
            image = AnnotationImage(name: "dot", size: Size(width: 20, height: 20))
        }

        override func draw(into canvas: inout AnnotationCanvas, at now: Double) {
            draws += 1
            super.draw(into: &canvas, at: now)
            if animating { setNeedsDisplay() }
        }
    }

    final class Views: MapViewDelegate {
        func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
            map.dequeueReusableAnnotationView(withIdentifier: "dot")
                ?? DrawCountingView(annotation: annotation, reuseIdentifier: "dot")
        }
    }

    let paris = PointAnnotation(coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522), title: "Paris")
    let rome = PointAnnotation(coordinate: Coordinate(latitude: 41.9, longitude: 12.5), title: "Rome")

    func setUp() -> (MapController, Views) {
        let map = makeAnnotationMap()
        let views = Views()
        map.delegate = views
        map.addAnnotations([paris, rome])
        _ = imageDraws(map)
        return (map, views)
    }

    /// Images sit on whole pixels, so a centre is within half a pixel of the exact point.
    func onWholePixelsNear(_ p: Point?, _ exact: Point) -> Bool {
        guard let p else { return false }
        return abs(p.x - exact.x) <= 0.5 && abs(p.y - exact.y) <= 0.5
    }

    func view(_ map: MapController, _ annotation: PointAnnotation) -> DrawCountingView {
        map.view(for: annotation) as! DrawCountingView
    }

    @Test func panningMovesTheDrawingWithoutDrawingAgain() {
        let (map, _) = setUp()
        let before = imageDraws(map).first { $0.id == map.identifier(of: paris) }!
        map.camera.pan(by: Point(x: 30, y: -12))
        let after = imageDraws(map).first { $0.id == map.identifier(of: paris) }!
        #expect(after.rect == before.rect.offsetBy(Point(x: 30, y: -12)), "content follows the pan")
        #expect(view(map, paris).draws == 1 && view(map, rome).draws == 1)
    }

    @Test func aChangedViewIsDrawnAgainAtTheNextFrame() {
        let (map, _) = setUp()
        let paris = view(map, paris)
        paris.image = AnnotationImage(name: "star", size: Size(width: 30, height: 30))
        #expect(map.needsDisplay)
        let draws = imageDraws(map)
        #expect(paris.draws == 2 && view(map, rome).draws == 1, "only the changed view draws again")
        let star = draws.first { $0.name == "star" }
        #expect(star?.rect.size == Size(width: 30, height: 30))
        #expect(onWholePixelsNear(star?.rect.center, map.convert(self.paris.coordinate)))
    }

    @Test func aViewThatAsksFromDrawIsDrawnEveryFrame() {
        let (map, _) = setUp()
        view(map, rome).animating = true
        view(map, rome).setNeedsDisplay()
        for frame in 1...5 { _ = imageDraws(map, at: Double(frame) / 60) }
        #expect(view(map, rome).draws == 6)
        #expect(map.needsDisplay, "the map keeps asking for frames while a view animates")
        view(map, rome).animating = false
        _ = imageDraws(map, at: 1)
        #expect(!map.needsDisplay)
    }

    @Test func aMovedAnnotationIsDrawnAtItsNewPlace() {
        let (map, _) = setUp()
        rome.coordinate = Coordinate(latitude: 45.46, longitude: 9.19)
        let draw = imageDraws(map).first { $0.id == map.identifier(of: rome) }
        #expect(onWholePixelsNear(draw?.rect.center, map.convert(rome.coordinate)))
    }

    @Test func zoomingOutAndBackKeepsExactlyTheViewsInView() {
        let map = makeAnnotationMap()
        var all: [PointAnnotation] = []
        for lat in stride(from: -60, through: 70, by: 2) {
            for lon in stride(from: -178, through: 178, by: 2) {
                all.append(PointAnnotation(coordinate: Coordinate(latitude: Double(lat), longitude: Double(lon))))
            }
        }
        map.addAnnotations(all)
        let m = AnnotationLayer.margin
        for (step, notches) in [-2.0, -2, -3, 4, 3, 1, -1].enumerated() {
            let now = Double(step)
            map.handle(.wheel(at: Point(x: 200, y: 150), dx: 0, dy: notches), at: now)
            for frame in 0...20 { _ = imageDraws(map, at: now + Double(frame) / 60) }
            let area = Rect(x: -m, y: -m, width: 800 + 2 * m, height: 600 + 2 * m)
            let visible = all.filter { area.contains(map.convert($0.coordinate)) }
            #expect(map.liveAnnotationViewCount == visible.count, "zoom \(map.camera.zoom)")
            #expect(visible.allSatisfy { map.view(for: $0) != nil })
        }
    }

    @Test func defaultPinsAreReusedWithoutADelegate() {
        let map = makeAnnotationMap()
        map.addAnnotations((0..<2000).map { i in
            PointAnnotation(coordinate: Coordinate(latitude: Double(i % 40) * 2 - 40, longitude: Double(i / 40) * 7 - 175))
        })
        var peak = 0
        for step in 0..<80 {
            map.camera.pan(by: Point(x: 60, y: 0))
            _ = imageDraws(map, at: Double(step))
            peak = max(peak, map.liveAnnotationViewCount)
        }
        #expect(map.liveAnnotationViewCount + map.annotationLayer.queuedViewCount <= peak,
                "no more pins made than were ever on screen at once")
    }

    @Test func aViewIsHitFarFromItsCoordinate() {
        let (map, _) = setUp()
        let wide = view(map, rome)
        wide.image = AnnotationImage(name: "banner", size: Size(width: 300, height: 40))
        wide.centerOffset = Point(x: 140, y: 0)
        _ = imageDraws(map)
        let tip = map.convert(rome.coordinate) + Point(x: 285, y: 0)
        click(map, at: tip)
        #expect(map.selectedAnnotations.first === rome)
    }
}
