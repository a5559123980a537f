@testable import MapEngine
@testable import MapKitLayer
import Testing

/// Callouts on a map 800 x 600 at zoom 4 over western Europe, laid out with
/// half-size metrics.
@Suite @MainActor struct CalloutTests {
    /// Views 20 x 20 centred on their coordinates, with callouts and a detail
    /// button; records what the map tells it.
    final class Views: MapViewDelegate {
        var events: [String] = []
        /// The controls handed over by taps, in order.
        var handed: [CalloutAccessory] = []
        /// Deletes the annotation whose button was tapped, as the demo's "delete" does.
        var deletesOnTap = false

        func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
            let view = AnnotationView(annotation: annotation, reuseIdentifier: "dot")
            view.image = AnnotationImage(name: "dot", size: Size(width: 20, height: 20))
            view.canShowCallout = true
            view.isDraggable = true
            view.rightCalloutAccessory = CalloutAccessory(.detailDisclosure, identifier: "details")
            return view
        }

        func mapView(_ map: MapController, didSelect view: AnnotationView) {
            events.append("select \(view.annotation?.title ?? "")")
        }

        func mapView(_ map: MapController, didDeselect view: AnnotationView) {
            events.append("deselect \(view.annotation?.title ?? "")")
        }

        func mapView(_ map: MapController, annotationView view: AnnotationView,
                     calloutAccessoryControlTapped control: CalloutAccessory) {
            let action = control.identifier
            handed.append(control)
            events.append("tapped \(action) on \(view.annotation?.title ?? "")")
            if deletesOnTap, let annotation = view.annotation { map.deleteAnnotation(annotation) }
        }
    }

    let metrics = HalfSizeMetrics()
    let views = Views()

    func setUp(_ pins: [PointAnnotation], center: Coordinate = Coordinate(latitude: 48, longitude: 2),
               zoom: Double = 4) -> MapController {
        let map = makeAnnotationMap(center: center, zoom: zoom)
        map.delegate = views
        map.addAnnotations(pins)
        _ = scene(map, at: 0)
        return map
    }

    let paris = PointAnnotation(coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522), title: "Paris",
                                subtitle: "France", identifier: "paris")

    func scene(_ map: MapController, at now: Double) -> [DrawCommand] {
        FrameComposer.scene(of: map, at: now, tiles: NoTiles(), text: metrics).commands
    }

    func shapes(_ commands: [DrawCommand], role: String) -> [ShapeDraw] {
        commands.compactMap { command in
            if case .shape(let shape) = command, shape.role == role { return shape }
            return nil
        }
    }

    func bubble(_ map: MapController, at now: Double) -> ShapeDraw? { shapes(scene(map, at: now), role: "callout").first }

    func controls(_ commands: [DrawCommand]) -> [ImageDraw] {
        commands.compactMap { command in
            if case .image(let image) = command, image.role == "callout-control" { return image }
            return nil
        }
    }

    @discardableResult
    func mouse(_ map: MapController, _ phase: PointerEvent.Phase, _ p: Point, at t: Double) -> [MapAction] {
        map.handle(.pointer(PointerEvent(phase: phase, location: p, button: phase == .move ? nil : .left)), at: t)
    }

    @discardableResult
    func tap(_ map: MapController, _ p: Point, at t: Double) -> [MapAction] {
        mouse(map, .down, p, at: t)
        return mouse(map, .up, p, at: t + 0.05)
    }

    @Test func selectingOpensTheCalloutAboveTheViewWithItsTipOnTheTopCentre() throws {
        let map = setUp([paris])
        #expect(bubble(map, at: 0.1) == nil)
        map.selectAnnotation(paris)
        _ = scene(map, at: 1)
        let placement = try #require(map.calloutPlacement)
        let point = map.convert(paris.coordinate)
        #expect(placement.tip == Point(x: point.x.rounded(), y: (point.y - 10).rounded()))
        #expect(placement.side == .above)
        let shape = try #require(bubble(map, at: 2))
        #expect(shape.rect == placement.body)
        #expect(shape.rect.maxY == placement.tip.y - 14)
    }

    @Test func itPopsFromTheTipAndSettlesAtFullSize() throws {
        let map = setUp([paris])
        map.selectAnnotation(paris)
        let first = try #require(bubble(map, at: 1))  // the pop starts with the first frame that shows it
        let peak = try #require(bubble(map, at: 1 + 1.0 / 6))
        let settled = try #require(bubble(map, at: 1.5))
        #expect(abs(first.rect.width - settled.rect.width * 0.05) < 1e-6)
        #expect(abs(peak.rect.width - settled.rect.width * 1.11) < 1e-6)
        #expect(map.isAnimating == false)
        // Scaled about the tip: the tip stays put.
        let tip = try #require(map.calloutPlacement?.tip)
        #expect(abs(peak.rect.maxY + 14 * 1.11 - tip.y) < 1e-6)
    }

    @Test func tappingTheDetailButtonHighlightsItThenTellsTheDelegateAndTheApp() throws {
        let map = setUp([paris])
        map.selectAnnotation(paris)
        _ = scene(map, at: 1)  // the pop begins
        let button = try #require(controls(scene(map, at: 2)).first).rect.center
        mouse(map, .down, button, at: 2)
        #expect(controls(scene(map, at: 2.01)).first?.tint == CalloutStyle.pressedTint)
        let actions = mouse(map, .up, button, at: 2.1)
        #expect(actions == [.calloutAction(annotation: "paris", action: "details")])
        #expect(views.events == ["select Paris", "tapped details on Paris"])
        #expect(views.handed == [map.view(for: paris)?.rightCalloutAccessory], "the view's own accessory, as MapKit hands the control")
        #expect(controls(scene(map, at: 2.2)).first?.tint == nil)
        #expect(map.selectedAnnotations.first === paris)
    }

    @Test func aButtonThatDeletesItsPinStillReportsThePinAndAsksForASave() throws {
        let map = setUp([paris])
        views.deletesOnTap = true
        map.selectAnnotation(paris)
        _ = scene(map, at: 1)
        let button = try #require(controls(scene(map, at: 2)).first).rect.center
        let actions = tap(map, button, at: 2)
        #expect(actions == [.calloutAction(annotation: "paris", action: "details"), .annotationsChanged])
        #expect(!map.contains(paris))
        #expect(views.events == ["select Paris", "tapped details on Paris", "deselect Paris"])
    }

    @Test func aFingerTapOnTheButtonWorksLikeAClick() throws {
        let map = setUp([paris])
        map.selectAnnotation(paris)
        _ = scene(map, at: 1)
        let button = try #require(controls(scene(map, at: 2)).first).rect.center
        map.handle(.pointer(PointerEvent(phase: .down, location: button, kind: .touch, id: 7)), at: 2)
        #expect(controls(scene(map, at: 2.02)).first?.tint == CalloutStyle.pressedTint)
        let actions = map.handle(.pointer(PointerEvent(phase: .up, location: button, kind: .touch, id: 7)), at: 2.1)
        #expect(actions == [.calloutAction(annotation: "paris", action: "details")])
        #expect(map.selectedAnnotations.first === paris)
    }

    @Test func aPressDraggedOffTheButtonIsNotATap() throws {
        let map = setUp([paris])
        map.selectAnnotation(paris)
        _ = scene(map, at: 1)
        let button = try #require(controls(scene(map, at: 2)).first).rect.center
        mouse(map, .down, button, at: 2)
        mouse(map, .move, button + Point(x: 0, y: 60), at: 2.05)
        #expect(controls(scene(map, at: 2.06)).first?.tint == nil)
        let camera = map.camera
        #expect(mouse(map, .up, button + Point(x: 0, y: 60), at: 2.1) == [])
        #expect(views.events == ["select Paris"])
        #expect(map.camera == camera)  // the press did not pan the map either
    }

    @Test func aClickOnTheTextDoesNothingAndABareClickThroughTheBubblePassesOn() throws {
        let map = setUp([paris])
        map.selectAnnotation(paris)
        _ = scene(map, at: 1)
        let placement = try #require(map.calloutPlacement)
        tap(map, placement.body.origin + Point(x: 14, y: 14), at: 2)  // on the title
        #expect(views.events == ["select Paris"])
        // The padding at the bubble's left end is not text: the click reaches the map and deselects.
        tap(map, Point(x: placement.body.minX + 4, y: placement.body.midY), at: 3)
        #expect(views.events == ["select Paris", "deselect Paris"])
    }

    @Test func aPinBehindTheBubblesEmptyPartStaysClickable() throws {
        let map = setUp([paris])
        map.selectAnnotation(paris)
        _ = scene(map, at: 1)
        let placement = try #require(map.calloutPlacement)
        // A pin under the bubble's bottom-left corner, where there is neither text nor a control.
        let spot = Point(x: placement.body.minX + 5, y: placement.body.maxY - 5)
        let behind = PointAnnotation(coordinate: map.convert(spot), title: "Behind")
        map.addAnnotation(behind)
        _ = scene(map, at: 1.5)
        tap(map, spot, at: 2)
        #expect(map.selectedAnnotations.first === behind)
    }

    @Test func openingNearTheTopPansJustEnoughToShowItWithA10PixelMargin() throws {
        let map = setUp([paris])
        // Put Paris 40 px from the top of the screen.
        map.camera.pan(by: Point(x: 0, y: 40 - map.convert(paris.coordinate).y))
        _ = scene(map, at: 0.5)
        map.selectAnnotation(paris)
        _ = scene(map, at: 1)
        #expect(map.isAnimating)
        _ = scene(map, at: 1.2)
        _ = scene(map, at: 1.4)
        let placement = try #require(map.calloutPlacement)
        #expect(placement.side == .above)
        #expect(abs(placement.bounds.minY - 10) <= 0.5)
    }

    @Test func nearTheNorthEdgeOfTheWorldItFlipsBelow() throws {
        let north = PointAnnotation(coordinate: Coordinate(latitude: 84, longitude: 0), title: "Far north")
        let map = setUp([north], center: Coordinate(latitude: 60, longitude: 0), zoom: 2)
        map.selectAnnotation(north)
        _ = scene(map, at: 1)
        let placement = try #require(map.calloutPlacement)
        #expect(placement.side == .below)
        let point = map.convert(north.coordinate)
        #expect(placement.tip.y == (point.y + 10).rounded())
        #expect(placement.body.minY == placement.tip.y + 14)
    }

    @Test func aChangedSubtitleReLaysTheCalloutOutAtOnce() throws {
        let map = setUp([paris])
        map.selectAnnotation(paris)
        let before = try #require(bubble(map, at: 1))
        paris.subtitle = "Capital of France, on the Seine"
        #expect(map.needsDisplay)
        let after = try #require(bubble(map, at: 1.01))
        #expect(after.rect.width > before.rect.width)
        let texts = scene(map, at: 1.02).compactMap { command -> String? in
            if case .text(let text) = command { return text.text }
            return nil
        }
        #expect(texts.contains("Capital of France, on the Seine"))
    }

    @Test func draggingHidesTheCalloutAndTheDropBringsItBack() throws {
        let map = setUp([paris])
        map.selectAnnotation(paris)
        _ = scene(map, at: 1)
        let start = map.convert(paris.coordinate)
        mouse(map, .down, start, at: 2)
        mouse(map, .move, start + Point(x: 30, y: 0), at: 2.05)
        #expect(bubble(map, at: 2.1) == nil)
        #expect(map.calloutPlacement == nil)
        mouse(map, .up, start + Point(x: 30, y: 0), at: 2.2)
        _ = scene(map, at: 2.3)
        let shape = try #require(bubble(map, at: 3))
        #expect(abs(shape.rect.midX - (start.x + 30)) < 40)
        #expect(map.selectedAnnotations.first === paris)
    }

    @Test func deselectingFadesTheCalloutOut() throws {
        let map = setUp([paris])
        map.selectAnnotation(paris)
        _ = scene(map, at: 1)
        let open = try #require(bubble(map, at: 1.5))
        map.deselectAnnotation(paris)
        #expect(bubble(map, at: 2)?.color.alpha == CalloutStyle.bubbleColor.alpha)
        let half = try #require(bubble(map, at: 2.1))
        #expect(abs(Double(half.color.alpha) - Double(CalloutStyle.bubbleColor.alpha) / 2) <= 1)
        #expect(half.rect == open.rect)
        #expect(bubble(map, at: 2.2) == nil)
        #expect(!map.isAnimating)
    }

    @Test func theCalloutFollowsThePan() throws {
        let map = setUp([paris])
        map.selectAnnotation(paris)
        _ = scene(map, at: 1)
        let before = try #require(bubble(map, at: 1.5))
        let empty = Point(x: 100, y: 500)
        mouse(map, .down, empty, at: 2)
        mouse(map, .move, empty + Point(x: -50, y: 20), at: 2.05)
        mouse(map, .up, empty + Point(x: -50, y: 20), at: 2.1)
        let after = try #require(bubble(map, at: 2.2))
        #expect(after.rect.origin == before.rect.origin + Point(x: -50, y: 20))
    }

    @Test func onlyOneCalloutIsOpenAtATime() throws {
        let tokyo = PointAnnotation(coordinate: Coordinate(latitude: 47, longitude: 8), title: "Zürich")
        let map = setUp([paris, tokyo])
        map.selectAnnotation(paris)
        _ = scene(map, at: 1)
        map.selectAnnotation(tokyo)
        _ = scene(map, at: 3)
        #expect(shapes(scene(map, at: 4), role: "callout").count == 1)
        #expect(views.events == ["select Paris", "deselect Paris", "select Zürich"])
    }
}

/// Where the world repeats (zoom 0–1 on a wide window), a pin clicked on
/// any copy opens its callout over that copy, and it stays there as the
/// map pans.
@Suite @MainActor struct CalloutOnWorldCopyTests {
    @Test func theCalloutOpensOverTheCopyThatWasClicked() throws {
        let views = CalloutTests.Views()
        let map = makeAnnotationMap(center: Coordinate(latitude: 20, longitude: 0), zoom: 1,
                                    size: Size(width: 1400, height: 600))
        map.delegate = views
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 20, longitude: 0), title: "Null Island North")
        map.addAnnotation(pin)
        map.prepareFrame(at: 0, text: HalfSizeMetrics())
        let central = map.convert(pin.coordinate)
        let copy = central + Point(x: map.camera.worldSize, y: 0)  // the copy on the right
        #expect(copy.x < map.camera.viewportSize.width, "the copy is on screen")
        click(map, at: copy, time: 1)
        #expect(map.selectedAnnotations.first === pin)
        map.prepareFrame(at: 1.5, text: HalfSizeMetrics())
        let tip = try #require(map.calloutPlacement).tip
        #expect(abs(tip.x - copy.x) < 1, "over the clicked copy: \(tip.x) for \(copy.x)")
        // Panned a little, it stays with that copy.
        map.handle(.pointer(PointerEvent(phase: .down, location: Point(x: 100, y: 500), button: .left)), at: 2)
        map.handle(.pointer(PointerEvent(phase: .move, location: Point(x: 40, y: 500))), at: 2.1)
        map.handle(.pointer(PointerEvent(phase: .up, location: Point(x: 40, y: 500), button: .left)), at: 2.2)
        map.prepareFrame(at: 4, text: HalfSizeMetrics())
        let moved = try #require(map.calloutPlacement).tip
        #expect(abs(moved.x - map.convert(pin.coordinate).x - map.camera.worldSize) < 1,
                "still over the right-hand copy: \(moved.x)")
    }
}
