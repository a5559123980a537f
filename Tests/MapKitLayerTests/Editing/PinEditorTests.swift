@testable import MapEngine
@testable import MapKitLayer
import Testing

/// Naming a pin as a person does: the callout's pencil, the details
/// panel's Edit, Enter or F2 open the editor; typing in any script, Tab,
/// the caret keys and clicks edit; Enter or Save keeps it (one step of
/// undo, and the file is asked to save), Escape or Cancel leaves the pin
/// as it was. While the editor is open no key reaches the map.
@Suite @MainActor struct PinEditorTests {
    let metrics = HalfSizeMetrics()
    let views = PinFeatureViews()

    func setUp() -> (MapController, FeatureAnnotation) {
        let map = makeAnnotationMap(center: Coordinate(latitude: 0, longitude: 36), zoom: 4)
        map.delegate = views
        let nairobi = TestFeatures.annotation(properties: #""title": "Nairobi", "subtitle": "Green City""#)
        map.addAnnotation(nairobi)
        frame(map, at: 0)
        map.selectAnnotation(nairobi)
        frame(map, at: 0.5)
        return (map, nairobi)
    }

    @discardableResult
    func frame(_ map: MapController, at now: Double) -> [DrawCommand] {
        FrameComposer.scene(of: map, at: now, tiles: NoTiles(), text: metrics).commands
    }

    func key(_ map: MapController, _ name: String, _ modifiers: KeyPress.Modifiers = [], at now: Double) -> [MapAction] {
        map.handle(.key(KeyPress(name, modifiers: modifiers)), at: now)
    }

    func click(_ map: MapController, _ point: Point, at now: Double) -> [MapAction] {
        map.handle(.pointer(PointerEvent(phase: .down, location: point, button: .left)), at: now)
            + map.handle(.pointer(PointerEvent(phase: .up, location: point, button: .left)), at: now + 0.05)
    }

    @Test func enterOnTheSelectedPinNamesItInAnyScriptAndCtrlZTakesItBack() {
        let (map, nairobi) = setUp()
        #expect(key(map, "return", at: 1).isEmpty)
        #expect(map.pinEditor.isOpen && map.pinEditor.text(.name) == "Nairobi" && map.pinEditor.text(.note) == "Green City")
        for _ in 0..<7 { _ = key(map, "backspace", at: 1.1) }
        map.handle(.text("نيروبي 東京"), at: 1.2)
        _ = key(map, "tab", at: 1.3)
        _ = key(map, "end", at: 1.35)
        map.handle(.text(" — कॉफ़ी"), at: 1.4)
        #expect(frame(map, at: 1.5).contains { if case .text(let t) = $0 { t.text == "نيروبي 東京" } else { false } })
        #expect(key(map, "return", at: 2) == [.annotationsChanged])
        #expect(!map.pinEditor.isOpen)
        #expect(nairobi.title == "نيروبي 東京" && nairobi.subtitle == "Green City — कॉफ़ी")
        #expect(key(map, "z", .control, at: 3) == [.annotationsChanged])
        #expect(nairobi.title == "Nairobi" && nairobi.subtitle == "Green City")
        #expect(map.selectedAnnotations.first === nairobi, "the pin stays selected, its callout telling the old name")
        #expect(key(map, "y", .control, at: 4) == [.annotationsChanged])
        #expect(nairobi.title == "نيروبي 東京")
    }

    @Test func escapeCancelsAndTheKeysNeverReachTheMap() {
        let (map, nairobi) = setUp()
        _ = key(map, "f2", at: 1)
        #expect(map.pinEditor.isOpen)
        let zoom = map.camera.zoom
        // A letter comes as a key and as text: the key must not drop a pin, zoom or go home.
        for (name, text) in [("l", "l"), ("0", "0"), ("plus", "+"), ("delete", nil)] as [(String, String?)] {
            #expect(key(map, name, at: 1.1).isEmpty)
            if let text { map.handle(.text(text), at: 1.1) }
        }
        #expect(map.camera.zoom == zoom && map.annotations.count == 1 && map.contains(nairobi))
        #expect(map.pinEditor.text(.name) == "Nairobil0+")
        #expect(key(map, "escape", at: 2).isEmpty)
        #expect(!map.pinEditor.isOpen && nairobi.title == "Nairobi")
        #expect(map.selectedAnnotations.count == 1)  // Escape closed the editor only
    }

    @Test func theCalloutPencilOpensItAndSaveAndCancelAreButtons() throws {
        let (map, nairobi) = setUp()
        let view = try #require(map.view(for: nairobi))
        #expect(view.leftCalloutAccessory == PinFeatureViews.editButton)
        let placement = try #require(map.calloutPlacement)
        let pencil = try #require(map.callouts.shown?.body?.elements.first { $0.control?.action == PinFeatureViews.editAction })
        _ = click(map, placement.body.origin + pencil.frame.center, at: 1)
        #expect(map.pinEditor.isOpen)
        frame(map, at: 1.2)
        let layout = PinEditorPanel.layout(viewport: map.camera.viewportSize, scale: 1)
        _ = click(map, layout.fields[1].center, at: 1.5)  // the note field takes the keyboard
        #expect(map.pinEditor.focus == .note)
        map.handle(.text("!"), at: 1.6)
        #expect(click(map, layout.cancel.center, at: 2).isEmpty)
        #expect(!map.pinEditor.isOpen && nairobi.subtitle == "Green City")

        _ = click(map, placement.body.origin + pencil.frame.center, at: 3)
        _ = click(map, layout.fields[1].center, at: 3.2)
        map.handle(.text("!"), at: 3.3)
        #expect(click(map, layout.save.center, at: 4) == [.annotationsChanged])
        #expect(nairobi.subtitle == "Green City!")
    }

    @Test func aPinKeepsAName() {
        let (map, nairobi) = setUp()
        _ = key(map, "return", at: 1)
        _ = key(map, "home", at: 1.1)
        for _ in 0..<7 { _ = key(map, "delete", at: 1.2) }
        #expect(map.pinEditor.text(.name).isEmpty)
        #expect(frame(map, at: 1.3).contains { if case .text(let t) = $0 { t.text == PinEditorPanel.namePlaceholder } else { false } })
        #expect(key(map, "return", at: 2).isEmpty)
        #expect(map.pinEditor.isOpen && nairobi.title == "Nairobi")
    }

    @Test func theCaretMovesByWholeCharacters() {
        let editor = PinEditor()
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "नमस्ते")
        editor.open(pin)
        #expect(editor.caret(in: .name) == Array("नमस्ते").count)
        editor.moveCaret(by: -1)
        editor.deleteBackward()
        editor.type("x\ny")
        #expect(editor.text(.name) == String(Array("नमस्ते").dropLast(2)) + "x y" + String(Array("नमस्ते").suffix(1)))
        editor.moveCaret(toEnd: false)
        editor.moveCaret(by: -5)
        #expect(editor.caret(in: .name) == 0)
    }

    @Test func theDetailsPanelsEditButtonOpensItAndThePanelComesBackRenamed() throws {
        let (map, nairobi) = setUp()
        map.showDetails(for: nairobi)
        frame(map, at: 1)
        let panel = try #require(map.details)
        #expect(panel.isEditable)
        let at = DetailsPanel.editButton(in: panel.drawn(viewport: map.camera.viewportSize, metrics: metrics).frame).center
        _ = click(map, at, at: 2)
        #expect(map.pinEditor.isOpen && map.details == nil)
        map.handle(.text(" City"), at: 2.2)
        _ = key(map, "return", at: 3)
        #expect(map.details?.title == "Nairobi City")
    }

    @Test func aDroppedPinsNoteIsItsOwnBesideItsPlaceName() {
        let map = makeAnnotationMap(center: Coordinate(latitude: 0, longitude: 36), zoom: 4)
        map.delegate = views
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 36), title: "Dropped Pin", isPlacemark: true)
        map.addAnnotation(pin)  // its subtitle the map's: the place (here, with no geocoder, the coordinate)
        frame(map, at: 0)
        map.selectAnnotation(pin)
        frame(map, at: 0.5)
        _ = key(map, "return", at: 1)
        #expect(map.pinEditor.text(.note).isEmpty)
        _ = key(map, "tab", at: 1.1)
        map.handle(.text("Picnic"), at: 1.2)
        #expect(key(map, "return", at: 2) == [.annotationsChanged])
        #expect(pin.note == "Picnic" && pin.subtitle == pin.coordinate.displayText && pin.calloutSubtitle == "Picnic")
        #expect(frame(map, at: 2.5).contains { if case .text(let t) = $0 { t.text == "Picnic" } else { false } }, "the callout says the note")
    }

    @Test func theMapsOwnCalloutsAndLockedPinsAreNotEdited() {
        let map = makeAnnotationMap(center: Coordinate(latitude: 0, longitude: 36), zoom: 4)
        map.delegate = views
        let locked = TestFeatures.annotation(properties: #""title": "Fixed", "draggable": false"#)
        map.addAnnotation(locked)
        frame(map, at: 0)
        map.selectAnnotation(locked)
        frame(map, at: 0.5)
        _ = key(map, "f2", at: 1)
        #expect(!map.pinEditor.isOpen)
        #expect(map.view(for: locked)?.leftCalloutAccessory == nil)
    }

    /// A notice (a copy, a save) never covers the editor or the details panel: it stands below them.
    @Test func aMessageStandsBelowTheEditorAndTheDetailsPanel() throws {
        let (map, nairobi) = setUp()
        func band(at now: Double) -> Rect? {
            frame(map, at: now).compactMap { if case .rect(let r, let color) = $0, color == MessageOverlay.newsBackground { r } else { nil } }.first
        }
        _ = key(map, "return", at: 1)
        map.showMessage("Copied 1.29210, 36.82190", at: 1.1, isError: false)
        let editor = try #require(map.naming.frame)
        #expect(try #require(band(at: 1.2)).minY >= editor.maxY)
        _ = key(map, "escape", at: 2)
        map.showDetails(for: nairobi)
        map.showMessage("Saved", at: 2.1, isError: false)
        _ = frame(map, at: 2.15)
        let details = try #require(map.detailsPanel.layout?.frame)
        #expect(try #require(band(at: 2.2)).minY >= details.maxY)
    }

    /// Ctrl+V asks the app for the clipboard, which then comes typed in.
    @Test func ctrlVAsksForTheClipboard() {
        let (map, nairobi) = setUp()
        _ = key(map, "return", at: 1)
        #expect(key(map, "v", .control, at: 1.1) == [.paste])
        map.handle(.text("1.29210, 36.82190"), at: 1.2)
        _ = key(map, "return", at: 2)
        #expect(nairobi.title == "Nairobi1.29210, 36.82190")
    }
}
