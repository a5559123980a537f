import Foundation

/// How long a tile from a server stays fresh, from its response headers:
/// `Cache-Control: max-age` first, then `Expires`, and 7 days when the
/// server says nothing (OpenStreetMap's tile policy asks for at least that
/// much caching). `no-cache` means "ask again each time" (with the
/// validators); `no-store` means "do not keep it".
///
///     let rule = TileFreshness(headers: ["cache-control": "max-age=3600"], receivedAt: now)
///     rule.expires    // now + 1 h
package struct TileFreshness: Equatable, Sendable {
    /// When the server gives no lifetime.
    package static let defaultLifetime: TimeInterval = 7 * 24 * 3600

    /// When the tile should be fetched again.
    package let expires: Date
    /// False for `no-store`.
    package let mayStore: Bool

    /// `headers` with lower-cased names.
    package init(headers: [String: String], receivedAt now: Date) {
        let control = (headers["cache-control"] ?? "").lowercased()
        let directives = control.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        mayStore = !directives.contains("no-store")
        if directives.contains("no-cache") || directives.contains("no-store") {
            expires = now
        } else if let maxAge = directives.lazy.compactMap(TileFreshness.maxAge).first {
            expires = now.addingTimeInterval(maxAge)
        } else if let text = headers["expires"] {
            // An Expires that is not a date means "already expired" (RFC 9111 5.3).
            expires = TileFreshness.httpDate(text) ?? now
        } else {
            expires = now.addingTimeInterval(TileFreshness.defaultLifetime)
        }
    }

    private static func maxAge(_ directive: String) -> TimeInterval? {
        guard directive.hasPrefix("max-age=") else { return nil }
        let value = directive.dropFirst("max-age=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        guard let seconds = Double(value), seconds.isFinite, seconds >= 0 else { return nil }
        return min(seconds, 10 * 365 * 24 * 3600)
    }

    /// An HTTP date (RFC 9110: "Sun, 06 Nov 1994 08:49:37 GMT"), or nil.
    package static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text.trimmingCharacters(in: .whitespaces)) { return date }
        }
        return nil
    }
}
