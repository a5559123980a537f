import Foundation
import Testing
@testable import MapCore

/// The pin reader walks the file without building it; it must refuse
/// exactly what the full parser refuses, at the same line and column.
@Suite struct PinFeatureReaderTests {
    static let valid = """
    {"type": "FeatureCollection", "name": "t\\u00e9st", "features": [
      {"type": "Feature", "id": 7, "geometry": {"type": "Point", "coordinates": [2.35, 48.8566, 35]},
       "properties": {"title": "Paris", "rank": [1, {"q": -2.5e3}], "draggable": false, "x": null}},
      {"type": "Feature", "geometry": {"coordinates": [-0.1276, 51.5072], "type": "Point"},
       "properties": {"name": "London", "marker-color": "green", "priority": 900}},
      {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}, "properties": {}}
    ]}
    """

    @Test func readsEveryPinOfAValidFile() throws {
        let document = try PinDocument.parse(Array(PinFeatureReaderTests.valid.utf8), file: "t.geojson")
        #expect(document.features.map(\.id) == ["7", "1"])
        #expect(document.features.map(\.title) == ["Paris", "London"])
        #expect(document.features[0].coordinate == Coordinate(latitude: 48.8566, longitude: 2.35))
        #expect(document.features[0].isDraggable == false)
        #expect(document.features[0].properties.map(\.key) == ["title", "rank", "draggable"])
        #expect(document.features[0].properties[1].value == #"[1, {"q": -2.5e3}]"#)
        #expect(document.features[1].symbol == .pin(.green))
        #expect(document.features[1].displayPriority == DisplayPriority(900))
        #expect(document.elementRanges.count == 3)
        #expect(document.warnings == ["t.geojson: skipped 1 feature that is not a Point (1 LineString)"])
    }

    /// Thousands of broken copies of a valid file (a byte dropped, changed
    /// or added, or the end cut off): each is refused with the full
    /// parser's message and place, or, when it is still JSON, not for its syntax.
    @Test func refusesWhatTheFullParserRefusesAtTheSamePlace() {
        let original = Array(PinFeatureReaderTests.valid.utf8)
        let alphabet = Array(#"{}[],:"\ 0123456789-+.eEtrufalsn\/u"#.utf8) + [0x0A, 0x01, 0xC3]
        var random = SeededGenerator(seed: 11)
        var syntaxErrors = 0
        for _ in 0..<3000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes.remove(at: at)
                case 1: bytes[at] = alphabet.randomElement(using: &random)!
                case 2: bytes.insert(alphabet.randomElement(using: &random)!, at: at)
                default: bytes.removeSubrange(at...)
                }
                if bytes.isEmpty { bytes = [0x20] }
            }
            let expected: JSONSyntaxError?
            do {
                _ = try JSONParser.parse(bytes)
                expected = nil
            } catch {
                expected = error
            }
            do {
                _ = try PinDocument.parse(bytes, file: "f")
                #expect(expected == nil, "accepted \(String(decoding: bytes, as: UTF8.self))")
            } catch {
                if case .syntax(_, let line, let column, let reason) = error {
                    syntaxErrors += 1
                    #expect(expected == JSONSyntaxError(line: line, column: column, reason: reason),
                            "\(String(decoding: bytes, as: UTF8.self))")
                } else {
                    #expect(expected == nil, "\(error) instead of \(String(describing: expected))")
                }
            }
        }
        #expect(syntaxErrors > 1000)
    }

    /// A file with a syntax error after a bad feature reports the syntax
    /// error, and one whose "type" comes after a bad feature reports the type.
    @Test func syntaxFirstThenTheCollectionThenTheFeature() {
        func error(_ text: String) -> PinFileError? {
            do { _ = try PinDocument.parse(Array(text.utf8), file: "f"); return nil } catch { return error }
        }
        let badFeature = #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 99]}}"#
        #expect(error(#"{"features": [\#(badFeature)], "type": "FeatureCollection", }"#)
                    == .syntax(file: "f", line: 1, column: 121, reason: "expected a member name in double quotes, found '}'"))
        #expect(error(#"{"features": [\#(badFeature)], "type": "Topology"}"#)
                    == .notFeatureCollection(file: "f", reason: "the top-level \"type\" is \"Topology\""))
        #expect(error(#"{"features": [\#(badFeature)], "type": "FeatureCollection"}"#)
                    == .badCoordinates(file: "f", index: 0, reason: "latitude 99 is out of range (-90 to 90)"))
    }

    /// Numbers read without a string are the numbers the text says, to the bit.
    @Test func numbersReadDirectlyEqualTheirText() {
        var random = SeededGenerator(seed: 5)
        for _ in 0..<20000 {
            let digits = Int.random(in: 0...9, using: &random)
            let value = Double.random(in: -1000...1000, using: &random)
            let text = Bool.random(using: &random) ? String(format: "%.\(digits)f", value) : String(Int(value))
            let bytes = Array(text.utf8)
            if let direct = JSONParser.number(in: bytes, 0..<bytes.count) {
                #expect(direct.bitPattern == Double(text)!.bitPattern, "\(text)")
            }
        }
        let long = Array("0.1234567890123456789".utf8)
        #expect(JSONParser.number(in: long, 0..<long.count) == nil)
        let exponent = Array("1e5".utf8)
        #expect(JSONParser.number(in: exponent, 0..<exponent.count) == nil)
    }
}
