import Foundation
import Logging
import MapEngine

/// Tiles from a tile server (a URL template), kept in a disk cache: a fresh
/// cached tile is used as is; a stale one is revalidated (`If-None-Match`,
/// `If-Modified-Since`) and a 304 keeps it; when the server cannot be
/// reached or fails, cached tiles (stale ones too) are shown and missing
/// ones are asked for again later, each tile waiting longer after each
/// failure and every tile as long as a `Retry-After` asks (`ServerBackoff`).
/// Few requests run at once (`concurrentReads`), and the tile store's workers send
/// none for tiles that left the screen. There is no prefetching beyond the
/// screen: OpenStreetMap's tile policy forbids bulk downloads. Answers are
/// capped in size and time (`HTTPFetcher`).
///
///     let source = try HTTPTileSource(template: TileURLTemplate("https://tile.example.org/{z}/{x}/{y}.png"),
///                                     cache: DiskTileCache(folder: ..., limitBytes: 500 << 20))
package final class HTTPTileSource: TileSource, @unchecked Sendable {
    /// The server's tile address, with `{z}`, `{x}`, `{y}` (and `{s}`).
    package let template: TileURLTemplate
    /// The levels the server is asked for.
    package let levels: ClosedRange<Int>
    /// The credit line the server's tiles need.
    package let attribution: String?
    /// Where answers are kept on disk, if anywhere.
    package let cache: DiskTileCache?
    /// How many tiles are fetched at once.
    package let concurrentReads: Int
    /// What its tiles hold: as given, or vector when the template's tiles end in `.pbf` or `.mvt`.
    package let content: TileContent
    private let fetcher: HTTPFetcher
    /// Where it says that the server went away and came back; nowhere when nil.
    private let logger: Logger?
    /// Guards `reachable`, `backoff` and `unanswered`; `@unchecked Sendable` rests on it (the rest is immutable).
    private let lock = NSLock()
    private var reachable = true
    private var backoff = ServerBackoff()
    private var unanswered = 0

    /// The User-Agent every request carries, as tile policies ask.
    package static let userAgent = "pinmap/\(PinmapVersion.current)"

    /// `timeout`: the most a request may take in all, answer included;
    /// `largestTile`: the most bytes an answer may have (after decompression);
    /// `content`: what the tiles hold, when their source says.
    package init(template: TileURLTemplate, levels: ClosedRange<Int> = 0...19, attribution: String? = nil,
                cache: DiskTileCache?, concurrentReads: Int = 4, timeout: Double = 15,
                largestTile: Int = MBTilesSource.tileSizeLimit, content: TileContent? = nil,
                logger: Logger? = nil) {
        self.template = template
        self.levels = levels
        self.attribution = attribution
        self.cache = cache
        self.concurrentReads = concurrentReads
        let path = template.template.split(separator: "?").first.map(String.init)?.lowercased() ?? ""
        self.content = content ?? (path.hasSuffix(".pbf") || path.hasSuffix(".mvt") ? .vector : .raster)
        var limits = HTTPFetcher.Limits()
        limits.seconds = timeout
        limits.bodyBytes = largestTile
        self.fetcher = HTTPFetcher(userAgent: HTTPTileSource.userAgent, limits: limits)
        self.logger = logger
    }

    /// False after the server stopped answering, until it answers again.
    package var isReachable: Bool {
        lock.lock()
        defer { lock.unlock() }
        return reachable
    }

    private func noteReachable(_ value: Bool) {
        lock.lock()
        let changed = reachable != value
        reachable = value
        lock.unlock()
        if changed { logger?.info("\(template): \(value ? "back online" : "cannot be reached; showing cached tiles")") }
    }

    /// How many requests in a row got no answer at all (refused, reset,
    /// timed out): 0 once the server answers anything, an error included.
    package var unansweredInARow: Int { lock.withLock { unanswered } }

    /// How long the server asked to be left alone before `tile` is asked
    /// for again (a failure's backoff, a `Retry-After`); nil when it may be asked now.
    package func waitBeforeAsking(for tile: TileID) -> TimeInterval? {
        lock.withLock { backoff.wait(for: tile, at: Date()) }
    }

    /// The tile's address, for messages.
    package func location(of tile: TileID) -> String {
        template.url(for: tile)?.absoluteString ?? template.template
    }

    /// The tile's bytes (inflated when gzipped), from the disk cache when fresh,
    /// else from the server; nil where the server has none.
    package func data(for tile: TileID) throws(TileSourceError) -> Data? {
        guard let data = try kept(tile) else { return nil }
        guard content == .vector else { return data }
        // Servers and caches keep vector tiles gzipped or not; the bytes tell.
        do {
            return Data(try Gunzip.inflateIfCompressed([UInt8](data), limit: MBTilesSource.tileSizeLimit))
        } catch {
            throw .unreadable(path: location(of: tile), reason: error.description)
        }
    }

    /// The tile as the server sent it, from the cache when fresh.
    private func kept(_ tile: TileID) throws(TileSourceError) -> Data? {
        guard tile.isValid, let url = template.url(for: tile) else { return nil }
        let cached = cache?.entry(for: tile)
        if let cached, cached.isFresh(at: Date()) { return cached.data }
        if let wait = lock.withLock({ backoff.wait(for: tile, at: Date()) }) {
            if let cached { return cached.data }
            throw .unavailable(location: url.absoluteString, reason: "not asked again for \(Int(wait.rounded(.up))) s")
        }
        var validators: [String: String] = [:]
        if let etag = cached?.etag { validators["If-None-Match"] = etag }
        if let modified = cached?.lastModified { validators["If-Modified-Since"] = modified }
        switch fetcher.get(url, headers: validators) {
        case .failure(let failure) where failure.refused:
            noteFailure(tile, retryAfter: nil)
            throw .unreadable(path: url.absoluteString, reason: failure.description)
        case .failure(let failure):
            noteReachable(false)
            noteFailure(tile, retryAfter: nil)
            lock.withLock { unanswered += 1 }
            if let cached { return cached.data }
            throw .unavailable(location: url.absoluteString, reason: failure.description)
        case .success(let response):
            lock.withLock { unanswered = 0 }
            return try answer(response, for: tile, url: url, cached: cached, askedWithValidators: !validators.isEmpty)
        }
    }

    /// Forgets the cached copy of a tile that did not decode, so the next
    /// request fetches it anew instead of showing a placeholder until it expires.
    package func discard(_ tile: TileID) -> Bool {
        guard let cache else { return false }
        cache.remove(tile)
        return true
    }

    private func noteFailure(_ tile: TileID, retryAfter: String?) {
        lock.withLock { backoff.failed(tile, at: Date(), retryAfter: retryAfter) }
    }

    private func answer(_ response: HTTPFetcher.Response, for tile: TileID, url: URL,
                        cached: DiskTileCache.Entry?, askedWithValidators: Bool) throws(TileSourceError) -> Data? {
        let freshness = TileFreshness(headers: response.headers, receivedAt: Date())
        switch response.status {
        case 200:
            noteReachable(true)
            lock.withLock { backoff.succeeded(tile) }
            guard content == .vector || (try? ImageHeader(response.body)) != nil else {
                let kind = response.headers["content-type"].map { " (\($0))" } ?? ""
                throw .unreadable(path: url.absoluteString, reason: "the server sent something that is not an image\(kind)")
            }
            if freshness.mayStore {
                cache?.store(tile, data: response.body, etag: response.headers["etag"],
                             lastModified: response.headers["last-modified"], expires: freshness.expires)
            }
            return response.body
        case 304:
            noteReachable(true)
            guard let cached, askedWithValidators else {
                noteFailure(tile, retryAfter: nil)
                if let cached { return cached.data }
                throw .unreadable(path: url.absoluteString,
                                  reason: "the server answered 304 Not Modified to a request for a tile it never sent")
            }
            lock.withLock { backoff.succeeded(tile) }
            cache?.store(tile, data: cached.data, etag: response.headers["etag"] ?? cached.etag,
                         lastModified: response.headers["last-modified"] ?? cached.lastModified,
                         expires: freshness.expires)
            return cached.data
        case 204, 404, 410:
            noteReachable(true)
            lock.withLock { backoff.succeeded(tile) }
            return nil
        default:
            // 5xx, 429, a redirect that went nowhere and the like: the server is failing for now.
            noteReachable(false)
            noteFailure(tile, retryAfter: response.headers["retry-after"])
            if let cached { return cached.data }
            throw .unavailable(location: url.absoluteString, reason: "the server answered \(response.status)")
        }
    }
}
