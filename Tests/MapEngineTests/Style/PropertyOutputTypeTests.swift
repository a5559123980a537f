import Testing
@testable import MapEngine

/// A property's outputs are checked against its type when the style is read.
@Suite struct PropertyOutputTypeTests {
    static func style(_ paint: String) -> String {
        #"{"version": 8, "sources": {}, "layers": [{"id": "l", "type": "background", "paint": {\#(paint)}}]}"#
    }

    @Test func anOutputOfAnotherTypeIsRefusedWithItsPlace() {
        #expect { try MapStyle(bytes: Array(Self.style(#""background-opacity": ["case", true, 0.5, "half"]"#).utf8), file: "o.json") }
            throws: { "\($0)".contains("o.json:1:") && "\($0)".contains("takes a number") && "\($0)".contains("string") }
    }

    @Test func outputsThatReadALetsVariableAreAccepted() throws {
        let style = try MapStyle(bytes: Array(Self.style(#""background-opacity": ["let", "o", 0.5, ["var", "o"]]"#).utf8), file: "o.json")
        #expect(style.layers[0].number("background-opacity", StyleContext(zoom: 3)) == 0.5)
    }
}
