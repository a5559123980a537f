import Foundation

/// When a failing tile server may be asked again. Each tile that failed
/// waits 15 s, then twice as long after each further failure, up to 15
/// minutes; a `Retry-After` the server sends (seconds or an HTTP date, up
/// to an hour) holds back every request to it until then. Time comes in as
/// a parameter.
///
///     var backoff = ServerBackoff()
///     backoff.failed(tile, at: now, retryAfter: "120")
///     backoff.wait(for: other, at: now)    // 120: the server asked for quiet
package struct ServerBackoff: Sendable {
    /// How long a tile waits after its first failure.
    package static let firstWait: TimeInterval = 15
    /// The longest a tile ever waits, however often it failed.
    package static let longestWait: TimeInterval = 15 * 60
    /// The longest `Retry-After` honoured; a longer one is cut to this.
    package static let longestAsked: TimeInterval = 3600
    /// Past this many failing tiles, those no longer waiting are forgotten.
    static let remembered = 4096

    private var quietUntil: Date?
    private var tiles: [TileID: (failures: Int, until: Date)] = [:]

    /// No server failure known yet.
    package init() {}

    /// Seconds to wait before asking for `tile`, or nil to ask now.
    package func wait(for tile: TileID, at now: Date) -> TimeInterval? {
        let until = max(quietUntil ?? .distantPast, tiles[tile]?.until ?? .distantPast)
        return until > now ? until.timeIntervalSince(now) : nil
    }

    /// The server failed to give `tile` (an error status, no answer, a
    /// redirect loop), saying `retryAfter` if it said anything.
    package mutating func failed(_ tile: TileID, at now: Date, retryAfter: String? = nil) {
        if tiles.count >= ServerBackoff.remembered { tiles = tiles.filter { $0.value.until > now } }
        let failures = (tiles[tile]?.failures ?? 0) + 1
        let wait = min(ServerBackoff.firstWait * pow(2, Double(min(failures - 1, 16))), ServerBackoff.longestWait)
        tiles[tile] = (failures, now.addingTimeInterval(wait))
        if let seconds = retryAfter.flatMap({ ServerBackoff.seconds(retryAfter: $0, at: now) }), seconds > 0 {
            quietUntil = max(quietUntil ?? .distantPast, now.addingTimeInterval(seconds))
        }
    }

    /// The server gave `tile`: it starts afresh.
    package mutating func succeeded(_ tile: TileID) {
        tiles[tile] = nil
    }

    /// A `Retry-After` value (RFC 9110 10.2.3: seconds, or an HTTP date) as
    /// seconds from `now`, at most `longestAsked`; nil when it is neither.
    package static func seconds(retryAfter text: String, at now: Date) -> TimeInterval? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed), seconds.isFinite, seconds >= 0, trimmed.allSatisfy(\.isNumber) {
            return min(seconds, longestAsked)
        }
        guard let date = TileFreshness.httpDate(trimmed) else { return nil }
        return min(max(date.timeIntervalSince(now), 0), longestAsked)
    }
}
