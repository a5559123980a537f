import Testing
@testable import MapEngine
@testable import MapKitLayer

/// A right-click opens the map's menu: drop a pin, centre the map, copy
/// the coordinates; a click elsewhere or Escape closes it and does nothing else.
@Suite @MainActor struct ContextMenuTests {
    /// A right-click (press and release without moving) at `point`.
    @discardableResult
    static func rightClick(_ map: MapController, at point: Point, time: Double = 0) -> [MapAction] {
        map.handle(.pointer(PointerEvent(phase: .down, location: point, button: .right)), at: time)
        return map.handle(.pointer(PointerEvent(phase: .up, location: point, button: .right)), at: time + 0.1)
    }

    /// A left click in the middle of the open menu's row for `item`.
    @discardableResult
    static func choose(_ item: ContextMenu.Item, on map: MapController, time: Double = 1) throws -> [MapAction] {
        let menu = try #require(map.chrome.menu)
        let index = try #require(menu.items.firstIndex(of: item))
        let frame = menu.frame(viewport: map.camera.viewportSize, scale: map.displayScale)
        let point = ContextMenu.row(index, in: frame, scale: map.displayScale).center
        map.handle(.pointer(PointerEvent(phase: .down, location: point)), at: time)
        return map.handle(.pointer(PointerEvent(phase: .up, location: point)), at: time + 0.05)
    }

    @Test func aRightClickOpensTheMenuThereAndItsFirstItemDropsAPin() throws {
        let map = makeAnnotationMap()
        let before = map.annotations.count
        Self.rightClick(map, at: Point(x: 300, y: 250))
        let menu = try #require(map.chrome.menu)
        #expect(menu.items == [.dropPin, .whatsHere, .copyCoordinates, .measure, .centre])
        #expect(menu.coordinate == map.camera.coordinate(at: Point(x: 300, y: 250)).wrapped)
        #expect(map.annotations.count == before, "nothing dropped before an item is chosen")
        let actions = try Self.choose(.dropPin, on: map)
        #expect(actions.contains(.annotationsChanged) && map.annotations.count == before + 1)
        #expect(map.chrome.menu == nil, "chosen: the menu closes")
    }

    @Test func centreGlidesThereAndCopyHandsTheCoordinatesOn() throws {
        let map = makeAnnotationMap()
        Self.rightClick(map, at: Point(x: 200, y: 150))
        let place = try #require(map.chrome.menu).coordinate
        try Self.choose(.centre, on: map)
        map.advance(to: 3)
        #expect(abs(map.camera.centerCoordinate.latitude - place.latitude) < 1e-6
                && abs(map.camera.centerCoordinate.longitude - place.longitude) < 1e-6)
        Self.rightClick(map, at: Point(x: 400, y: 300), time: 4)
        let here = try #require(map.chrome.menu).coordinate
        let actions = try Self.choose(.copyCoordinates, on: map, time: 5)
        #expect(actions == [.copyText(ContextMenu.coordinateText(here))])
        #expect(ContextMenu.coordinateText(Coordinate(latitude: -33.9249, longitude: 18.4241)) == "-33.92490, 18.42410")
    }

    /// The Menu key or Shift+F10 opens it for a keyboard: at the view's
    /// centre (or the selected pin), its first item highlighted, Enter chooses.
    @Test func theMenuKeyAndShiftF10OpenItForTheKeyboard() throws {
        for (name, modifiers) in [("menu", KeyPress.Modifiers()), ("f10", KeyPress.Modifiers.shift)] {
            let map = makeAnnotationMap()
            map.handle(.key(KeyPress(name, modifiers: modifiers)), at: 0)
            let menu = try #require(map.chrome.menu, "\(name) opened the menu")
            let size = map.camera.viewportSize
            #expect(menu.anchor == Point(x: (size.width / 2).rounded(), y: (size.height / 2).rounded()))
            #expect(menu.highlighted == .dropPin)
            map.handle(.key(KeyPress("down")), at: 0.1)
            #expect(map.chrome.menu?.highlighted == .whatsHere)
            map.handle(.key(KeyPress("up")), at: 0.2)
            map.handle(.key(KeyPress("return")), at: 0.3)
            #expect(map.chrome.menu == nil && map.annotationCount == 1, "Enter dropped a pin at the centre")
        }
        let plain = makeAnnotationMap()
        plain.handle(.key(KeyPress("f10")), at: 0)
        #expect(plain.chrome.menu == nil, "F10 alone is not the menu's key")
    }

    @Test func aClickAwayOrEscapeClosesTheMenuAndDoesNothingElse() throws {
        let map = makeAnnotationMap()
        let camera = map.camera
        Self.rightClick(map, at: Point(x: 300, y: 250))
        // A drag that starts away from the menu only closes it: the map does not pan.
        map.handle(.pointer(PointerEvent(phase: .down, location: Point(x: 100, y: 500))), at: 1)
        map.handle(.pointer(PointerEvent(phase: .move, location: Point(x: 180, y: 560))), at: 1.1)
        map.handle(.pointer(PointerEvent(phase: .up, location: Point(x: 180, y: 560))), at: 1.2)
        #expect(map.chrome.menu == nil && map.camera == camera)
        Self.rightClick(map, at: Point(x: 300, y: 250), time: 2)
        map.handle(.key(KeyPress("escape")), at: 3)
        #expect(map.chrome.menu == nil)
    }

    @Test func theArrowKeysAndEnterChooseAndThePointerHighlights() throws {
        let map = makeAnnotationMap()
        let before = map.annotations.count
        Self.rightClick(map, at: Point(x: 300, y: 250))
        let menu = try #require(map.chrome.menu)
        let frame = menu.frame(viewport: map.camera.viewportSize, scale: 1)
        map.handle(.pointer(PointerEvent(phase: .move, location: ContextMenu.row(1, in: frame, scale: 1).center)), at: 0.5)
        #expect(map.chrome.menu?.highlighted == .whatsHere, "the item under the pointer")
        for step in 0..<4 { map.handle(.key(KeyPress("down")), at: 1 + 0.01 * Double(step)) }
        #expect(map.chrome.menu?.highlighted == .dropPin, "down past the last wraps to the first")
        #expect(map.handle(.key(KeyPress("return")), at: 1.2).contains(.annotationsChanged))
        #expect(map.annotations.count == before + 1 && map.chrome.menu == nil)
    }

    @Test func withPinDropsOffTheMenuOffersNoPinAndStaysInView() throws {
        let map = makeAnnotationMap()
        map.isPinDropEnabled = false
        let corner = Point(x: map.camera.viewportSize.width - 5, y: map.camera.viewportSize.height - 5)
        Self.rightClick(map, at: corner)
        let menu = try #require(map.chrome.menu)
        #expect(menu.items == [.whatsHere, .copyCoordinates, .measure, .centre])
        let frame = menu.frame(viewport: map.camera.viewportSize, scale: 1)
        #expect(frame.maxX <= map.camera.viewportSize.width && frame.maxY <= map.camera.viewportSize.height,
                "a click in the corner opens the menu inside the view")
    }

    /// "What's here?" opens a callout at the place: its coordinates, then its
    /// name and region as the geocoder gives them; it goes with its selection
    /// and is never a pin of the user's.
    @Test func whatsHereSaysWhereThePlaceIsInACallout() throws {
        let map = makeAnnotationMap()
        let before = map.annotations.count
        Self.rightClick(map, at: Point(x: 300, y: 250))
        let coordinate = try #require(map.chrome.menu?.coordinate)
        let actions = try Self.choose(.whatsHere, on: map)
        #expect(!actions.contains(.annotationsChanged), "nothing to save")
        let place = try #require(map.selectedAnnotations.first as? PlaceCallout)
        #expect(place.title == ContextMenu.coordinateText(coordinate) && place.isPlacemark, "named by the geocoder as placemarks are")
        #expect(map.callouts.shown?.annotation === place, "its callout is open")
        map.handle(.key(KeyPress("escape")), at: 2)
        #expect(map.annotations.count == before && map.selectedAnnotations.isEmpty, "gone with its selection")
        #expect(map.droppedPins.isEmpty)
    }
}
