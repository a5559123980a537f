import Testing
@testable import MapEngine

/// `collator`: text compared in a language's order, minding case and marks or not.
@Suite struct StyleCollatorTests {
    static func holds(_ json: String) throws -> StyleValue {
        try StyleTestSupport.expression(json).evaluate(StyleContext(zoom: 0))
    }

    @Test func swedishKeepsItsOwnLettersWhereEnglishDropsTheMarks() {
        let swedish = StyleCollator(locale: "sv"), english = StyleCollator(locale: "en")
        #expect(swedish.compare("ä", "a") == 1, "ä is a letter of its own in Swedish, after z")
        #expect(swedish.compare("ä", "z") == 1)
        #expect(english.compare("ä", "a") == 0, "in English ä is an a with a mark, ignored by default")
        #expect(StyleCollator(diacriticSensitive: true, locale: "en").compare("ä", "a") == 1)
    }

    @Test func germanReadsUmlautsAsTheirSpellingsWhenMarksAreIgnored() {
        let german = StyleCollator(caseSensitive: true, locale: "de")
        #expect(german.compare("ü", "ue") == 0)
        #expect(german.compare("ü", "u") == 1)
        #expect(german.compare("Müller", "Mueller") == 0)
    }

    @Test func caseCountsOnlyWhenAsked() {
        #expect(StyleCollator(locale: "en").compare("a", "A") == 0)
        #expect(StyleCollator(caseSensitive: true, locale: "en").compare("a", "A") == -1, "lower case first, as ICU orders them")
    }

    @Test func anUnknownLocaleFallsBackToTheDefault() {
        #expect(StyleCollator(locale: "dk").resolvedLocale == "en", "dk is a country, not a language")
        #expect(StyleCollator(locale: "sv").resolvedLocale == "sv")
    }

    @Test func comparisonsTakeACollatorAsTheirThirdArgument() throws {
        #expect(try Self.holds(#"[">", "ä", "z", ["collator", {"locale": "sv"}]]"#) == .bool(true))
        #expect(try Self.holds(#"["==", "Straße", "STRASSE", ["collator", {"case-sensitive": false}]]"#) == .bool(true))
        #expect(try Self.holds(#"["resolved-locale", ["collator", {"locale": "fi"}]]"#) == .string("fi"))
        #expect(throws: StyleValueError.self) { try StyleTestSupport.expression(#"["<", 1, 2, ["collator", {}]]"#) }
        #expect(throws: StyleValueError.self) { try StyleTestSupport.expression(#"["==", "a", "b", ["collator", ["x"]]]"#) }
    }
}
