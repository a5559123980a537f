import CCurl
import Foundation

/// Plain HTTP GETs for tile servers through libcurl's easy API, made
/// synchronously on the calling worker thread (the tile store's workers run few at
/// a time): our own User-Agent, no cookies, no cache but ours, http and
/// https only, and the answer as status, lower-cased headers and body.
/// Each thread takes a handle from a small pool, so connections are kept
/// alive between tiles.
///
/// Nothing a server sends is trusted. The body is taken as it arrives and
/// the transfer cut off the moment it passes `limits.bodyBytes` (counted
/// after decompression, so a gzip bomb stops there too; one announced
/// larger is refused before its body); a request with no complete answer
/// within `limits.seconds` (a server that never answers, stalls mid-body or
/// trickles) is cut off; redirects stop after `limits.redirects`.
final class HTTPFetcher: Sendable {
    struct Response: Sendable {
        let status: Int
        let headers: [String: String]
        let body: Data
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        /// True when the answer came but was refused (too large, broken
        /// compression): asking again would bring the same; false when no
        /// whole answer came.
        var refused = false
    }

    struct Limits: Sendable {
        /// The largest body taken, in bytes after decompression.
        var bodyBytes = 32 << 20
        /// How long a request may take in all, from asking to the last byte.
        var seconds = 15.0
        /// Redirects followed: five requests at most.
        var redirects = 4
    }

    let userAgent: String
    let limits: Limits
    private let handles = HandlePool()

    init(userAgent: String, limits: Limits = Limits()) {
        self.userAgent = userAgent
        self.limits = limits
    }

    /// GETs `url` with extra request headers; a failure to get a whole
    /// answer (refused, reset, timed out, too large, redirected in circles)
    /// is a `Failure`.
    func get(_ url: URL, headers: [String: String]) -> Result<Response, Failure> {
        guard let handle = handles.take() else { return .failure(Failure(description: "libcurl could not start")) }
        defer { handles.give(handle) }
        let transfer = Transfer(limit: limits.bodyBytes)
        var fields: UnsafeMutablePointer<curl_slist>?
        for (name, value) in headers { fields = curl_slist_append(fields, "\(name): \(value)") }
        defer { curl_slist_free_all(fields) }
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        curl_easy_reset(handle)
        _ = pinmap_curl_set_text(handle, CURLOPT_URL, url.absoluteString)
        _ = pinmap_curl_set_text(handle, CURLOPT_USERAGENT, userAgent)
        _ = pinmap_curl_set_text(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = pinmap_curl_set_text(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        _ = pinmap_curl_set_text(handle, CURLOPT_ACCEPT_ENCODING, "")  // whatever it can inflate
        _ = pinmap_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = pinmap_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 1)
        _ = pinmap_curl_set_long(handle, CURLOPT_MAXREDIRS, limits.redirects)
        _ = pinmap_curl_set_long(handle, CURLOPT_TIMEOUT_MS, Int(limits.seconds * 1000))
        _ = pinmap_curl_set_long(handle, CURLOPT_MAXFILESIZE, limits.bodyBytes)
        _ = pinmap_curl_set_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(fields))
        _ = pinmap_curl_set_callback(handle, CURLOPT_WRITEFUNCTION, { data, size, count, context in
            Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue().take(data, size * count)
        })
        _ = pinmap_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        _ = pinmap_curl_set_callback(handle, CURLOPT_HEADERFUNCTION, { data, size, count, context in
            Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue().header(data, size * count)
        })
        _ = pinmap_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
        let code = withExtendedLifetime(transfer) { curl_easy_perform(handle) }
        guard code == CURLE_OK else { return .failure(failure(code, transfer)) }
        let status = pinmap_curl_status(handle)
        if (300...399).contains(status), transfer.headers["location"] != nil {
            return .failure(Failure(description: "redirected more than \(limits.redirects) times"))
        }
        return .success(Response(status: status, headers: transfer.headers, body: Data(transfer.body)))
    }

    /// What went wrong, in words rather than an error number.
    private func failure(_ code: CURLcode, _ transfer: Transfer) -> Failure {
        let megabytes = limits.bodyBytes >> 20
        switch code {
        case CURLE_WRITE_ERROR where transfer.overLimit:
            return Failure(description: "the answer passed \(megabytes) MB (after decompression) and was dropped", refused: true)
        case CURLE_FILESIZE_EXCEEDED:
            let size = transfer.headers["content-length"].flatMap { Int($0) }.map { "\($0 >> 20) MB" } ?? "more"
            return Failure(description: "the server sends \(size), over the \(megabytes) MB a tile may take", refused: true)
        case CURLE_BAD_CONTENT_ENCODING:
            return Failure(description: "its compressed body is broken", refused: true)
        case CURLE_OPERATION_TIMEDOUT:
            return Failure(description: "no complete answer within \(Int(limits.seconds.rounded(.up))) s")
        case CURLE_TOO_MANY_REDIRECTS:
            return Failure(description: "redirected more than \(limits.redirects) times")
        case CURLE_COULDNT_CONNECT:
            return Failure(description: "the connection was refused")
        case CURLE_COULDNT_RESOLVE_HOST:
            return Failure(description: "the server's name is not known")
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR:
            return Failure(description: "the secure connection failed (its certificate?)")
        default:
            return Failure(description: String(cString: curl_easy_strerror(code)))
        }
    }
}

/// One transfer's answer as libcurl hands it over, on the thread that
/// performs it.
private final class Transfer {
    let limit: Int
    var body: [UInt8] = []
    var headers: [String: String] = [:]
    var overLimit = false

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes a piece of the body; returning less than its size makes
    /// libcurl stop the transfer at once.
    func take(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard body.count + count <= limit else {
            overLimit = true
            body = []
            return 0
        }
        if let data { body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: count)) }
        return count
    }

    /// Takes one header line; a status line starts the headers of the next
    /// answer (after a redirect) afresh.
    func header(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data else { return count }
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            headers = [:]
        } else if let colon = line.firstIndex(of: ":"), headers.count < 200 {
            let name = line[..<colon].lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return count
    }
}

/// Easy handles, each used by one thread at a time: a handle is either in
/// `idle` (under `lock`) or held by exactly one thread between `take` and
/// `give`, which is what `@unchecked Sendable` rests on.
private final class HandlePool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [UnsafeMutableRawPointer] = []

    /// libcurl's one-time global set-up, done before any handle is made.
    private static let started: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    func take() -> UnsafeMutableRawPointer? {
        if let handle = lock.withLock({ idle.popLast() }) { return handle }
        guard HandlePool.started else { return nil }
        return curl_easy_init()
    }

    func give(_ handle: UnsafeMutableRawPointer) {
        lock.withLock { idle.append(handle) }
    }

    deinit {
        for handle in idle { curl_easy_cleanup(handle) }
    }
}
