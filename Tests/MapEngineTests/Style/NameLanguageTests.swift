import Testing
@testable import MapEngine

/// `--language`: which language a user reads, and a style's names rewritten
/// to it, falling back to what the style asked for.
struct NameLanguageTests {
    @Test(arguments: [("de_CH.UTF-8", "de"), ("ja", "ja"), ("C", "en"), ("POSIX", "en"), ("local", "local"),
                      ("zh_TW.UTF-8", "zh-Hant"), ("zh-Hant", "zh-Hant"), ("zh_CN", "zh"), ("pt-BR", "pt"), ("sr@latin", "sr")])
    func readsLanguageCodesAndLocales(_ text: String, _ code: String) {
        #expect(NameLanguage(text)?.code == code)
    }

    @Test func rejectsWhatIsNoLanguage() {
        #expect(NameLanguage("") == nil)
        #expect(NameLanguage("12") == nil)
        #expect(NameLanguage("Deutsch!") == nil)
    }

    @Test func theEnvironmentSaysLCAllThenLCMessagesThenLang() {
        #expect(NameLanguage(environment: ["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"]) == .code("ja"))
        #expect(NameLanguage(environment: ["LANG": "fr_FR.UTF-8", "LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "ja"]) == .code("de"))
        #expect(NameLanguage(environment: ["LANG": "ru_RU.UTF-8", "LC_ALL": ""]) == .code("ru"))
        #expect(NameLanguage(environment: [:]) == .code("en"))
    }

    static let tokyo = StyleTestSupport.feature([("name", .string("東京")), ("name:latin", .string("Tokyo")),
                                                 ("name:nonlatin", .string("東京")), ("name:ja", .string("東京")),
                                                 ("name:de", .string("Tokio"))], type: 1)

    static func label(_ field: String, _ language: NameLanguage, _ feature: VectorFeature = tokyo) throws -> String {
        let style = try MapStyle(bytes: Array("""
            {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x"}},
             "layers": [{"id": "l", "type": "symbol", "source": "v", "source-layer": "s", "layout": {"text-field": \(field)}}]}
            """.utf8), file: "s.json").localized(to: language)
        return LayerOperations.distinctLines(style.layers[0].text("text-field", StyleContext(zoom: 5, feature: feature)).text)
    }

    /// OSM Bright's two lines: the name in the user's language over the local one, once when they are the same.
    @Test func osmBrightsTwoLinesInEachLanguage() throws {
        let bright = #""{name:latin}\n{name:nonlatin}""#
        #expect(try Self.label(bright, .code("en")) == "Tokyo\n東京")
        #expect(try Self.label(bright, .code("de")) == "Tokio\n東京")
        #expect(try Self.label(bright, .code("ja")) == "東京")
        #expect(try Self.label(bright, .local) == "東京")
    }

    @Test func expressionsAndOlderKeysAreRewrittenToo() throws {
        let munich = StyleTestSupport.feature([("name", .string("München")), ("name_en", .string("Munich")),
                                               ("name:ru", .string("Мюнхен"))], type: 1)
        #expect(try Self.label(#"["get", "name"]"#, .code("en"), munich) == "Munich")
        #expect(try Self.label(#"["coalesce", ["get", "name:latin"], ["get", "name"]]"#, .code("ru"), munich) == "Мюнхен")
        #expect(try Self.label(#"["get", "name"]"#, .code("fr"), munich) == "München", "no French name: the style's own")
        #expect(try Self.label(#"["get", "name_en"]"#, .local, munich) == "München")
        #expect(try Self.label(#"["get", "class"]"#, .code("en"), munich) == "", "other keys are left alone")
        // tilemaker's OpenMapTiles data: the local name in name:latin, no `name`.
        let tilemaker = StyleTestSupport.feature([("name:latin", .string("Monte-Carlo"))], type: 1)
        #expect(try Self.label(#""{name:latin}\n{name:nonlatin}""#, .local, tilemaker) == "Monte-Carlo")
    }
}
