import Foundation
@testable import MapEngine
import Testing

/// The operators that take values and give one, worked by hand, on a
/// feature given by its values (arrays, objects and a text id among them).
@Suite struct StyleFunctionTests {
    static let shop = ValuedFeature(properties: [
        "x": .number(-2.5), "tags": .array([.string("a"), .string("b"), .string("c")]),
        "name": .string("Grossmünster"), "opening": .object(["mon": .string("9-18"), "sun": .null]), "empty": .null,
    ], id: .string("node/42"), type: .point)

    func value(_ json: String) throws -> StyleValue {
        try StyleTestSupport.expression(json).evaluate(StyleContext(zoom: 10, subject: Self.shop))
    }

    @Test(arguments: [
        (#"["abs", ["get", "x"]]"#, StyleValue.number(2.5)),
        (#"["round", ["get", "x"]]"#, .number(-3)), (#"["round", 2.5]"#, .number(3)),
        (#"["floor", ["get", "x"]]"#, .number(-3)), (#"["ceil", ["get", "x"]]"#, .number(-2)),
        (#"["sqrt", 16]"#, .number(4)), (#"["log2", 8]"#, .number(3)), (#"["log10", 1000]"#, .number(3)),
        (#"["*", ["ln2"], 1]"#, .number(M_LN2)), (#"["sqrt", ["get", "name"]]"#, .null),
        (#"["at", 1, ["get", "tags"]]"#, .string("b")), (#"["at", 3, ["get", "tags"]]"#, .null), (#"["at", 0.5, ["get", "tags"]]"#, .null),
        (#"["slice", ["get", "name"], 5]"#, .string("münster")), (#"["slice", ["get", "tags"], -2]"#, .array([.string("b"), .string("c")])),
        (#"["slice", ["get", "name"], 1, -7]"#, .string("ross")),
        (#"["index-of", "c", ["get", "tags"]]"#, .number(2)), (#"["index-of", "z", ["get", "tags"]]"#, .number(-1)),
        (#"["index-of", "ü", ["get", "name"]]"#, .number(6)), (#"["index-of", "s", ["get", "name"], 4]"#, .number(4)), (#"["index-of", "s", ["get", "name"], 5]"#, .number(8)),
        (#"["split", "a,b,,c", ","]"#, .array([.string("a"), .string("b"), .string(""), .string("c")])),
        (#"["join", ["get", "tags"], "+"]"#, .string("a+b+c")),
        (#"["index-of", 123, "hello123world"]"#, .number(5)), (#"["index-of", ["get", "empty"], "abc"]"#, .number(-1)),
        (#"["in", true, "falsetrue"]"#, .bool(true)), (#"["in", ["get", "empty"], "null"]"#, .bool(false)),
        (#"["get", "mon", ["get", "opening"]]"#, .string("9-18")), (#"["has", "sun", ["get", "opening"]]"#, .bool(true)),
        (#"["has", "tue", ["get", "opening"]]"#, .bool(false)), (#"["get", "mon", ["get", "tags"]]"#, .null),
        (#"["array", "string", ["get", "tags"]]"#, .array([.string("a"), .string("b"), .string("c")])),
        (#"["array", "number", ["get", "tags"]]"#, .null), (#"["array", "string", 2, ["get", "tags"]]"#, .null),
        (#"["array", "number", null, ["get", "tags"], ["literal", [0]]]"#, .array([.number(0)])),
        // An error spoils the whole value, coalesce or not; one never reached does not.
        (#"["coalesce", ["error", "no value"], 3]"#, .null), (#"["all", false, ["error", "never evaluated"]]"#, .bool(false)),
        (#"["typeof", ["get", "tags"]]"#, .string("array<string, 3>")), (#"["typeof", ["get", "opening"]]"#, .string("object")),
        (#"["typeof", ["literal", [1, "a"]]]"#, .string("array<value, 2>")), (#"["typeof", ["get", "empty"]]"#, .string("null")),
        (#"["to-string", ["get", "opening"]]"#, .string(#"{"mon":"9-18","sun":null}"#)),
        (##"["to-rgba", "#ff8000"]"##, .array([.number(255), .number(128), .number(0), .number(1)])),
        (#"["rgba", 0, 0, 255, 0.5]"#, .color(StyleColor(red: 0, green: 0, blue: 1, alpha: 0.5))), (#"["rgb", 0, 0, 256]"#, .null),
        (#"["id"]"#, .string("node/42")), (#"["has", "empty"]"#, .bool(true)), (#"["object", ["get", "tags"], ["get", "opening"]]"#,
                                                                          .object(["mon": .string("9-18"), "sun": .null])),
    ])
    func evaluates(_ json: String, _ expected: StyleValue) throws {
        let value = try value(json)
        if case .number(let x) = value, case .number(let y) = expected {
            #expect(abs(x - y) < 1e-12, "\(json): \(x)")
        } else {
            #expect(value == expected, "\(json)")
        }
    }

    /// The wrong number of arguments, a bare array or an array assertion's
    /// unknown item type or bad length is refused when the style is read.
    @Test(arguments: [#"["abs", 1, 2]"#, #"["pi", 1]"#, #"["rgb", 1, 2]"#, #"["slice", "a"]"#, #"["at", 1]"#,
                      #"["array", [1, 2]]"#, #"["array", "number", -1, ["literal", []]]"#, #"["array", "colour", ["literal", []]]"#])
    func wrongArityIsRefused(_ json: String) {
        #expect(throws: StyleValueError.self) { try StyleTestSupport.expression(json) }
    }

    /// Constants fold when the style is read.
    @Test func constantsFold() throws {
        guard case .literal(.number(let pi)) = try StyleTestSupport.expression(#"["pi"]"#) else {
            Issue.record("pi did not fold")
            return
        }
        #expect(pi == .pi)
    }
}
