import Foundation
import Testing
@testable import MapEngine

/// Styles that ask for what cannot be drawn: numbers out of every range,
/// text that doubles itself, variables nobody binds, bytes that are not
/// UTF-8. Each is clamped or cut with one warning naming the file, layer and
/// property, or refused at its line and column; none may crash or run long.
@Suite struct HostileStyleTests {
    static func style(layer: String) -> String {
        """
        {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}},
         "layers": [\(layer)]}
        """
    }

    static func parse(_ layer: String) throws -> MapStyle {
        try MapStyle(bytes: Array(style(layer: layer).utf8), file: "hostile.json")
    }

    @Test(arguments: [
        (#""layout": {"text-size": 1e308}"#, "text-size", 255.0,
         #"hostile.json: layer "l": "text-size": 1e+308 is more than 255, the largest MapLibre draws; it is drawn as 255"#),
        (#""paint": {"text-halo-width": -3}"#, "text-halo-width", 0,
         #"hostile.json: layer "l": "text-halo-width": -3 is less than 0, the least it can be; it is drawn as 0"#),
        (#""layout": {"symbol-spacing": 1e-9}"#, "symbol-spacing", 1,
         #"hostile.json: layer "l": "symbol-spacing": 1e-09 is less than 1, the least it can be; it is drawn as 1"#),
        (#""layout": {"symbol-spacing": 0}"#, "symbol-spacing", 1, #""symbol-spacing": 0 is less than 1"#),
        (#""layout": {"text-max-width": -10}"#, "text-max-width", 0, #""text-max-width": -10 is less than 0"#),
        (#""paint": {"text-opacity": ["interpolate", ["linear"], ["zoom"], 0, 0, 20, 7]}"#, "text-opacity", 1,
         #""text-opacity": "#),
    ])
    func numbersOutOfRangeAreClampedWithOneWarning(_ property: String, _ name: String, _ drawn: Double, _ warning: String) throws {
        let style = try Self.parse(#"{"id": "l", "type": "symbol", "source": "v", "source-layer": "s", \#(property)}"#)
        #expect(style.warnings.count == 1, "\(style.warnings)")
        #expect(style.warnings.first?.contains(warning) == true, "\(style.warnings)")
        #expect(style.layers[0].number(name, StyleContext(zoom: 24)) == drawn)
    }

    @Test func valuesMadeAsTheMapIsDrawnAreClampedSilently() throws {
        let style = try Self.parse(#"""
            {"id": "l", "type": "circle", "source": "v", "source-layer": "s",
             "paint": {"circle-radius": ["/", 1, ["-", ["get", "one"], ["get", "one"]]], "circle-stroke-width": ["get", "w"],
                       "circle-opacity": ["-", ["-", ["get", "one"], ["get", "one"]], ["get", "one"]]}}
            """#)
        let layer = style.layers[0]
        // 1/0 is infinity: drawn at the largest radius, never converted to a count.
        let one = StyleTestSupport.feature([("one", .double(1))], type: 1)
        #expect(layer.number("circle-radius", StyleContext(zoom: 3, feature: one)) == StyleRanges.longest)
        let feature = StyleTestSupport.feature([("w", .double(-1e300))], type: 1)
        #expect(layer.number("circle-stroke-width", StyleContext(zoom: 3, feature: feature)) == 0)
        let nan = StyleTestSupport.feature([("w", .double(.nan))], type: 1)
        #expect(layer.number("circle-stroke-width", StyleContext(zoom: 3, feature: nan)) == 0, "NaN draws the default")
        let dashes = try Self.parse(#"{"id": "l", "type": "line", "source": "v", "source-layer": "s", "paint": {"line-dasharray": [1e308, -4]}}"#)
        #expect(dashes.layers[0].numbers("line-dasharray", StyleContext(zoom: 1)) == [StyleRanges.longest, 0])
    }

    @Test func layerZoomsOutsideZeroToTwentyFourAreClamped() throws {
        let style = try Self.parse(#"{"id": "l", "type": "line", "source": "v", "source-layer": "s", "minzoom": 1e308, "maxzoom": -4}"#)
        #expect(style.layers[0].minZoom == 24 && style.layers[0].maxZoom == 0)
        #expect(style.warnings.count == 2, "\(style.warnings)")
        #expect(style.warnings[0].contains(#"layer "l": "minzoom": 1e+308 is more than 24"#), "\(style.warnings)")
    }

    @Test(arguments: [
        #"["var", "unbound"]"#,
        #"["let", "a", ["var", "a"], ["var", "a"]]"#,
        #"["let", "a", "x", "b", ["var", "a"], ["var", "b"]]"#,
        #"["concat", ["let", "a", "x", ["var", "a"]], ["var", "a"]]"#,
    ])
    func variablesNoLetBindsAreRefusedAtTheirPlace(_ expression: String) throws {
        do {
            _ = try Self.parse(#"{"id": "l", "type": "symbol", "source": "v", "source-layer": "s", "layout": {"text-field": \#(expression)}}"#)
            Issue.record("accepted \(expression)")
        } catch {
            #expect("\(error)".hasPrefix("hostile.json:2:"), "\(error)")
            #expect("\(error)".contains(#"layer "l": "text-field": "var" names"#), "\(error)")
            #expect("\(error)".contains("which no \"let\" around it binds"), "\(error)")
        }
    }

    /// Nested `let`s doubling a name's text: 40 levels would be a terabyte.
    @Test(arguments: ["concat", "format", "upcase"])
    func textThatDoublesItselfIsCutQuickly(_ op: String) throws {
        var expression = #"["var", "v40"]"#
        for level in stride(from: 40, through: 1, by: -1) {
            let previous = level == 1 ? #"["get", "name"]"# : #"["var", "v\#(level - 1)"]"#
            let doubled = switch op {
            case "format": #"["format", \#(previous), {}, \#(previous), {}]"#
            case "upcase": #"["concat", ["upcase", \#(previous)], \#(previous)]"#
            default: #"["concat", \#(previous), \#(previous)]"#
            }
            expression = #"["let", "v\#(level)", \#(doubled), \#(expression)]"#
        }
        let parsed = try StyleTestSupport.expression(expression)
        let feature = StyleTestSupport.feature([("name", .string("Zürich"))], type: 1)
        let start = Date()
        var budget = EvaluationBudget()
        let value = parsed.evaluate(StyleContext(zoom: 5, feature: feature), &budget)
        #expect(Date().timeIntervalSince(start) < 1)
        #expect((value.asString?.utf8.count ?? 0) <= EvaluationBudget.longestText)
        #expect(budget.wasCut)
        #expect(budget.madeBytes <= EvaluationBudget.totalText + EvaluationBudget.longestText)
        // What is made of it is never longer (or null, once the budget is spent).
        let length = try StyleTestSupport.expression(#"["let", "t", \#(expression), ["length", ["var", "t"]]]"#)
        #expect((length.evaluate(StyleContext(zoom: 5, feature: feature)).asNumber ?? 0) <= Double(EvaluationBudget.longestText))
    }

    @Test func cutTextEndsBetweenCharacters() {
        let text = String(repeating: "é", count: 3000)  // two bytes each
        let cut = EvaluationBudget.cut(text, toBytes: 4095)
        #expect(cut.utf8.count == 4094 && cut.allSatisfy { $0 == "é" })
        #expect(EvaluationBudget.cut("short", toBytes: 4096) == "short")
    }

    @Test func expressionsOfTooManyPartsAreRefused() throws {
        let parts = Array(repeating: #"["get", "name"]"#, count: StyleExpression.mostParts).joined(separator: ",")
        #expect(throws: StyleError.self) {
            _ = try Self.parse(#"{"id": "l", "type": "symbol", "source": "v", "source-layer": "s", "layout": {"text-field": ["concat", \#(parts)]}}"#)
        }
        let few = Array(repeating: #"["get", "name"]"#, count: 1000).joined(separator: ",")
        _ = try Self.parse(#"{"id": "l", "type": "symbol", "source": "v", "source-layer": "s", "layout": {"text-field": ["concat", \#(few)]}}"#)
    }

    @Test func textFieldsOfThousandsOfTokensAreCutWithAWarning() throws {
        let tokens = String(repeating: "{name}", count: 100_000)
        let style = try Self.parse(#"{"id": "l", "type": "symbol", "source": "v", "source-layer": "s", "layout": {"text-field": "\#(tokens)"}}"#)
        #expect(style.warnings == [#"hostile.json: layer "l": "text-field": it names more than 256 {properties}; the rest is left out"#])
        let feature = StyleTestSupport.feature([("name", .string("abc"))], type: 1)
        #expect(style.layers[0].string("text-field", StyleContext(zoom: 1, feature: feature)).count == 256 * 3)
    }

    @Test func stylesThatAreNotUTF8AreRefusedWhereTheyBreak() {
        let bytes = Array(#"{"version": 8, "name": "caf"#.utf8) + [0xE9] + Array(#"", "sources": {}, "layers": []}"#.utf8)
        #expect {
            _ = try MapStyle(bytes: bytes, file: "latin1.json")
        } throws: { error in
            "\(error)" == "latin1.json:1:28: the file is not UTF-8 here"
        }
    }

    @Test func labelAnchorsAlongALineAreBoundedHoweverSmallTheSpacing() {
        let line = [Point(x: 0, y: 0), Point(x: 10_000, y: 0)]
        func anchors(_ spacing: Double) -> [Double] {
            LineGeometry.anchors(along: line, spacing: spacing, labelLength: 0, textSize: 0, continued: true)
        }
        #expect(anchors(1e-9).count <= LineGeometry.mostAnchors + 1)
        #expect(anchors(.nan).isEmpty)
        #expect(anchors(250).count == 40)
    }
}
