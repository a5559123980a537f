import Testing
@testable import MapEngine
@testable import MapKitLayer

/// The search field on the map: opening, typing, picking, flying there,
/// the marker that a second Enter makes a pin, Escape.
@MainActor struct SearchTests {
    func map() -> MapController {
        let map = makeAnnotationMap(center: Coordinate(latitude: 30, longitude: 10), zoom: 3)
        map.search.finder = PlaceSearch(PlaceSearchTests.gazetteer)
        return map
    }

    func key(_ map: MapController, _ name: String, _ modifiers: KeyPress.Modifiers = [], at time: Double) {
        map.handle(.key(KeyPress(name, modifiers: modifiers)), at: time)
    }

    @Test func slashOrCtrlFOpensTheFieldAndTypingListsMatches() {
        let map = map()
        map.handle(.text("paris"), at: 0)
        #expect(!map.search.isOpen && map.search.query.isEmpty, "closed, text goes nowhere")
        key(map, "slash", at: 1)
        #expect(map.search.isOpen)
        map.handle(.text("par"), at: 1.1)
        key(map, "l", at: 1.2)  // the key press behind a typed "l" moves nothing
        map.handle(.text("is"), at: 1.3)
        #expect(map.search.query == "paris")
        #expect(map.search.results.map(\.label).first == "Paris, Île-de-France, FR")
        #expect(map.annotationCount == 0, "L did not drop a pin while typing")
        key(map, "backspace", at: 1.4)
        #expect(map.search.query == "pari")
        key(map, "escape", at: 2)
        #expect(!map.search.isOpen && map.search.query.isEmpty && map.search.results.isEmpty)
        key(map, "f", .control, at: 3)
        #expect(map.search.isOpen)
    }

    @Test func enterFliesToThePickAndMarksItThenMakesItAPin() throws {
        let map = map()
        key(map, "slash", at: 0)
        map.handle(.text("paris"), at: 0.1)
        key(map, "down", at: 0.2)
        key(map, "down", at: 0.3)
        #expect(map.search.highlighted == 1)
        key(map, "return", at: 0.4)
        map.advance(to: 1.5)
        let texas = try #require(map.search.marker)
        #expect(texas.label == "Paris, Texas, US")
        #expect(abs(map.camera.centerCoordinate.latitude - texas.coordinate.latitude) < 1e-6)
        #expect(abs(map.camera.centerCoordinate.longitude - texas.coordinate.longitude) < 1e-6)
        #expect(map.camera.zoom == 8, "zoomed in, as far as the tiles (levels 0-5) allow plus three")
        let actions = map.handle(.key(KeyPress("return")), at: 2)
        #expect(actions.contains(.annotationsChanged))
        let pin = try #require(map.annotations.first as? PointAnnotation)
        #expect(pin.title == "Paris" && pin.isPlacemark && pin.coordinate == texas.coordinate)
        #expect(!map.search.isOpen && map.search.marker == nil && map.selectedAnnotations.first === pin)
        key(map, "z", .control, at: 3)
        #expect(map.annotationCount == 0, "one undo takes the pin back")
    }

    /// After Enter the field lets the keyboard go: "-" zooms the map out
    /// instead of typing "paris-", and `/` gives the field the keyboard back.
    @Test func afterAPickTheMapsKeysWorkAgain() throws {
        let map = map()
        key(map, "slash", at: 0)
        map.handle(.text("paris"), at: 0.1)
        #expect(map.search.isEditing)
        key(map, "return", at: 0.2)
        map.advance(to: 1.5)
        #expect(map.search.isOpen && !map.search.isEditing && map.search.marker != nil, "open, the pick marked, the keyboard the map's")
        let zoom = map.camera.zoom
        map.handle(.text("-"), at: 1.6)
        key(map, "minus", at: 1.6)
        map.advance(to: 2.5)
        #expect(map.search.query == "paris", "nothing typed into the field")
        #expect(map.camera.zoom < zoom, "the map zoomed out")
        key(map, "backspace", at: 2.6)
        #expect(map.search.query == "paris")
        key(map, "slash", at: 2.7)
        #expect(map.search.isEditing, "the field has the keyboard again")
        map.handle(.text(" tx"), at: 2.8)
        #expect(map.search.query == "paris tx")
    }

    @Test func theButtonOpensItAndAClickOnARowFliesThere() throws {
        let map = map()
        let button = SearchPanel.button(viewport: map.camera.viewportSize, scale: 1).center
        click(map, at: button, time: 0)
        #expect(map.search.isOpen)
        map.handle(.text("zur"), at: 0.5)
        let row = SearchPanel.row(1, viewport: map.camera.viewportSize, scale: 1).center
        let camera = map.camera
        click(map, at: row, time: 1)
        #expect(map.search.marker?.label == "Zurich, Friesland, NL")
        map.advance(to: 2)
        #expect(map.camera != camera && abs(map.camera.centerCoordinate.latitude - 52) < 1e-6)
        #expect(map.selectedAnnotations.isEmpty, "the press went to the list, not the map")
    }

    @Test func theListIsInTheSceneWithItsRolesAndActions() {
        let map = map()
        key(map, "slash", at: 0)
        map.handle(.text("zu"), at: 0.1)
        let scene = FrameComposer.scene(of: map, at: 1, tiles: NoTiles(), text: ZeroMetrics())
        let shapes = scene.commands.compactMap { if case .shape(let s) = $0 { s } else { nil } }
        #expect(shapes.contains { $0.role == "search-field" })
        #expect(shapes.filter { $0.role == "search-result" }.map(\.action) == ["search-result-0", "search-result-1"])
        #expect(!shapes.contains { $0.role == "search-button" }, "the button steps aside while the field is open")
    }

    /// A notice (offline, a save) never covers the open field or its list: it stands below them.
    @Test func aMessageStandsBelowTheOpenSearchAndItsList() throws {
        let map = map()
        key(map, "slash", at: 0)
        map.handle(.text("zu"), at: 0.1)
        map.showMessage("Street detail needs a connection or a map file", at: 0.2, isError: false)
        let scene = FrameComposer.scene(of: map, at: 1, tiles: NoTiles(), text: ZeroMetrics())
        let shapes = scene.commands.compactMap { if case .shape(let s) = $0 { s } else { nil } }
        func band(_ scene: Scene) -> Rect? {
            scene.commands.compactMap { if case .rect(let r, let color) = $0, color == MessageOverlay.newsBackground { r } else { nil } }.first
        }
        let lowest = try #require(shapes.filter { $0.role == "search-result" || $0.role == "search-field" }.map(\.rect.maxY).max())
        let message = try #require(band(scene))
        #expect(message.minY >= lowest, "the band at \(message.minY), the search down to \(lowest)")
        key(map, "escape", at: 2)
        map.showMessage("Saved", at: 2.1, isError: false)
        let closed = FrameComposer.scene(of: map, at: 2.2, tiles: NoTiles(), text: ZeroMetrics())
        #expect(band(closed)?.minY == 8, "at the top when nothing is open")
    }
}
