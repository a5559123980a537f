/// Whose names a map writes (`--language`): a language's, where the data
/// has them, or each place's own, as written there.
///
///     NameLanguage("de_CH.UTF-8")          // .code("de")
///     NameLanguage(environment: ProcessInfo.processInfo.environment)
public enum NameLanguage: Equatable, Hashable, Sendable {
    /// Names in this language (an ISO 639-1 code such as "de" or "ja", or
    /// "zh-Hant") where the data has them, else the style's own choice.
    case code(String)
    /// Names as written where the place is (東京, München, القاهرة), one line.
    case local

    /// Reads "local", a language code ("de", "ja", "zh-Hant") or a POSIX
    /// locale ("de_CH.UTF-8"); nil for text that is none of these. "C" and
    /// "POSIX" read as English.
    public init?(_ text: String) {
        let trimmed = text.split(separator: ".").first.map(String.init)?.split(separator: "@").first.map(String.init) ?? ""
        if trimmed.lowercased() == "local" { self = .local; return }
        if trimmed == "C" || trimmed == "POSIX" { self = .code("en"); return }
        let parts = trimmed.replacingOccurrences(of: "_", with: "-").split(separator: "-").map(String.init)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return nil
        }
        let language = first.lowercased()
        // Chinese in traditional characters, as Taiwan and Hong Kong write it.
        if language == "zh", parts.dropFirst().contains(where: { ["hant", "tw", "hk", "mo"].contains($0.lowercased()) }) {
            self = .code("zh-Hant")
        } else {
            self = .code(language)
        }
    }

    /// The user's language as the environment gives it: `LC_ALL`, then
    /// `LC_MESSAGES`, then `LANG` (the first set and not empty); English
    /// when none is, or for the "C" locale.
    public init(environment: [String: String]) {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[key], !value.isEmpty, let language = NameLanguage(value) {
                self = language
                return
            }
        }
        self = .code("en")
    }

    /// The code, or "local".
    public var code: String {
        switch self {
        case .code(let code): code
        case .local: "local"
        }
    }
}
