@testable import MapEngine
@testable import MapKitLayer
import Testing

/// `"placemark": true` pins, and writing their looked-up names back.
@Suite @MainActor struct PinDocumentPlaceNameTests {
    static let text = """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [10, 50]},
           "properties": {"title": "Unnamed", "placemark": true}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [11, 50]},
           "properties": {"title": "Named", "subtitle": "Kept", "placemark": true}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [12, 50]},
           "properties": {"title": "Plain"}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [13, 50]},
           "properties": {"placemark": "yes"}}
        ]}
        """

    func load() throws -> PinDocument {
        try PinDocument.parse(Array(PinDocumentPlaceNameTests.text.utf8), file: "pins.geojson")
    }

    @Test func readsThePlacemarkFlag() throws {
        let document = try load()
        #expect(document.features.map(\.isPlacemark) == [true, true, false, false])
        #expect(document.makeAnnotations().map(\.isPlacemark) == [true, true, false, false])
        #expect(document.warnings == ["pins.geojson: feature 3: placemark is a string, not true or false; the subtitle is not looked up"])
    }

    @Test func writesANameOnlyWhereTheFileHadNone() throws {
        let document = try load()
        let pins = document.makeAnnotations()
        pins[0].subtitle = "Northtown, \"Upland\", XA"
        pins[1].subtitle = "Somewhere else"
        // (A plain pin's subtitle is its note, the person's words: see PinDocumentNameTests.)
        let saved = String(decoding: document.encoded(pins, placeNames: true), as: UTF8.self)
        let expected = PinDocumentPlaceNameTests.text.replacingOccurrences(
            of: #""properties": {"title": "Unnamed""#,
            with: #""properties": {"subtitle": "Northtown, \"Upland\", XA", "title": "Unnamed""#)
        #expect(saved == expected)
        // The written file reads back with the name.
        let again = try PinDocument.parse(Array(saved.utf8), file: "pins.geojson")
        #expect(again.features[0].subtitle == "Northtown, \"Upland\", XA")
        // Without the option, nothing about names changes.
        #expect(document.encoded(pins) == Array(PinDocumentPlaceNameTests.text.utf8))
    }

    @Test func aNameStillBeingLookedUpIsNotWritten() throws {
        let document = try load()
        let pins = document.makeAnnotations()
        pins[0].subtitle = pins[0].coordinate.displayText
        #expect(document.encoded(pins, placeNames: true) == Array(PinDocumentPlaceNameTests.text.utf8))
    }

    @Test func anEmptyPropertiesObjectGetsNoStrayComma() throws {
        let text = #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{}}]}"#
        let document = try PinDocument.parse(Array(text.utf8), file: "p.geojson")
        #expect(document.features[0].isPlacemark == false)
        #expect(document.features[0].propertiesSlot == PinFeature.PropertiesSlot(offset: text.utf8.count - 4, isEmpty: true))
    }

    @Test func escapesNamesAsJSON() {
        #expect(PinDocument.jsonString("a\"b\\c\nd\u{1}é") == #""a\"b\\c\nd\u0001é""#)
    }
}
