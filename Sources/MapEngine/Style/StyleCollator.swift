import Foundation

/// How text is compared by a `collator` expression: in a language's
/// order (Foundation's, by `locale`), minding case and diacritics or not.
/// Where a language counts a letter with a mark as a letter of its own
/// (Swedish ä after z, Danish ø, Spanish ñ), the mark is kept even when
/// diacritics are ignored; German, as searched, reads ä, ö and ü as ae,
/// oe and ue (as ICU's search collations do, which MapLibre's use).
package struct StyleCollator: Sendable, Equatable {
    /// Whether "A" and "a" differ.
    package let caseSensitive: Bool
    /// Whether "ä" and "a" differ (in a language where they are one letter).
    package let diacriticSensitive: Bool
    /// The language whose order is followed (a BCP 47 tag), as resolved: nil for the default.
    package let locale: String?

    /// A collator; a locale no language is known by falls back to the default.
    package init(caseSensitive: Bool = false, diacriticSensitive: Bool = false, locale: String? = nil) {
        self.caseSensitive = caseSensitive
        self.diacriticSensitive = diacriticSensitive
        self.locale = locale.flatMap(StyleCollator.resolve)
    }

    /// The locale a collator follows: the language asked for when Foundation
    /// knows it, else "en", the default (what `resolved-locale` gives).
    package var resolvedLocale: String { locale ?? "en" }

    /// The language of a tag, when it names one Foundation knows; nil otherwise.
    private static func resolve(_ tag: String) -> String? {
        let language = Locale(identifier: tag).language.languageCode?.identifier ?? ""
        guard !language.isEmpty, Locale.LanguageCode.isoLanguageCodes.contains(Locale.LanguageCode(language)) else { return nil }
        return tag
    }

    /// −1, 0 or 1 as `a` sorts before, with or after `b`.
    package func compare(_ a: String, _ b: String) -> Int {
        var options: String.CompareOptions = []
        if !caseSensitive { options.insert(.caseInsensitive) }
        let (left, right) = diacriticSensitive ? (a, b) : (fold(a), fold(b))
        switch left.compare(right, options: options, range: nil, locale: Locale(identifier: resolvedLocale)) {
        case .orderedAscending: return -1
        case .orderedSame: return 0
        case .orderedDescending: return 1
        }
    }

    /// The text with its diacritics taken off, but for the letters the
    /// language keeps as its own (and German's expanded).
    private func fold(_ text: String) -> String {
        let language = Locale(identifier: resolvedLocale).language.languageCode?.identifier ?? ""
        let own = StyleCollator.ownLetters[language] ?? []
        var result = ""
        for character in text {
            let lower = String(character).lowercased()
            if language == "de", let expanded = StyleCollator.germanSearch[lower] {
                result += character.isUppercase ? expanded.capitalized : expanded
            } else if own.contains(lower) {
                result.append(character)
            } else {
                result += String(character).folding(options: .diacriticInsensitive, locale: nil)
            }
        }
        return result
    }

    /// Letters with marks that are letters of their own, by language (CLDR's collation tailorings).
    private static let ownLetters: [String: Set<String>] = [
        "sv": ["å", "ä", "ö"], "fi": ["å", "ä", "ö"],
        "da": ["æ", "ø", "å"], "nb": ["æ", "ø", "å"], "nn": ["æ", "ø", "å"], "no": ["æ", "ø", "å"],
        "is": ["á", "ð", "é", "í", "ó", "ú", "ý", "þ", "æ", "ö"],
        "es": ["ñ"], "tr": ["ç", "ğ", "ı", "ö", "ş", "ü"], "az": ["ç", "ğ", "ı", "ö", "ş", "ü"],
        "pl": ["ą", "ć", "ę", "ł", "ń", "ó", "ś", "ź", "ż"], "cs": ["č", "ř", "š", "ž"], "sk": ["ä", "č", "ô", "š", "ž"],
        "hr": ["č", "ć", "đ", "š", "ž"], "sl": ["č", "š", "ž"], "et": ["š", "ž", "õ", "ä", "ö", "ü"],
        "lv": ["č", "ģ", "ķ", "ļ", "ņ", "š", "ž"], "lt": ["č", "š", "ž"], "ro": ["ă", "â", "î", "ș", "ț"],
    ]

    private static let germanSearch = ["ä": "ae", "ö": "oe", "ü": "ue"]
}
