import Testing
@testable import MapEngine

@Suite struct JSONParserTests {
    func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try JSONParser.parse(Array(text.utf8))
    }

    func failure(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsValuesAndTheirRanges() throws {
        let text = #"{"a": [1, -2.5e3, "x\u00e9\n"], "b": {"c": null, "d": true}}"#
        let root = try parse(text)
        let a = try #require(root["a"]?.elements)
        #expect(a.count == 3)
        if case .number(let value, let written) = a[1].value {
            #expect(value == -2500 && written == "-2.5e3")
        } else {
            Issue.record("expected a number")
        }
        #expect(a[2].string == "xé\n")
        let bytes = Array(text.utf8)
        #expect(String(decoding: bytes[a[1].range], as: UTF8.self) == "-2.5e3")
        #expect(root["b"]?["d"].map { if case .bool(true) = $0.value { true } else { false } } == true)
    }

    @Test func surrogatePairsMakeOneCharacter() throws {
        #expect(try parse(#""\ud83d\udccd""#).string == "📍")
    }

    @Test func errorsGiveLineColumnAndReason() {
        let cases: [(String, Int, Int, String)] = [
            ("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "expected ',' or '}' after an object member, found '\"'"),
            ("[1, 2", 1, 6, "unexpected end of file inside an array"),
            ("{\"a\": tru}", 1, 7, "unexpected 't', expected a value"),
            ("{\"é\": \"x}", 1, 7, "unterminated string"),
            ("[01]", 1, 3, "numbers may not have a leading zero"),
            ("[1.]", 1, 4, "expected a digit after the decimal point"),
            ("{} x", 1, 4, "unexpected 'x' after the end of the document"),
            ("{'a': 1}", 1, 2, "expected a member name in double quotes, found '''"),
            ("", 1, 1, "unexpected end of file, expected a value"),
            ("[\"a\\qb\"]", 1, 5, "invalid escape \\'q' in a string"),
        ]
        for (text, line, column, reason) in cases {
            let error = failure(text)
            #expect(error == JSONSyntaxError(line: line, column: column, reason: reason), "\(text)")
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let error = failure(String(repeating: "[", count: 100_000))
        #expect(error?.reason == "nesting deeper than 512 levels")
    }

    @Test func nanAndInfinityAreRefusedByNameWhereTheyStand() {
        let nan = failure("[1, NaN]")
        #expect(nan?.reason == "NaN is not a JSON number (JSON has no NaN or Infinity)")
        #expect(nan?.line == 1 && nan?.column == 5)
        #expect(failure("[-Infinity]")?.reason == "-Infinity is not a JSON number (JSON has no NaN or Infinity)")
        #expect(failure("[-Infinity]")?.column == 2)
        #expect(failure("{\"a\": Infinity}")?.reason == "Infinity is not a JSON number (JSON has no NaN or Infinity)")
        #expect(failure("[Nope]")?.reason.hasPrefix("unexpected") == true)
    }
}
