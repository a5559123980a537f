import Foundation
import MapEngine

/// A PMTiles archive on a web server (plain static storage: S3, R2, any
/// server that answers `Range`), read a part at a time: the first 16 KB
/// when it is opened (the header and, as writers lay it out, the root
/// directory), then each directory or tile when asked for, with
/// `Range: bytes=a-b` through the tile servers' HTTP client (its
/// User-Agent, limits and time-outs).
///
/// The file's `ETag` from the first answer is kept: an answer with another
/// one means the file was replaced on the server, and is refused with a
/// message that says so, rather than mixing parts of two archives. A server
/// that ignores `Range` and sends the whole file is refused too (past the
/// opening nothing would be gained by reading a map that way); a file small
/// enough to come whole when it is opened is kept whole.
///
///     let archive = try RemoteArchive(url: URL(string: "https://example.org/city.pmtiles")!)
///     let source = try PMTilesSource(archive: archive)
package final class RemoteArchive: ArchiveReading, @unchecked Sendable {
    // Unchecked: `url`, `fetcher`, `prefix`, `prefixIsWholeFile` and `etag` are set in init and
    // never change; `fetches`, `bytesFetched`, `kept`, `keptOrder`, `fetching` and `fetchingRuns` only under `lock`.
    package let url: URL
    package var name: String { url.absoluteString }
    private let fetcher: HTTPFetcher
    /// The archive's first bytes, read when it was opened.
    private let prefix: [UInt8]
    /// Whether the opening brought the whole file (a server that ignores `Range`).
    private let prefixIsWholeFile: Bool
    /// The file's ETag in the first answer, if the server sent one.
    package let etag: String?
    /// Guards the counts, the parts kept and the parts being fetched; a
    /// worker wanting a part another is fetching waits on it.
    private let lock = NSCondition()
    private var fetches = 0
    private var bytesFetched = 0
    /// The parts read last, by offset and length: a tile asked for twice at
    /// once (its plain picture and the picture at rest) is fetched once.
    private var kept: [Part: [UInt8]] = [:]
    private var keptOrder: [Part] = []
    private var fetching: Set<Part> = []
    /// Runs of parts being fetched together: a worker wanting a part inside one waits for it.
    private var fetchingRuns: [Part] = []

    private struct Part: Hashable {
        let offset: UInt64
        let length: UInt64
    }

    /// How many parts are kept (the tile store keeps the tiles themselves; this only joins requests made together).
    static let keptParts = 64
    /// The most parts, and bytes, one request for a run of tiles fetches.
    static let mergedParts = 8
    static let mergedBytes: UInt64 = 256 << 10

    /// How much is read when the archive is opened: the PMTiles spec's
    /// advice, enough for the header and a root directory laid out after it.
    package static let openingBytes: UInt64 = 16_384

    /// Reads the first 16 KB of the archive at `url`; throws when the
    /// server cannot be reached, answers with an error, or ignores `Range`.
    package convenience init(url: URL) throws(TileSourceError) {
        try self.init(url: url, limits: HTTPFetcher.Limits())
    }

    /// The same, with the HTTP client's limits (tests shorten its time-out).
    init(url: URL, limits: HTTPFetcher.Limits) throws(TileSourceError) {
        guard let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
            throw .unsupported(path: url.absoluteString, reason: "a remote PMTiles archive is read over http or https")
        }
        self.url = url
        fetcher = HTTPFetcher(userAgent: HTTPTileSource.userAgent, limits: limits)
        let (bytes, etag, whole) = try RemoteArchive.fetch(fetcher, url, offset: 0, length: RemoteArchive.openingBytes, allowShort: true)
        prefix = bytes
        prefixIsWholeFile = whole
        self.etag = etag
        fetches = 1
        bytesFetched = bytes.count
    }

    /// Requests made and body bytes received since the archive was opened (the opening included).
    package var traffic: (requests: Int, bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (fetches, bytesFetched)
    }

    package func read(offset: UInt64, length: UInt64) throws(TileSourceError) -> [UInt8] {
        let (end, overflow) = offset.addingReportingOverflow(length)
        guard !overflow else { throw .unreadable(path: name, reason: "it points past any file's end") }
        if end <= UInt64(prefix.count) { return Array(prefix[Int(offset)..<Int(end)]) }
        guard length > 0 else { return [] }
        if prefix.count < RemoteArchive.openingBytes || prefixIsWholeFile {
            // The opening held the whole file: nothing lies past it.
            throw .unreadable(path: name, reason: "it ends before byte \(end) that its directory points to")
        }
        let part = Part(offset: offset, length: length)
        lock.lock()
        while fetching.contains(part) { lock.wait() }
        if let known = kept[part] { lock.unlock(); return known }
        fetching.insert(part)
        lock.unlock()
        defer {
            lock.lock()
            fetching.remove(part)
            lock.broadcast()
            lock.unlock()
        }
        let (bytes, etag, _) = try RemoteArchive.fetch(fetcher, url, offset: offset, length: length, allowShort: false)
        if let known = self.etag, let etag, known != etag {
            throw .unreadable(path: name, reason: "the file on the server was replaced since it was opened (its ETag was \(known), now \(etag)); open it again")
        }
        lock.lock()
        fetches += 1
        bytesFetched += bytes.count
        if kept.updateValue(bytes, forKey: part) == nil { keptOrder.append(part) }
        if keptOrder.count > RemoteArchive.keptParts { kept[keptOrder.removeFirst()] = nil }
        lock.unlock()
        return bytes
    }

    /// A server's range request costs the same for a run of tiles as for one.
    package var mergesNeighbours: Bool { true }

    /// The part, fetched in one request with the parts of `run` around it
    /// that are not kept yet; each is kept, for the tiles beside it that the
    /// view asks for next. A part inside a run another worker is fetching
    /// waits for it.
    package func read(offset: UInt64, length: UInt64, storedWith run: [(offset: UInt64, length: UInt64)]) throws(TileSourceError) -> [UInt8] {
        let wanted = Part(offset: offset, length: length)
        let (end, overflow) = offset.addingReportingOverflow(length)
        guard !overflow, end > UInt64(prefix.count), !prefixIsWholeFile, prefix.count >= RemoteArchive.openingBytes else {
            return try read(offset: offset, length: length)
        }
        lock.lock()
        while fetching.contains(wanted) || fetchingRuns.contains(where: { $0.offset <= offset && end <= $0.offset + $0.length }) { lock.wait() }
        if let known = kept[wanted] { lock.unlock(); return known }
        // The run's parts around the wanted one that are neither kept nor being fetched (alone or in another run),
        // past the opening's bytes; at most `mergedParts` and `mergedBytes`, those after it first (a view is read in
        // the order stored).
        func busy(_ part: Part) -> Bool {
            part.offset + part.length <= UInt64(prefix.count) || kept[part] != nil || fetching.contains(part)
                || fetchingRuns.contains { $0.offset <= part.offset && part.offset + part.length <= $0.offset + $0.length }
        }
        var parts = run.map { Part(offset: $0.offset, length: $0.length) }
        if let index = parts.firstIndex(of: wanted) {
            var low = index, high = index, bytes = wanted.length
            while high - low + 1 < RemoteArchive.mergedParts {
                if high + 1 < parts.count, !busy(parts[high + 1]), bytes + parts[high + 1].length <= RemoteArchive.mergedBytes {
                    high += 1
                    bytes += parts[high].length
                } else if low > 0, !busy(parts[low - 1]), bytes + parts[low - 1].length <= RemoteArchive.mergedBytes {
                    low -= 1
                    bytes += parts[low].length
                } else {
                    break
                }
            }
            parts = Array(parts[low...high])
        }
        guard parts.count > 1, let first = parts.first, let last = parts.last, parts.contains(wanted),
              zip(parts, parts.dropFirst()).allSatisfy({ $0.offset + $0.length == $1.offset }) else {
            lock.unlock()
            return try read(offset: offset, length: length)
        }
        let span = Part(offset: first.offset, length: last.offset + last.length - first.offset)
        fetchingRuns.append(span)
        lock.unlock()
        defer {
            lock.lock()
            fetchingRuns.removeAll { $0 == span }
            lock.broadcast()
            lock.unlock()
        }
        let (bytes, etag, _) = try RemoteArchive.fetch(fetcher, url, offset: span.offset, length: span.length, allowShort: false)
        if let known = self.etag, let etag, known != etag {
            throw .unreadable(path: name, reason: "the file on the server was replaced since it was opened (its ETag was \(known), now \(etag)); open it again")
        }
        lock.lock()
        fetches += 1
        bytesFetched += bytes.count
        var mine: [UInt8] = []
        for part in parts {
            let start = Int(part.offset - span.offset)
            let slice = Array(bytes[start..<start + Int(part.length)])
            if part == wanted { mine = slice }
            if kept.updateValue(slice, forKey: part) == nil { keptOrder.append(part) }
        }
        while keptOrder.count > RemoteArchive.keptParts { kept[keptOrder.removeFirst()] = nil }
        lock.unlock()
        return mine
    }

    /// One range request: `length` bytes from `offset` (fewer only when
    /// `allowShort` and the file ends first), the answer's ETag, and whether
    /// the server sent the whole file instead.
    private static func fetch(_ fetcher: HTTPFetcher, _ url: URL, offset: UInt64, length: UInt64,
                              allowShort: Bool) throws(TileSourceError) -> ([UInt8], String?, Bool) {
        guard length <= UInt64(fetcher.limits.bodyBytes) else {
            throw .unreadable(path: url.absoluteString, reason: "a part of \(length >> 20) MB is over the \(fetcher.limits.bodyBytes >> 20) MB limit")
        }
        let last = offset + length - 1
        let response: HTTPFetcher.Response
        switch fetcher.get(url, headers: ["Range": "bytes=\(offset)-\(last)"]) {
        case .success(let answer): response = answer
        case .failure(let failure): throw .unreadable(path: url.absoluteString, reason: failure.description)
        }
        let etag = response.headers["etag"]
        switch response.status {
        case 206:
            let body = [UInt8](response.body)
            guard body.count == Int(length) || (allowShort && body.count < Int(length) && !body.isEmpty) else {
                throw .unreadable(path: url.absoluteString,
                                  reason: "the server sent \(body.count) bytes for bytes \(offset)–\(last); the file may be shorter than its directory says")
            }
            return (body, etag, false)
        case 200:
            // The whole file: a server that ignores Range. Small enough to have come whole (under the
            // client's limit), it is kept whole when the archive is opened and every read is served from it.
            if allowShort, offset == 0 { return ([UInt8](response.body), etag, true) }
            throw .unreadable(path: url.absoluteString, reason: "the server does not answer range requests (it sent the whole file), so a PMTiles archive cannot be read from it a part at a time")
        case 416:
            throw .unreadable(path: url.absoluteString, reason: "the file ends before byte \(offset) that its directory points to")
        case 404, 410:
            throw .notFound(path: url.absoluteString)
        default:
            throw .unreadable(path: url.absoluteString, reason: "the server answered \(response.status)")
        }
    }
}
