import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tile server on 127.0.0.1 for the tests, serving a tile folder and
/// misbehaving on purpose by the first part of the path:
/// `/tiles/z/x/y.png` answers with the file (an ETag, `Cache-Control` as
/// set, 304 to a matching `If-None-Match`), `/slow/…` waits 2 s first,
/// `/e404/…` and `/e500/…` answer that status, `/garbage/…` sends HTML,
/// `/reset/…` resets the connection. Hostile ones: `/endless/…` sends a
/// chunked body that never ends, `/bomb/…` a gzip body inflating to
/// 256 MB, `/huge/…` announces and sends 300 MB, `/silent/…` never
/// answers, `/stall/…` stops half-way through the body, `/trickle/…`
/// sends a byte every half second, `/busy/…` answers 503 with
/// `Retry-After: 120`, `/loop/…` redirects to itself, `/unchanged/…`
/// answers 304 whatever was asked, and `/damaged/…` sends a PNG whose
/// header is whole and whose image data is not. Files answer `Range:
/// bytes=a-b` with 206 and the part (416 past the end), as static storage
/// does, except under `/norange/…`, which sends them whole. It notes every request and
/// the most connections it had open at once. Nothing here reaches past loopback.
final class TestTileServer: @unchecked Sendable {
    struct Request: Sendable {
        let path: String
        let headers: [String: String]
    }

    let port: UInt16
    let folder: URL
    /// Guards everything mutable below; `@unchecked Sendable` rests on it.
    private let lock = NSLock()
    private var listener: Int32
    private var log: [Request] = []
    private var open = 0
    private var most = 0
    private var control: String? = "max-age=3600"

    var baseURL: String { "http://127.0.0.1:\(port)" }

    init(folder: URL) {
        self.folder = folder
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(server, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(server, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(server, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listen(server, 64)
        listener = server
        Thread { [self] in
            while true {
                let client = accept(server, nil, nil)
                if client < 0 { return }
                Thread { [self] in serve(client) }.start()
            }
        }.start()
    }

    deinit { stop() }

    /// The `Cache-Control` the tiles are sent with (nil: none).
    var cacheControl: String? {
        get { lock.withLock { control } }
        set { lock.withLock { control = newValue } }
    }

    var requests: [Request] { lock.withLock { log } }
    var mostOpenAtOnce: Int { lock.withLock { most } }

    /// Stops listening: later requests are refused, as by a server that went away.
    func stop() {
        lock.withLock {
            guard listener >= 0 else { return }
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
            listener = -1
        }
    }

    private func serve(_ client: Int32) {
        lock.withLock { open += 1; most = max(most, open) }
        defer { lock.withLock { open -= 1 } }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.containsHeaderEnd {
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if count <= 0 { close(client); return }
            received += buffer[0..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        let path = lines[0].split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        lock.withLock { log.append(Request(path: path, headers: headers)) }
        let parts = path.split(separator: "/").map(String.init)
        let mode = parts.first ?? ""
        let file = folder.appendingPathComponent(parts.dropFirst().joined(separator: "/"))
        switch mode {
        case "reset":
            var linger = linger(l_onoff: 1, l_linger: 0)
            setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
            close(client)
            return
        case "slow":
            Thread.sleep(forTimeInterval: 2)
            respond(client, status: 200, headers: [:], body: (try? Data(contentsOf: file)) ?? Data())
        case "endless":
            send(client, Array("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nTransfer-Encoding: chunked\r\n\r\n".utf8))
            let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: 0x89, count: 0x10000) + Array("\r\n".utf8)
            while send(client, chunk) {}
            close(client)
        case "bomb":
            respond(client, status: 200, headers: ["Content-Type": "image/png", "Content-Encoding": "gzip"],
                    body: TestTileServer.zeroBomb)
        case "huge":
            let size = 300 << 20
            send(client, Array("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: \(size)\r\n\r\n".utf8))
            let block = [UInt8](repeating: 0, count: 1 << 20)
            for _ in 0..<300 where send(client, block) {}
            close(client)
        case "silent":
            waitForClose(client)
        case "stall":
            let body = (try? Data(contentsOf: file)) ?? Data()
            send(client, Array("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
                 + Array(body.prefix(body.count / 2)))
            waitForClose(client)
        case "trickle":
            let body = (try? Data(contentsOf: file)) ?? Data()
            let bytes = Array("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
            for byte in bytes {
                guard send(client, [byte]) else { break }
                Thread.sleep(forTimeInterval: 0.5)
            }
            close(client)
        case "busy":
            respond(client, status: 503, headers: ["Retry-After": "120"], body: Data("busy".utf8))
        case "loop":
            respond(client, status: 302, headers: ["Location": path], body: Data())
        case "unchanged":
            respond(client, status: 304, headers: [:], body: Data())
        case "damaged":
            var body = (try? Data(contentsOf: file)) ?? Data()
            // The PNG signature and IHDR stay; the image data after them is noise.
            for i in 33..<body.count { body[i] = UInt8(truncatingIfNeeded: i &* 7) }
            respond(client, status: 200, headers: ["Content-Type": "image/png"], body: body)
        case "mutant":
            // /mutant/SEED/z/x/y.png: a good answer, broken the seed's way.
            let seed = UInt64(parts.dropFirst().first ?? "") ?? 0
            let tile = folder.appendingPathComponent(parts.dropFirst(2).joined(separator: "/"))
            send(client, TestTileServer.mutant(body: (try? Data(contentsOf: tile)) ?? Data(), seed: seed))
            close(client)
        case "e404":
            respond(client, status: 404, headers: [:], body: Data("not here".utf8))
        case "e500":
            respond(client, status: 500, headers: [:], body: Data("broken".utf8))
        case "garbage":
            respond(client, status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>login</html>".utf8))
        default:
            guard let body = try? Data(contentsOf: file) else {
                respond(client, status: 404, headers: [:], body: Data())
                return
            }
            let etag = "\"\(body.count)-\(body.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFFFF })\""
            var fields = ["ETag": etag, "Content-Type": "image/png"]
            if let control = cacheControl { fields["Cache-Control"] = control }
            if headers["if-none-match"] == etag {
                respond(client, status: 304, headers: fields, body: Data())
            } else if let range = headers["range"], mode != "norange", let part = TestTileServer.range(range, size: body.count) {
                // Bytes a–b of the file, as static storage answers a range request.
                fields["Content-Range"] = "bytes \(part.lowerBound)-\(part.upperBound - 1)/\(body.count)"
                respond(client, status: 206, headers: fields, body: body.subdata(in: part))
            } else if headers["range"] != nil, mode != "norange" {
                respond(client, status: 416, headers: ["Content-Range": "bytes */\(body.count)"], body: Data())
            } else {
                respond(client, status: 200, headers: fields, body: body)
            }
        }
    }

    /// The bytes `bytes=a-b` asks for in a file of `size` bytes (cut at its
    /// end), or nil when none of them lie in it.
    static func range(_ header: String, size: Int) -> Range<Int>? {
        guard header.hasPrefix("bytes=") else { return nil }
        let bounds = header.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Int(bounds[0]), first < size else { return nil }
        let last = Int(bounds[1]).map { min($0, size - 1) } ?? size - 1
        return last >= first ? first..<(last + 1) : nil
    }

    /// Sends all of `bytes`; false once the client has gone.
    @discardableResult
    private func send(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { sendBytes(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    /// Holds the connection open, saying nothing, until the client closes
    /// it (or a minute passes).
    private func waitForClose(_ client: Int32) {
        var buffer = [UInt8](repeating: 0, count: 256)
        let start = Date()
        while Date().timeIntervalSince(start) < 60 {
            var poller = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 200) > 0 {
                let n = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
            }
        }
        close(client)
    }

    /// A whole answer with a seeded few of its bytes changed, inserted or
    /// cut, or its head's numbers made wild: for the fetcher's fuzz test.
    static func mutant(body: Data, seed: UInt64) -> [UInt8] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next(_ bound: Int) -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(max(bound, 1)))
        }
        let lengths = ["\(body.count)", "0", "-1", "99999999999999999999", "\(body.count * 2)", "1e3", ""]
        let encodings = ["", "Content-Encoding: gzip\r\n", "Transfer-Encoding: chunked\r\n", "Content-Encoding: br\r\n"]
        let statuses = ["200 OK", "200 OK", "304 Not Modified", "302 Found\r\nLocation: /mutant/\(seed)/0/0/0.png",
                        "999 What", "HTTP/1.1 200", "500 Broken\r\nRetry-After: x"]
        var bytes = Array("HTTP/1.1 \(statuses[next(statuses.count)])\r\nContent-Type: image/png\r\n".utf8)
        bytes += Array("Content-Length: \(lengths[next(lengths.count)])\r\n\(encodings[next(encodings.count)])\r\n".utf8)
        bytes += body
        for _ in 0..<next(6) where !bytes.isEmpty {
            let at = next(bytes.count)
            switch next(4) {
            case 0: bytes[at] = UInt8(next(256))
            case 1: bytes.insert(UInt8(next(256)), at: at)
            case 2: bytes.remove(at: at)
            default: bytes.removeSubrange(at...)
            }
        }
        return bytes
    }

    /// A gzip stream that inflates to 256 MB of zeros in about 1.7 MB: one
    /// literal zero, then matches of 258 bytes at distance 1 (13 bits each
    /// in deflate's fixed codes). Its checksum is not right: no reader that
    /// caps what it inflates gets that far.
    static let zeroBomb: Data = {
        var bits = BitWriter()
        bits.bytes = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]
        bits.put(1, 1)           // the last block
        bits.put(1, 2)           // of fixed Huffman codes
        bits.code(0x30, 8)       // literal 0
        for _ in 0..<((256 << 20) / 258) {
            bits.code(0xC5, 8)   // length 258
            bits.code(0, 5)      // distance 1
        }
        bits.code(0, 7)          // end of block
        bits.flush()
        bits.bytes += [0, 0, 0, 0, 0, 0, 0, 0]
        return Data(bits.bytes)
    }()

    private func respond(_ client: Int32, status: Int, headers: [String: String], body: Data) {
        var head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if status != 304 { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if status != 304 { bytes += body }
        send(client, bytes)
        shutdown(client, Int32(SHUT_WR))
        close(client)
    }
}

private extension Array where Element == UInt8 {
    var containsHeaderEnd: Bool {
        count >= 4 && (0...(count - 4)).contains { self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 && self[$0 + 3] == 10 }
    }
}

/// Bits packed the way deflate packs them: numbers from their lowest bit,
/// Huffman codes from their highest.
private struct BitWriter {
    var bytes: [UInt8] = []
    private var pending: UInt32 = 0
    private var count = 0

    mutating func put(_ value: UInt32, _ width: Int) {
        pending |= value << UInt32(count)
        count += width
        while count >= 8 {
            bytes.append(UInt8(pending & 0xFF))
            pending >>= 8
            count -= 8
        }
    }

    mutating func code(_ value: UInt32, _ width: Int) {
        var reversed: UInt32 = 0
        for i in 0..<width { reversed |= ((value >> UInt32(i)) & 1) << UInt32(width - 1 - i) }
        put(reversed, width)
    }

    mutating func flush() {
        if count > 0 { put(0, 8 - count) }
    }
}

/// The C library's send, under a name the server's own `send` does not hide.
private func sendBytes(_ socket: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(socket, bytes, count, flags)
}
