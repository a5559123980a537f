import Foundation
import Testing
@testable import MapEngine

/// A style changed at run time through its JSON: each edit read whole
/// again, a refused one leaving the document as it was.
@Suite struct StyleDocumentTests {
    static let text = #"""
    {"version": 8, "sources": {"v": {"type": "vector", "tiles": ["http://127.0.0.1/{z}/{x}/{y}.pbf"]},
                               "g": {"type": "geojson", "data": {"type": "Point", "coordinates": [1, 2]}}},
     "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#fff"}},
                {"id": "water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-color": "#00f"}},
                {"id": "dots", "type": "circle", "source": "g"}]}
    """#

    func document() throws -> StyleDocument {
        try StyleDocument(try MapStyle(bytes: Array(Self.text.utf8), file: "style.json"))
    }

    @Test func aPaintPropertyIsSetAndTakenAway() throws {
        var document = try document()
        let red = try document.setPaintProperty("fill-color", to: .string("#ff0000"), layer: "water")
        let water = try #require(red.layers.first { $0.id == "water" })
        #expect(water.color("fill-color", StyleContext(zoom: 5)) == StyleColor(red: 1, green: 0, blue: 0, alpha: 1))
        let back = try document.setPaintProperty("fill-color", to: nil, layer: "water")
        #expect(back.layers.first { $0.id == "water" }?.sets("fill-color") == false, "its default again")
    }

    @Test func layersAreAddedMovedAndTakenAway() throws {
        var document = try document()
        var style = try document.addLayer(try StyleValue(json: #"{"id": "roads", "type": "line", "source": "v", "source-layer": "road"}"#),
                                          before: "dots")
        #expect(style.layers.map(\.id) == ["bg", "water", "roads", "dots"])
        style = try document.moveLayer("roads", before: "water")
        #expect(style.layers.map(\.id) == ["bg", "roads", "water", "dots"])
        style = try document.moveLayer("bg")
        #expect(style.layers.map(\.id) == ["roads", "water", "dots", "bg"])
        style = try document.removeLayer("roads")
        #expect(style.layers.map(\.id) == ["water", "dots", "bg"])
        #expect(throws: StyleChangeError("there is a layer \"water\" already")) {
            try document.addLayer(try StyleValue(json: #"{"id": "water", "type": "fill", "source": "v"}"#))
        }
        #expect(throws: StyleChangeError("there is no layer \"lakes\" to go before")) {
            try document.moveLayer("water", before: "lakes")
        }
    }

    @Test func aRefusedEditLeavesTheDocumentAsItWas() throws {
        var document = try document()
        do {
            _ = try document.setFilter(try StyleValue(json: #"["==", ["get", "kind"]]"#), layer: "water")
            Issue.record("a filter of one argument was taken")
        } catch {
            #expect(error.description.hasPrefix("layer \"water\": \"filter\": "), "\(error)")
        }
        #expect(throws: StyleChangeError("the layer \"dots\" draws from the source \"g\"; remove it first")) {
            try document.removeSource("g")
        }
        // The next edit starts from the document before the refused ones.
        let style = try document.setLayoutProperty("visibility", to: .string("none"), layer: "dots")
        #expect(style.layers.first { $0.id == "water" }?.filter == nil)
        #expect(style.layers.first { $0.id == "dots" }?.visible == false)
    }

    @Test func aGeoJSONSourceTakesNewDataAndSourcesComeAndGo() throws {
        var document = try document()
        var style = try document.setData(.object(["type": .string("Point"), "coordinates": .array([.number(5), .number(6)])]),
                                         source: "g")
        let data = try #require(style.sources["g"]?.inlineData)
        let parsed = try JSONParser.parse(Array(data))
        #expect(parsed["coordinates"]?.elements?.compactMap(\.number) == [5, 6])
        #expect(throws: StyleChangeError("the source \"v\" is not a GeoJSON source")) {
            try document.setData(.object([:]), source: "v")
        }
        style = try document.addSource("h", try StyleValue(json: #"{"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}"#))
        #expect(style.sources["h"]?.kind == .geojson)
        style = try document.removeSource("h")
        #expect(style.sources["h"] == nil)
    }

    @Test func aStyleBuiltInCodeCannotBeChanged() {
        #expect(throws: StyleChangeError.self) { try StyleDocument(MapStyle()) }
    }
}
