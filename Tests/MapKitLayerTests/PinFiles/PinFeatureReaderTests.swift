import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer

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
        #expect(document.warnings.isEmpty, "the LineString is a shape: \(document.warnings)")
        #expect(document.shapes.map(\.index) == [2] && document.shapes.first?.lines.count == 1)
    }

    /// A pin's id, title and subtitle are read from the file when asked
    /// for: escapes decoded, a number id as written, fallbacks kept.
    @Test func readsTextBackFromTheFile() throws {
        let text = #"""
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "id": 12.50, "geometry": {"type": "Point", "coordinates": [1, 2]},
           "properties": {"title": "Caf\u00e9 \"Nord\"\n", "description": "rue 5"}},
          {"type": "Feature", "id": "k\u00f6ln", "geometry": {"type": "Point", "coordinates": [1, 2]},
           "properties": {"title": 5, "name": "Köln", "subtitle": null, "cluster": "towns"}},
          {"type": "Feature", "id": true, "geometry": {"type": "Point", "coordinates": [1, 2]}}
        ]}
        """#
        let features = try PinDocument.parse(Array(text.utf8), file: "t.geojson").features
        #expect(features.map(\.id) == ["12.50", "köln", "2"])
        #expect(features.map(\.title) == ["Café \"Nord\"\n", "Köln", nil])
        #expect(features.map(\.subtitle) == ["rue 5", nil, nil])
        #expect(features.map(\.clusterName) == [nil, "towns", nil])
        #expect(features[1] == features[1] && features[0] != features[1])
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
            let bytes = PinFeatureReaderTests.broken(original, edits: 1...3, alphabet: alphabet, using: &random)
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
                if case .syntax(_, _, _, let reason) = error, reason == PinDocument.notUTF8 {
                    // JSON, but not UTF-8: refused after its syntax passed, as the full parser has no word for it.
                    #expect(expected == nil && UTF8Check.firstInvalidOffset(bytes) != nil, "\(String(decoding: bytes, as: UTF8.self))")
                } else if case .syntax(_, let line, let column, let reason) = error {
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

    /// A copy of `bytes` with a few bytes dropped, changed or added, or
    /// its end cut off.
    static func broken(_ bytes: [UInt8], edits: ClosedRange<Int>, alphabet: [UInt8],
                       using random: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: edits, using: &random) {
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: bytes.remove(at: at)
            case 1: bytes[at] = alphabet.randomElement(using: &random)!
            case 2: bytes.insert(alphabet.randomElement(using: &random)!, at: at)
            default: bytes.removeSubrange(at...)
            }
            if bytes.isEmpty { bytes = [0x20] }
        }
        return bytes
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

/// A large file is read in two halves at once; whatever the file, the
/// outcome must be that of one reading from the top.
@Suite struct PinFeatureReaderHalvesTests {
    struct Outcome: Equatable {
        var features: [PinFeature] = []
        var warnings: [String] = []
        var ranges: [Range<Int>] = []
        var end = 0
        var error: PinFileError?
    }

    func read(_ bytes: [UInt8], halves: Bool) -> Outcome {
        var reader = PinFeatureReader(file: "f", bytes: bytes, halvesAbove: halves ? 0 : .max)
        do {
            let features = try reader.read()
            return Outcome(features: features, warnings: reader.warnings, ranges: Array(reader.elementRanges),
                           end: reader.featuresEnd)
        } catch {
            return Outcome(error: error)
        }
    }

    /// Features with and without ids, warnings, lines and points, on both sides of the middle.
    static func document(count: Int, middle: String? = nil, note: String = "n") -> String {
        var features: [String] = []
        for i in 0..<count {
            if let middle, i == count / 2 { features.append(middle); continue }
            let id = i % 3 == 0 ? "" : #""id": "f\#(i)", "#
            let geometry = i % 7 == 0 ? #"{"type": "LineString", "coordinates": [[0, 0], [1, 1]]}"#
                : #"{"type": "Point", "coordinates": [\#(Double(i % 360) - 179.5), \#(Double(i % 170) - 85)]}"#
            let colour = i % 5 == 0 ? "mauve" : "green"
            features.append(#"{"type": "Feature", \#(id)"geometry": \#(geometry), "properties": {"title": "T \#(i)", "marker-color": "\#(colour)", "note": "\#(note)"}}"#)
        }
        return #"{"type": "FeatureCollection", "features": [\#n  "# + features.joined(separator: ",\n  ") + "\n]}\n"
    }

    @Test func aValidFileReadsTheSameInHalves() throws {
        let bytes = Array(PinFeatureReaderHalvesTests.document(count: 401).utf8)
        let one = read(bytes, halves: false), two = read(bytes, halves: true)
        #expect(one.error == nil && one.features.count > 300)
        #expect(one.features.contains { $0.id == "300" }, "ids from the index in the second half")
        #expect(two == one)
        var reader = PinFeatureReader(file: "f", bytes: bytes, halvesAbove: 0)
        #expect(PinFeatureReader.SecondHalf(of: reader) != nil, "a feature near the middle is found")
        _ = try reader.read()
        // A guess on a string's "}, {" on each feature: read in line, the same.
        let tricky = Array(PinFeatureReaderHalvesTests.document(count: 401, note: "}, {").utf8)
        #expect(read(tricky, halves: true) == read(tricky, halves: false))
    }

    @Test func errorsInEitherHalfAreThoseOfOneReading() {
        let badPoint = #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 95]}}"#
        let cases = [
            PinFeatureReaderHalvesTests.document(count: 401, middle: badPoint),
            PinFeatureReaderHalvesTests.document(count: 401, middle: #"{"type": "Feature", "geometry": [}"#),
            PinFeatureReaderHalvesTests.document(count: 401, middle: "7"),
            PinFeatureReaderHalvesTests.document(count: 401).replacingOccurrences(of: "T 380", with: "T \u{1}"),
            PinFeatureReaderHalvesTests.document(count: 401).replacingOccurrences(of: "T 20\"", with: "T 20"),
            PinFeatureReaderHalvesTests.document(count: 401).replacingOccurrences(of: "\"FeatureCollection\"", with: "\"Topology\""),
            // The guess near the middle lands inside a string.
            PinFeatureReaderHalvesTests.document(count: 401, middle: #"{"type": "Feature", "properties": {"a": "\#(String(repeating: "x", count: 30000))}, {"}}"#),
        ]
        for text in cases {
            let bytes = Array(text.utf8)
            let one = read(bytes, halves: false)
            #expect(read(bytes, halves: true) == one, "\(String(describing: one.error))")
        }
    }

    /// The broken copies of the small valid file, read in halves.
    @Test func brokenFilesReadTheSameInHalves() {
        let original = Array(PinFeatureReaderHalvesTests.document(count: 40).utf8)
        var random = SeededGenerator(seed: 23)
        for _ in 0..<1500 {
            let bytes = PinFeatureReaderTests.broken(original, edits: 1...2, alphabet: Array(#"{}[],:" 0e-"#.utf8),
                                                     using: &random)
            #expect(read(bytes, halves: true) == read(bytes, halves: false))
        }
    }
}
