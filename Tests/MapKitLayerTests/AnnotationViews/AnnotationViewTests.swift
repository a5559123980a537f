import Testing
@testable import MapEngine
@testable import MapKitLayer

@Suite @MainActor struct AnnotationViewTests {
    @Test func settingAnImageSizesTheView() {
        let view = AnnotationView(annotation: nil, reuseIdentifier: nil)
        #expect(view.size == Size(width: 0, height: 0))
        view.image = AnnotationImage(name: "flag", size: Size(width: 24, height: 30))
        #expect(view.size == Size(width: 24, height: 30))
    }

    @Test func pinTipMarksTheCoordinate() {
        let pin = PinAnnotationView(annotation: nil)
        #expect(pin.size == Size(width: 32, height: 39))
        #expect(pin.centerOffset == Point(x: 8, y: -14))
        #expect(pin.calloutOffset == Point(x: -8, y: 0))
        // The frame's origin relative to the coordinate puts (8, 33.5) of the image on it.
        let frame = pin.frameAroundAnchor
        #expect(frame.minX + 8 == 0 && frame.minY + 33.5 == 0)
        #expect(pin.reuseIdentifier == "pin")
    }

    @Test func bullseyeIsCentredOnTheCoordinate() {
        let bullseye = BullseyeAnnotationView(annotation: nil)
        #expect(bullseye.frameAroundAnchor == Rect(x: -16, y: -16, width: 32, height: 32))
    }

    @Test func pinColoursPickTheirImages() {
        let pin = PinAnnotationView(annotation: nil)
        #expect(pin.image?.name == "pin-red")
        pin.pinColor = .purple
        #expect(pin.image?.name == "pin-purple")
        pin.pinFrame = .bounce2
        #expect(pin.image?.name == "pin-purple-bounce2")
        pin.pinColor = .tint(Color(hex: 0x1E88E5))
        #expect(pin.image?.name == "pin-mask-bounce2")
        pin.prepareForReuse()
        #expect(pin.pinFrame == .rest && pin.image?.name == "pin-mask")
    }

    @Test func pinIsHitOnItsHeadAndNeedleOnly() {
        let pin = PinAnnotationView(annotation: nil)
        #expect(pin.hitTest(Point(x: 8, y: 9)), "head")
        #expect(pin.hitTest(Point(x: 8, y: 30)), "needle")
        #expect(!pin.hitTest(Point(x: 26, y: 30)), "the empty corner of the image")
    }

    @Test func aViewThatWouldShowAnEmptyCalloutCannotBeSelected() {
        let place = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0))
        let view = AnnotationView(annotation: place, reuseIdentifier: nil)
        #expect(view.canBeSelected)
        view.canShowCallout = true
        #expect(!view.canBeSelected, "no title to show")
        place.title = "Null Island"
        #expect(view.canBeSelected)
        view.isEnabled = false
        #expect(!view.canBeSelected)
    }

    @Test func markerColoursNameOrTint() {
        #expect(PinColor(markerColor: "green") == .green)
        #expect(PinColor(markerColor: "#f80") == .tint(Color(hex: 0xFF8800)))
        #expect(PinColor(markerColor: "1e88e5") == .tint(Color(hex: 0x1E88E5)))
        #expect(PinColor(markerColor: "#12345") == nil)
        #expect(PinColor(markerColor: "blue-ish") == nil)
    }

    @Test func pointAnnotationPostsChanges() {
        let place = PointAnnotation(coordinate: Coordinate(latitude: 1, longitude: 2), title: "A")
        var heard: [AnnotationChange] = []
        let token = place.changes.observe { heard.append($0) }
        place.title = "B"
        place.title = "B"
        place.subtitle = "sub"
        place.coordinate = Coordinate(latitude: 3, longitude: 4)
        #expect(heard == [.calloutInfo, .calloutInfo, .coordinate], "only real changes")
        place.changes.removeObserver(token)
        place.title = "C"
        #expect(heard.count == 3)
    }
}
