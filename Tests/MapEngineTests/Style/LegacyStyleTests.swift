import Testing
@testable import MapEngine

@Suite struct LegacyStyleTests {
    typealias S = StyleTestSupport

    static let park = S.feature([("class", .string("park")), ("rank", .int(3))], type: 3, id: 9)

    @Test(arguments: [
        (#"["==", "class", "park"]"#, true),
        (#"["!=", "class", "park"]"#, false),
        (#"["==", "$type", "Polygon"]"#, true),
        (#"["==", "$id", 9]"#, true),
        (#"["in", "class", "wood", "park"]"#, true),
        (#"["!in", "class", "wood", "park"]"#, false),
        (#"["has", "rank"]"#, true),
        (#"["!has", "name"]"#, true),
        (#"[">", "rank", 2]"#, true),
        (#"["<=", "rank", 2]"#, false),
        (#"["all", ["==", "class", "park"], ["<", "rank", 5]]"#, true),
        (#"["any", ["==", "class", "wood"], ["==", "class", "grass"]]"#, false),
        (#"["none", ["==", "class", "wood"]]"#, true),
        (#"["in", "$type", "LineString", "Point"]"#, false),
        // Expressions are told apart from legacy filters as MapLibre does.
        (#"["==", ["get", "class"], "park"]"#, true),
        (#"["in", ["get", "class"], ["literal", ["park"]]]"#, true),
    ])
    func filters(_ json: String, _ expected: Bool) throws {
        #expect(try S.filter(json).evaluate(StyleContext(zoom: 10, feature: Self.park)).isTruthy == expected)
    }

    @Test func zoomFunctionsInterpolateExponentiallyOrByInterval() throws {
        let width = try S.function(#"{"base": 1.5, "stops": [[10, 1], [14, 5]]}"#)
        #expect(width.evaluate(StyleContext(zoom: 9)) == .number(1))
        let at12 = try #require(width.evaluate(StyleContext(zoom: 12)).asNumber)
        // (1.5^2 - 1) / (1.5^4 - 1) of the way from 1 to 5.
        #expect(abs(at12 - (1 + 4 * (2.25 - 1) / (5.0625 - 1))) < 1e-9)
        let cap = try S.function(#"{"stops": [[10, "butt"], [14, "round"]]}"#, interpolatable: false)
        #expect(cap.evaluate(StyleContext(zoom: 13.9)) == .string("butt"))
        #expect(cap.evaluate(StyleContext(zoom: 14)) == .string("round"))
        #expect(cap.evaluate(StyleContext(zoom: 3)) == .string("butt"))
    }

    @Test func propertyFunctionsOfEveryType() throws {
        let categorical = try S.function(##"{"property": "class", "type": "categorical", "stops": [["park", "#00ff00"], ["wood", "#008000"]], "default": "#ffffff"}"##)
        #expect(categorical.evaluate(StyleContext(zoom: 1, feature: Self.park)) == .string("#00ff00"))
        let identity = try S.function(#"{"property": "rank", "type": "identity"}"#)
        #expect(identity.evaluate(StyleContext(zoom: 1, feature: Self.park)) == .number(3))
        let interval = try S.function(#"{"property": "rank", "type": "interval", "stops": [[0, 1], [3, 2], [6, 3]]}"#)
        #expect(interval.evaluate(StyleContext(zoom: 1, feature: Self.park)) == .number(2))
        let missing = try S.function(#"{"property": "height", "stops": [[0, 1], [10, 2]], "default": 7}"#)
        #expect(missing.evaluate(StyleContext(zoom: 1, feature: Self.park)) == .number(7))
        let zoomAndProperty = try S.function(#"{"property": "rank", "stops": [[{"zoom": 0, "value": 0}, 0], [{"zoom": 0, "value": 10}, 10], [{"zoom": 10, "value": 0}, 0], [{"zoom": 10, "value": 10}, 20]]}"#)
        #expect(zoomAndProperty.evaluate(StyleContext(zoom: 5, feature: Self.park)) == .number(4.5))
        // Of two stops at one input, the first counts.
        let repeated = try S.function(#"{"type": "interval", "stops": [[0, "a"], [1, "b"], [1, "c"], [2, "d"]]}"#, interpolatable: false)
        #expect(repeated.evaluate(StyleContext(zoom: 1.5)) == .string("b"))
    }

    @Test func cssColoursOfEveryForm() {
        #expect(StyleColor(css: "#f00") == StyleColor(red: 1, green: 0, blue: 0))
        #expect(StyleColor(css: "#ff000080")?.alpha == 128.0 / 255)
        #expect(StyleColor(css: "rgba(0, 0, 255, 0.5)") == StyleColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        #expect(StyleColor(css: "hsl(120, 100%, 25%)")?.color() == Color(hex: 0x008000))
        #expect(StyleColor(css: "hsla(0, 0%, 100%, 0.2)")?.color() == Color(hex: 0xFFFFFF, alpha8: 51))
        #expect(StyleColor(css: "white")?.color() == Color(hex: 0xFFFFFF))
        #expect(StyleColor(css: "no-such-colour") == nil)
    }
}

/// Legacy functions exactly as the spec defines them.
@Suite struct LegacyFunctionSpecTests {
    typealias S = StyleTestSupport

    func value(_ function: String, interpolatable: Bool = true, expects: String? = nil, tokens: Bool = false,
               _ properties: [(String, TileEncoder.EncodedValue)], zoom: Double = 1) throws -> StyleValue {
        let compiled = try LegacyFunction.compile(try JSONParser.parse(Array(function.utf8)), interpolatable: interpolatable,
                                                  expects: expects, tokens: tokens)
        return compiled.evaluate(StyleContext(zoom: zoom, feature: S.feature(properties)))
    }

    /// Without a type, a property function of a property that does not interpolate is an interval function.
    @Test func theImplicitTypeIsIntervalForNumbersAndCategoriesForText() throws {
        let interval = #"{"property": "p", "stops": [[0, "low"], [10, "high"]]}"#
        #expect(try value(interval, interpolatable: false, [("p", .double(5))]) == .string("low"))
        #expect(try value(interval, interpolatable: false, [("p", .double(12))]) == .string("high"))
        let classes = #"{"property": "class", "stops": [["park", "green"], ["wood", "dark"]]}"#
        #expect(try value(classes, interpolatable: false, [("class", .string("wood"))]) == .string("dark"))
    }

    /// A property of the wrong type takes the default, as a missing one does.
    @Test func theWrongTypeTakesTheDefault() throws {
        let exponential = #"{"property": "p", "type": "exponential", "stops": [[0, 0], [10, 10]], "default": -1}"#
        #expect(try value(exponential, [("p", .double(5))]) == .number(5))
        #expect(try value(exponential, [("p", .string("5"))]) == .number(-1))
        #expect(try value(exponential, []) == .number(-1))
        let identity = #"{"property": "p", "type": "identity", "default": "none"}"#
        #expect(try value(identity, expects: "string", [("p", .double(0))]) == .string("none"))
        #expect(try value(identity, expects: "string", [("p", .string("x"))]) == .string("x"))
        let colour = ##"{"property": "c", "type": "identity", "default": "#000000"}"##
        #expect(try value(colour, expects: "color", [("c", .string("red"))]) == .color(StyleColor(red: 1, green: 0, blue: 0)))
        #expect(try value(colour, expects: "color", [("c", .string("not a colour"))]) == .color(StyleColor(red: 0, green: 0, blue: 0)))
    }

    /// `{tokens}` in the outputs of a text property are filled from the feature.
    @Test func tokensInOutputsAreFilled() throws {
        let function = #"{"type": "interval", "stops": [[0, "{name} ({ref})"], [10, "{ref}"]]}"#
        let properties: [(String, TileEncoder.EncodedValue)] = [("name", .string("Quai")), ("ref", .string("B 54"))]
        #expect(try value(function, tokens: true, properties, zoom: 3) == .string("Quai (B 54)"))
        #expect(try value(function, tokens: true, properties, zoom: 12) == .string("B 54"))
        #expect(try value(function, tokens: false, properties, zoom: 12) == .string("{ref}"))
    }
}
