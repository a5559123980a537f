import Testing
@testable import MapEngine

@Suite struct StyleExpressionTests {
    typealias S = StyleTestSupport

    static let road = S.feature([("class", .string("primary")), ("name", .string("Bahnhofstrasse")), ("lanes", .int(4)),
                                 ("oneway", .bool(true)), ("rank", .string("7"))], type: 2, id: 42)

    struct Case: Sendable, CustomTestStringConvertible {
        let json: String
        let zoom: Double
        let expected: StyleValue
        init(_ json: String, zoom: Double = 10, _ expected: StyleValue) {
            self.json = json; self.zoom = zoom; self.expected = expected
        }
        var testDescription: String { json }
    }

    static let cases: [Case] = [
        Case(#"["get", "class"]"#, .string("primary")),
        Case(#"["get", "nothing"]"#, .null),
        Case(#"["semiliteral", [["get", "class"], 1, "x"]]"#, .array([.string("primary"), .number(1), .string("x")])),
        Case(#"["semiliteral", "text"]"#, .string("text")),
        Case(#"["number-format", 1234567.891, {}]"#, .string("1,234,567.891")),
        Case(#"["number-format", 1234.5, {"locale": "de", "min-fraction-digits": 2}]"#, .string("1.234,50")),
        Case(#"["number-format", 2.5, {"max-fraction-digits": 0}]"#, .string("3")),
        Case(#"["number-format", 12.3, {"unit": "kilometer"}]"#, .string("12.3 km")),
        Case(#"["number-format", 5, {"currency": "EUR"}]"#, .string("€5.00")),
        Case(#"["in", "", "Bahnhof"]"#, .bool(true)),
        Case(#"["interpolate", ["linear"], ["zoom"], 0, "vertical-perspective", 10, "mercator"]"#, zoom: 5,
             .object(["from": .string("vertical-perspective"), "to": .string("mercator"), "transition": .number(0.5)])),
        Case(#"["in", "a", ""]"#, .bool(false)),
        Case(#"["to-color", ["literal", [255, 0, 0, 0.5]]]"#, .color(StyleColor(red: 1, green: 0, blue: 0, alpha: 0.5))),
        Case(#"["get", "lanes", ["properties"]]"#, .number(4)),
        Case(#"["has", "lanes"]"#, .bool(true)),
        Case(#"["!", ["has", "lanes"]]"#, .bool(false)),
        Case(#"["==", ["get", "lanes"], 4]"#, .bool(true)),
        Case(#"["!=", ["get", "class"], "primary"]"#, .bool(false)),
        Case(#"[">=", ["get", "lanes"], 5]"#, .bool(false)),
        Case(#"["<", ["get", "class"], "secondary"]"#, .bool(true)),
        // An order between a string and a number is an error: no value, so a filter passes over the feature.
        Case(#"["<", ["get", "class"], 3]"#, .null),
        Case(#"["all", ["has", "name"], ["==", ["geometry-type"], "LineString"]]"#, .bool(true)),
        Case(#"["any", false, ["==", ["id"], 42]]"#, .bool(true)),
        Case(#"["case", ["==", ["get", "class"], "motorway"], 1, ["==", ["get", "class"], "primary"], 2, 3]"#, .number(2)),
        Case(#"["match", ["get", "class"], ["motorway", "trunk"], "big", "primary", "mid", "small"]"#, .string("mid")),
        Case(#"["match", ["get", "lanes"], 2, "two", "other"]"#, .string("other")),
        Case(#"["coalesce", ["get", "name:de"], ["get", "name"]]"#, .string("Bahnhofstrasse")),
        // The spec's step example: below the first stop takes the base output.
        Case(#"["step", ["zoom"], 1, 5, 2, 10, 3]"#, zoom: 4, .number(1)),
        Case(#"["step", ["zoom"], 1, 5, 2, 10, 3]"#, zoom: 10, .number(3)),
        Case(#"["interpolate", ["linear"], ["zoom"], 10, 2, 12, 6]"#, zoom: 11, .number(4)),
        Case(#"["interpolate", ["linear"], ["zoom"], 10, 2, 12, 6]"#, zoom: 20, .number(6)),
        // Exponential with base 2 between 10 and 12 at 11: (2^1 - 1) / (2^2 - 1) = 1/3 of the way.
        Case(#"["interpolate", ["exponential", 2], ["zoom"], 10, 0, 12, 3]"#, zoom: 11, .number(1)),
        Case(##"["interpolate", ["linear"], ["zoom"], 0, "#000000", 10, "#ffffff"]"##, zoom: 5,
             .color(StyleColor(red: 0.5, green: 0.5, blue: 0.5))),
        Case(#"["to-string", ["get", "lanes"]]"#, .string("4")),
        Case(#"["to-number", ["get", "rank"]]"#, .number(7)),
        Case(#"["to-number", "x", 9]"#, .number(9)),
        Case(#"["concat", ["get", "name"], " (", ["get", "lanes"], ")"]"#, .string("Bahnhofstrasse (4)")),
        Case(#"["upcase", ["get", "class"]]"#, .string("PRIMARY")),
        Case(#"["downcase", "ZÜRICH"]"#, .string("zürich")),
        Case(#"["format", ["get", "name"], {"font-scale": 0.8}, "!", {"text-color": "red"}]"#, .formatted(FormattedText(sections: [
            FormattedText.Section(text: "Bahnhofstrasse", scale: 0.8),
            FormattedText.Section(text: "!", color: StyleColor(red: 1, green: 0, blue: 0, alpha: 1)),
        ]))),
        Case(#"["literal", ["a", "b"]]"#, .array([.string("a"), .string("b")])),
        Case(#"["zoom"]"#, zoom: 13.5, .number(13.5)),
        Case(#"["*", ["get", "lanes"], 2, 0.5]"#, .number(4)),
        Case(#"["in", ["get", "class"], ["literal", ["primary", "secondary"]]]"#, .bool(true)),
        Case(#"["let", "w", ["get", "lanes"], ["+", ["var", "w"], 1]]"#, .number(5)),
        Case(#"["to-boolean", ["get", "oneway"]]"#, .bool(true)),
    ]

    @Test(arguments: cases)
    func evaluates(_ sample: Case) throws {
        let expression = try S.expression(sample.json)
        #expect(expression.evaluate(StyleContext(zoom: sample.zoom, feature: Self.road)) == sample.expected)
    }

    @Test func constantsAreFoldedAndFeatureReadsAreNot() throws {
        if case .literal = try S.expression(#"["concat", "a", "b"]"#) {} else { Issue.record("not folded") }
        let dataDriven = try S.expression(#"["get", "x"]"#)
        #expect(dataDriven.readsFeature)
        #expect(try !S.expression(#"["interpolate", ["linear"], ["zoom"], 1, 1, 2, 2]"#).readsFeature)
    }

    @Test(arguments: [
        #"["nonsense", 1]"#, #"["step", ["zoom"], 1, 5]"#, #"["interpolate", ["wobbly"], ["zoom"], 1, 1, 2, 2]"#,
        #"["interpolate", ["linear"], ["zoom"], 5, 1, 2, 2]"#, #"["case", true]"#, #"["get"]"#,
    ])
    func badExpressionsAreRefusedWithAReason(_ json: String) {
        #expect(throws: StyleValueError.self) { try S.expression(json) }
    }

    /// What the spec refuses when a style is read: match labels that are not
    /// whole numbers or strings, of two types, repeated, or of another type
    /// than a surely typed input; comparisons of types that do not order or
    /// equal, or of two surely different types.
    @Test(arguments: [
        (#"["match", ["get", "x"], true, 1, 0]"#, "numbers or strings"),
        (#"["match", ["get", "x"], 1.5, 1, 0]"#, "whole numbers"),
        (#"["match", ["get", "x"], 1, 1, "a", 2, 0]"#, "all numbers, but one is a string"),
        (#"["match", ["get", "x"], [1, 2], 1, 2, 2, 0]"#, "given twice"),
        (#"["match", ["get", "x"], [], 1, 0]"#, "needs a label"),
        (#"["match", ["string", ["get", "x"]], 0, 1, 0]"#, "a string, with number labels"),
        (#"[">", ["boolean", ["get", "x"]], ["boolean", ["get", "y"]]]"#, "does not compare booleans"),
        (#"["<", null, null]"#, "does not compare nulls"),
        (#"["==", ["get", "x"], ["to-color", "red"]]"#, "does not compare colors"),
        (#"["==", ["get", "x"], ["literal", [1]]]"#, "does not compare arrays"),
        (#"["==", ["string", ["get", "x"]], ["number", ["get", "y"]]]"#, "cannot compare a string with a number"),
        (#"["interpolate", ["linear"], ["zoom"], 0, false, 1, true]"#, "no values between"),
        (#"["interpolate", ["linear"], ["zoom"], 0, "reddish", 2, "greenish"]"#, "no values between"),
        (#"["interpolate", ["linear"], ["zoom"], 0, ["literal", ["a"]], 2, ["literal", ["b"]]]"#, "no values between"),
        (#"["interpolate", ["cubic-bezier", 0, 1.75, 1, 1], ["get", "x"], 0, 0, 100, 100]"#, "from 0 to 1"),
    ])
    func whatTheSpecRefusesIsRefusedWhenTheStyleIsRead(_ json: String, _ reason: String) {
        do {
            _ = try S.expression(json)
            Issue.record("\(json) was accepted")
        } catch let error as StyleValueError {
            #expect(error.reason.contains(reason), "\(error.reason)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func comparisonsAndMatchesTheSpecAllowsStillRead() throws {
        let road = StyleContext(zoom: 10, feature: Self.road)
        #expect(try S.expression(#"["match", ["get", "x"], ["a", "b"], 1, "c", 2, 0]"#).evaluate(road) == .number(0))
        #expect(try S.expression(#"["==", ["get", "x"], null]"#).evaluate(road) == .bool(true))
        #expect(try S.expression(#"["<", ["zoom"], 12]"#).evaluate(road) == .bool(true))
        // Colours written as text mix; numbers past those a curve takes are passed over, as MapLibre does.
        #expect(try S.expression(#"["interpolate", ["linear"], ["zoom"], 0, "red", 20, "blue"]"#).evaluate(road).asColor != nil)
        #expect(try S.expression(#"["interpolate", ["linear", 0.5], ["zoom"], 0, 0, 20, 20]"#).evaluate(road) == .number(10))
        #expect(try S.expression(#"["interpolate", ["exponential", 1, 9999], ["zoom"], 0, 0, 20, 20]"#).evaluate(road) == .number(10))
        #expect(try S.expression(#"["!=", ["boolean", ["get", "x"], false], true]"#).evaluate(road) == .bool(true))
    }

    /// A property reads the zoom only as the input of one curve at its top; a filter anywhere.
    @Test func aPropertyReadsTheZoomOnlyThroughOneCurveAtItsTop() throws {
        func property(_ json: String) throws -> StyleExpression {
            try StyleExpression.parseProperty(try JSONParser.parse(Array(json.utf8)))
        }
        for refused in [#"["+", ["zoom"], 0]"#, #"["+", 0.5, ["interpolate", ["linear"], ["zoom"], 0, 0, 1, 1]]"#,
                        #"["interpolate", ["linear"], ["zoom"], 0, 0, 1, ["interpolate", ["linear"], ["zoom"], 0, 0, 1, 1]]"#,
                        #"["coalesce", ["step", ["zoom"], 0, 1, 1], ["step", ["zoom"], 0, 1, 1]]"#,
                        #"["let", "x", ["interpolate", ["linear"], ["zoom"], 0, 0, 1, 1], ["+", 0.5, ["get", "x"]]]"#] {
            #expect(throws: StyleValueError.self, "\(refused)") { try property(refused) }
        }
        for allowed in [#"["interpolate", ["linear"], ["zoom"], 0, ["get", "a"], 10, 5]"#,
                        #"["let", "x", ["get", "a"], ["step", ["zoom"], ["var", "x"], 10, 5]]"#,
                        #"["coalesce", ["step", ["zoom"], 0, 1, 1], 3]"#, #"["get", "a"]"#] {
            _ = try property(allowed)
        }
        // Filters may compare the zoom directly.
        #expect(try S.expression(#"["all", [">=", ["zoom"], 10], ["==", ["get", "x"], 1]]"#).evaluate(StyleContext(zoom: 12)) == .bool(false))
    }
}
