import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer

@Suite @MainActor struct PinDocumentTests {
    static let sample = """
    {"type": "FeatureCollection",
     "name": "my places", "crs": null,
     "features": [
      {"type": "Feature", "id": 7, "properties": {"name": "Café", "zz": [1, {"q": 2}], "description": "Paris",
        "marker-color": "#1e88e5"}, "geometry": {"type": "Point", "coordinates": [2.3522, 48.8566, 35.0]}},
      {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}, "properties": {}},
      {"type": "Feature", "properties": {"title": "Target", "subtitle": "here", "name": "ignored",
        "marker-symbol": "bullseye", "draggable": false},
       "geometry": {"coordinates": [-0.0015, 51.4779], "type": "Point"}},
      {"type": "Feature", "geometry": null, "properties": null},
      {"geometry": {"type": "Point", "coordinates": [ 139.6917 ,35.6895 ]}, "type": "Feature", "id": "tokyo",
       "properties": {"marker-color": "green"}}
     ]}

    """

    func document(_ text: String = sample) throws(PinFileError) -> PinDocument {
        try PinDocument.parse(Array(text.utf8), file: "places.geojson")
    }

    func error(_ text: String) -> String? {
        do {
            _ = try document(text)
            return nil
        } catch {
            return error.description
        }
    }

    /// Bytes that are not UTF-8 are refused with their place: read as U+FFFD they would be written back over the user's text.
    @Test func bytesThatAreNotUTF8AreRefusedWithTheirPlace() {
        let bytes = Array(#"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"title": "Caf"#.utf8) + [0xE9]
            + Array(#""}, "geometry": {"type": "Point", "coordinates": [8, 47]}}]}"#.utf8)
        #expect(throws: PinFileError.syntax(file: "p.geojson", line: 1, column: 92, reason: "bytes that are not UTF-8 (GeoJSON is UTF-8 text)")) {
            try PinDocument.parse(bytes, file: "p.geojson")
        }
    }

    @Test func aLoneSurrogateIsReadAsAReplacementAndSaid() throws {
        let text = #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"title": "A\ud800B"}, "geometry": {"type": "Point", "coordinates": [8, 47]}}]}"#
        let document = try PinDocument.parse(Array(text.utf8), file: "p.geojson")
        #expect(document.features.first?.title == "A\u{FFFD}B")
        #expect(document.warnings == ["p.geojson:1:90: a \\u escape of half a character (a lone surrogate); read as \u{FFFD}"])
    }

    @Test func readsPointFeaturesAndTheirProperties() throws {
        let doc = try document()
        #expect(doc.features.map(\.id) == ["7", "2", "tokyo"])
        let cafe = doc.features[0]
        #expect(cafe.title == "Café" && cafe.subtitle == "Paris")
        #expect(cafe.coordinate == Coordinate(latitude: 48.8566, longitude: 2.3522))
        #expect(cafe.symbol == .pin(.tint(Color(hex: 0x1E88E5))) && cafe.isDraggable)
        let target = doc.features[1]
        #expect(target.title == "Target" && target.subtitle == "here")
        #expect(target.symbol == .bullseye && !target.isDraggable)
        #expect(doc.features[2].symbol == .pin(.green) && doc.features[2].title == nil)
        #expect(doc.warnings == ["places.geojson: skipped 1 feature that is not a Point (1 no geometry)"])
        #expect(doc.shapes.count == 1, "the LineString is drawn as a shape")
    }

    @Test func roundTripIsByteIdenticalWhenNothingMoved() throws {
        let doc = try document()
        let pins = doc.makeAnnotations()
        #expect(!doc.hasChanges(pins))
        #expect(doc.encoded(pins) == Array(PinDocumentTests.sample.utf8))
    }

    @Test func savingChangesOnlyTheMovedCoordinates() throws {
        let doc = try document()
        let pins = doc.makeAnnotations()
        pins[0].coordinate = Coordinate(latitude: 48.1234567891, longitude: -2.5)
        pins[2].coordinate = Coordinate(latitude: -10, longitude: 170.25)
        #expect(doc.hasChanges(pins))
        let expected = PinDocumentTests.sample
            .replacingOccurrences(of: "[2.3522, 48.8566, 35.0]", with: "[-2.5, 48.1234568, 35.0]")
            .replacingOccurrences(of: "[ 139.6917 ,35.6895 ]", with: "[ 170.25 ,-10 ]")
        #expect(String(decoding: doc.encoded(pins), as: UTF8.self) == expected)
        let reread = try PinDocument.parse(doc.encoded(pins), file: "again.geojson")
        #expect(reread.features[2].coordinate == Coordinate(latitude: -10, longitude: 170.25))
    }

    @Test func malformedJSONNamesFileLineAndColumn() {
        #expect(error("{\"type\": \"FeatureCollection\",\n \"features\": [,]}")
                == "places.geojson:2:15: unexpected ',', expected a value")
    }

    @Test func notAFeatureCollection() {
        #expect(error("[1, 2]") == "places.geojson: not a GeoJSON FeatureCollection: the document is an array, not an object")
        #expect(error(#"{"type": "Feature", "geometry": null}"#)
                == #"places.geojson: not a GeoJSON FeatureCollection: the top-level "type" is "Feature""#)
        #expect(error(#"{"features": []}"#) == #"places.geojson: not a GeoJSON FeatureCollection: the top-level object has no "type""#)
        #expect(error(#"{"type": "FeatureCollection", "features": {}}"#)
                == #"places.geojson: not a GeoJSON FeatureCollection: "features" is an object, not an array"#)
        #expect(error(#"{"type": "FeatureCollection"}"#)
                == #"places.geojson: not a GeoJSON FeatureCollection: "features" is missing, not an array"#)
    }

    func point(_ coordinates: String) -> String {
        #"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, 0]}}, "#
            + #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": \#(coordinates)}}]}"#
    }

    @Test func badCoordinatesNameTheFeatureAndWhy() {
        let cases = [
            ("[600, 10]", "longitude 600 is out of range (-540 to 540)"),
            ("[10, -90.5]", "latitude -90.5 is out of range (-90 to 90)"),
            ("[10, 1e999]", "latitude 1e999 is not a finite number"),
            ("[\"10\", 5]", "longitude is a string, expected a number"),
            ("[10]", "\"coordinates\" has 1 number, expected [longitude, latitude]"),
            ("\"10,5\"", "\"coordinates\" is a string, expected [longitude, latitude]"),
            ("null", "\"coordinates\" is null, expected [longitude, latitude]"),
        ]
        for (coordinates, why) in cases {
            #expect(error(point(coordinates)) == "places.geojson: feature 1: bad coordinates: \(why)", "\(coordinates)")
        }
        // NaN is not JSON at all: the file is refused where it stands.
        #expect(error(point("[NaN, 10]")) == "places.geojson:1:185: NaN is not a JSON number (JSON has no NaN or Infinity)")
        let missing = #"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point"}}]}"#
        #expect(error(missing) == #"places.geojson: feature 0: bad coordinates: the Point has no "coordinates""#)
        let notObject = #"{"type": "FeatureCollection", "features": [42]}"#
        #expect(error(notObject) == "places.geojson: feature 0: is a number, not an object")
    }

    @Test func oddPropertiesAreWarnedAboutNotFatal() throws {
        let text = #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": "#
            + #"{"marker-color": "blue-ish", "draggable": "yes"}, "geometry": {"type": "Point", "coordinates": [1, 2]}}]}"#
        let doc = try document(text)
        #expect(doc.features[0].symbol == .pin(.red) && doc.features[0].isDraggable)
        #expect(doc.warnings == [
            #"places.geojson: feature 0: marker-color "blue-ish" is not a colour; the pin stays red"#,
            "places.geojson: feature 0: draggable is a string, not true or false; the pin stays draggable",
        ])
    }

    @Test func degreesAreWrittenShortAndExact() {
        #expect(PinDocument.format(2.35) == "2.35")
        #expect(PinDocument.format(-122.478) == "-122.478")
        #expect(PinDocument.format(10) == "10")
        #expect(PinDocument.format(-0.00000001) == "0")
        #expect(PinDocument.format(1e-7) == "0.0000001")
    }
}

/// Deleted pins leave the saved file; every other byte stays.
@Suite @MainActor struct PinDocumentDeletionTests {
    static let text = """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "id": "a", "geometry": {"type": "Point", "coordinates": [1, 2]}, "properties": {}},
          {"type": "Feature", "id": "line", "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}},
          {"type": "Feature", "id": "b", "geometry": {"type": "Point", "coordinates": [3, 4]}, "properties": {}},
          {"type": "Feature", "id": "c", "geometry": {"type": "Point", "coordinates": [5, 6]}, "properties": {}}
        ]}
        """

    func save(deleting ids: Set<String>) throws -> (String, PinDocument) {
        let document = try PinDocument.parse(Array(Self.text.utf8), file: "t.geojson")
        let pins = document.makeAnnotations()
        let bytes = document.encoded(pins.filter { !ids.contains($0.feature.id) },
                                     deleted: pins.filter { ids.contains($0.feature.id) })
        let saved = String(decoding: bytes, as: UTF8.self)
        return (saved, try PinDocument.parse(bytes, file: "saved.geojson"))
    }

    @Test(arguments: [
        (["a"], ["b", "c"]), (["b"], ["a", "c"]), (["c"], ["a", "b"]), (["a", "c"], ["b"]),
        (["b", "c"], ["a"]), (["a", "b", "c"], []),
    ])
    func theRestIsValidAndKept(deleted: [String], kept: [String]) throws {
        let (saved, reread) = try save(deleting: Set(deleted))
        #expect(reread.features.map(\.id) == kept)
        #expect(saved.contains(#""id": "line""#))  // features that are not pins are never touched
        for id in deleted { #expect(!saved.contains(#""id": "\#(id)""#)) }
    }

    @Test func deletingTheMiddlePinCutsExactlyItsLine() throws {
        let (saved, _) = try save(deleting: ["b"])
        let expected = Self.text.replacingOccurrences(
            of: #"{"type": "Feature", "id": "b", "geometry": {"type": "Point", "coordinates": [3, 4]}, "properties": {}},"#
                + "\n  ", with: "")
        #expect(saved == expected)
    }
}
