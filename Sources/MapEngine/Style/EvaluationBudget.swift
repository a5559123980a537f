/// What one evaluation of a style expression may make, so that a small
/// hostile style cannot build gigabytes of text (nested `let`s that each
/// `concat` a value with itself double it every level): every string an
/// expression makes is cut at `longestText` bytes, and once an evaluation
/// has made `totalText` bytes in all, what it makes next is `null` (the
/// property's default). Real labels are a few dozen bytes.
///
///     var budget = EvaluationBudget()
///     expression.evaluate(context, &budget)
struct EvaluationBudget {
    /// The longest text one expression makes, in UTF-8 bytes.
    static let longestText = 4096
    /// All the text one evaluation makes, in UTF-8 bytes.
    static let totalText = 64 << 10

    private(set) var madeBytes = 0
    /// Whether some text was cut or refused.
    private(set) var wasCut = false
    /// Whether the evaluation met an error (a value of the wrong type where
    /// the spec asserts one): its whole result is then no value, as MapLibre's
    /// evaluation stops at the first error.
    private(set) var failed = false

    /// Records an error; the null to return in its place.
    mutating func fail() -> StyleValue {
        failed = true
        return .null
    }

    /// `text` cut to `longestText` bytes (at a character's end) and
    /// charged; null once the evaluation has made `totalText`.
    mutating func text(_ text: String) -> StyleValue {
        guard madeBytes < EvaluationBudget.totalText else {
            wasCut = true
            return .null
        }
        let cut = EvaluationBudget.cut(text, toBytes: EvaluationBudget.longestText)
        if cut.utf8.count < text.utf8.count { wasCut = true }
        madeBytes += cut.utf8.count
        return .string(cut)
    }

    /// The longest start of `text` of at most `bytes` UTF-8 bytes that ends
    /// between two characters.
    static func cut(_ text: String, toBytes bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var end = text.startIndex
        var count = 0
        while end < text.endIndex {
            let next = text.index(after: end)
            count += text.utf8.distance(from: end, to: next)
            guard count <= bytes else { break }
            end = next
        }
        return String(text[..<end])
    }
}
