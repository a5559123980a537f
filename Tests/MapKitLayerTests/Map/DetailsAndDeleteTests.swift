@testable import MapEngine
@testable import MapKitLayer
import Testing

/// What the demo's callout buttons do through `PinFeatureViews`: the
/// details panel, centring, and deleting with undo.
@Suite @MainActor struct DetailsAndDeleteTests {
    let metrics = HalfSizeMetrics()
    let views = PinFeatureViews()

    func setUp() -> (MapController, FeatureAnnotation) {
        let map = makeAnnotationMap(center: Coordinate(latitude: 0, longitude: 36), zoom: 4)
        map.delegate = views
        let nairobi = TestFeatures.annotation(properties: #""title": "Nairobi", "note": "Green City", "pop": 4397073"#)
        map.addAnnotation(nairobi)
        _ = FrameComposer.scene(of: map, at: 0, tiles: NoTiles(), text: metrics)
        return (map, nairobi)
    }

    func texts(_ map: MapController, at now: Double) -> [String] {
        FrameComposer.scene(of: map, at: now, tiles: NoTiles(), text: metrics).commands.compactMap { command in
            if case .text(let text) = command { return text.text }
            return nil
        }
    }

    func tapAction(_ map: MapController, _ action: String, at now: Double) -> [MapAction] {
        map.handle(.pointer(PointerEvent(phase: .down, location: .zero, button: .left)), at: now)  // a map click
        let view = map.view(for: map.annotations[0])!
        views.mapView(map, annotationView: view, calloutAccessoryControlTapped: CalloutAccessory(.detailDisclosure, identifier: action))
        return map.handle(.pointer(PointerEvent(phase: .up, location: .zero, button: .left)), at: now + 0.05)
    }

    @Test func pinsGetADetailButtonAndTheDetailsPanelListsPropertiesAndCoordinate() throws {
        let (map, nairobi) = setUp()
        let view = try #require(map.view(for: nairobi))
        #expect(view.rightCalloutAccessory == CalloutAccessory(.detailDisclosure, identifier: "details"))
        views.mapView(map, annotationView: view, calloutAccessoryControlTapped: try #require(view.rightCalloutAccessory))
        let panel = try #require(map.details)
        #expect(panel.title == "Nairobi")
        #expect(panel.rows.map(\.key) == ["title", "note", "pop", "coordinate"])
        #expect(panel.rows.map(\.value) == ["Nairobi", "Green City", "4397073", "1.2921° S, 36.8219° E"])
        #expect(texts(map, at: 1).contains("1.2921° S, 36.8219° E"))
        map.handle(.key(KeyPress("escape")), at: 2)
        #expect(map.details == nil)
    }

    @Test func theCloseButtonClosesThePanelAndClicksOnItStayOnIt() throws {
        let (map, nairobi) = setUp()
        map.selectAnnotation(nairobi)
        map.showDetails(for: nairobi)
        _ = FrameComposer.scene(of: map, at: 1, tiles: NoTiles(), text: metrics)
        let panel = try #require(map.details)
        let frame = panel.drawn(viewport: map.camera.viewportSize, metrics: metrics).frame
        click(map, at: Point(x: frame.minX + 20, y: frame.maxY - 8), time: 2)
        #expect(map.details != nil)
        #expect(map.selectedAnnotations.count == 1)  // the click did not reach the map
        click(map, at: DetailsPanel.closeButton(in: frame).center, time: 3)
        #expect(map.details == nil)
        #expect(map.selectedAnnotations.count == 1)
    }

    @Test func centreMovesTheMapToThePin() {
        let (map, nairobi) = setUp()
        _ = tapAction(map, "center", at: 1)
        map.advance(to: 2)
        let center = map.camera.centerCoordinate
        #expect(abs(center.latitude - nairobi.coordinate.latitude) < 1e-6)
        #expect(abs(center.longitude - nairobi.coordinate.longitude) < 1e-6)
    }

    @Test func deleteRemovesThePinSaysSoAndCtrlZBringsItBack() {
        let (map, nairobi) = setUp()
        #expect(tapAction(map, "delete", at: 1) == [.annotationsChanged])
        #expect(!map.contains(nairobi))
        #expect(texts(map, at: 1.1).contains("Deleted “Nairobi”. Ctrl+Z brings it back."))
        #expect(map.handle(.key(KeyPress("z", modifiers: .control)), at: 2) == [.annotationsChanged])
        #expect(map.contains(nairobi))
        #expect(map.identifier(of: nairobi) == "n")
        #expect(!texts(map, at: 2.1).contains("Deleted “Nairobi”. Ctrl+Z brings it back."))
        #expect(map.handle(.key(KeyPress("y", modifiers: .control)), at: 3) == [.annotationsChanged])
        #expect(!map.contains(nairobi))
    }

    @Test func undoWalksBackThroughAMoveAndADeletionInOrder() {
        let (map, nairobi) = setUp()
        let home = nairobi.coordinate
        let moved = Coordinate(latitude: 2, longitude: 38)
        map.dragController.recordMove(nairobi, from: home, to: moved)
        nairobi.coordinate = moved
        _ = tapAction(map, "delete", at: 1)
        map.handle(.key(KeyPress("z", modifiers: .control)), at: 2)
        #expect(map.contains(nairobi) && nairobi.coordinate == moved)
        map.handle(.key(KeyPress("z", modifiers: .control)), at: 3)
        #expect(nairobi.coordinate == home)
    }
}
