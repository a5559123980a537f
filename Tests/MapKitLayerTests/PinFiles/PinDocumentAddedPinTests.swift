@testable import MapEngine
@testable import MapKitLayer
import Testing

/// Pins dropped on the map appended to the pins file as new features.
@Suite @MainActor struct PinDocumentAddedPinTests {
    static let text = """
        {"type": "FeatureCollection", "features": [
            {"type": "Feature", "id": "a", "geometry": {"type": "Point", "coordinates": [1, 2]}, "properties": {}},
            {"type": "Feature", "id": "b", "geometry": {"type": "Point", "coordinates": [3, 4]}, "properties": {}}
          ]}
        """

    func dropped(_ n: Int, _ lat: Double, _ lon: Double, subtitle: String? = nil) -> PointAnnotation {
        PointAnnotation(coordinate: Coordinate(latitude: lat, longitude: lon), title: "Dropped Pin",
                        subtitle: subtitle, identifier: "dropped-\(n)", isPlacemark: true)
    }

    @Test func appendsAfterTheLastFeatureAndReadsBack() throws {
        let document = try PinDocument.parse(Array(PinDocumentAddedPinTests.text.utf8), file: "p.geojson")
        let pins = document.makeAnnotations()
        let added = [dropped(1, -33.9249, 18.4241), dropped(2, 10, 20, subtitle: "Somewhere, XX")]
        let saved = String(decoding: document.encoded(pins, added: added), as: UTF8.self)
        #expect(saved == PinDocumentAddedPinTests.text.replacingOccurrences(of: "\"properties\": {}}\n  ]}", with: """
            "properties": {}},
                {"type": "Feature", "id": "dropped-1", "geometry": {"type": "Point", "coordinates": [18.4241, -33.9249]}, "properties": {"title": "Dropped Pin", "marker-color": "purple", "placemark": true}},
                {"type": "Feature", "id": "dropped-2", "geometry": {"type": "Point", "coordinates": [20, 10]}, "properties": {"title": "Dropped Pin", "marker-color": "purple", "placemark": true}}
              ]}
            """))
        let again = try PinDocument.parse(Array(saved.utf8), file: "p.geojson")
        #expect(again.features.map(\.id) == ["a", "b", "dropped-1", "dropped-2"])
        #expect(again.features[2].isPlacemark && again.features[2].symbol == .pin(.purple))
        #expect(again.features[2].coordinate == Coordinate(latitude: -33.9249, longitude: 18.4241))
        // With place names saved, a looked-up subtitle goes in too (not the coordinate text).
        let named = String(decoding: document.encoded(pins, placeNames: true, added: added), as: UTF8.self)
        #expect(named.contains(#""title": "Dropped Pin", "subtitle": "Somewhere, XX", "marker-color""#))
        #expect(try PinDocument.parse(Array(named.utf8), file: "p.geojson").features.count == 4)
    }

    @Test(arguments: [
        #"{"type": "FeatureCollection", "features": []}"#,
        #"{"type": "FeatureCollection", "features": [ ]}"#,
    ])
    func appendsToAnEmptyArray(text: String) throws {
        let document = try PinDocument.parse(Array(text.utf8), file: "p.geojson")
        let saved = document.encoded([], added: [dropped(1, 1, 2)])
        let again = try PinDocument.parse(saved, file: "p.geojson")
        #expect(again.features.map(\.id) == ["dropped-1"])
    }

    @Test func deletingEveryFeatureLeavesAValidEmptyArray() throws {
        let document = try PinDocument.parse(Array(PinDocumentAddedPinTests.text.utf8), file: "p.geojson")
        let pins = document.makeAnnotations()
        let saved = document.encoded([], deleted: pins)
        #expect(String(decoding: saved, as: UTF8.self) == "{\"type\": \"FeatureCollection\", \"features\": [\n    \n  ]}")
        #expect(try PinDocument.parse(saved, file: "p.geojson").features.isEmpty)
    }

    @Test func appendsWhenEveryOtherFeatureIsDeleted() throws {
        let document = try PinDocument.parse(Array(PinDocumentAddedPinTests.text.utf8), file: "p.geojson")
        let pins = document.makeAnnotations()
        for deleted in [[pins[0], pins[1]], [pins[1]], [pins[0]]] {
            let saved = document.encoded(pins.filter { pin in !deleted.contains { $0 === pin } }, deleted: deleted,
                                         added: [dropped(1, 1, 2)])
            let again = try PinDocument.parse(saved, file: "p.geojson")
            let kept = ["a", "b"].filter { id in !deleted.contains { $0.feature.id == id } }
            #expect(again.features.map(\.id) == kept + ["dropped-1"])
        }
    }
}
