import Foundation

/// A tile server on 127.0.0.1 for the tests, serving a tile folder and
/// misbehaving on purpose by the first part of the path:
/// `/tiles/z/x/y.png` answers with the file (an ETag, `Cache-Control` as
/// set, 304 to a matching `If-None-Match`), `/slow/…` waits 2 s first,
/// `/e404/…` and `/e500/…` answer that status, `/garbage/…` sends HTML,
/// `/reset/…` resets the connection. It notes every request and the most
/// connections it had open at once. Nothing here reaches past loopback.
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
            } else {
                respond(client, status: 200, headers: fields, body: body)
            }
        }
    }

    private func respond(_ client: Int32, status: Int, headers: [String: String], body: Data) {
        var head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if status != 304 { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if status != 304 { bytes += body }
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { break }
            sent += n
        }
        shutdown(client, Int32(SHUT_WR))
        close(client)
    }
}

private extension Array where Element == UInt8 {
    var containsHeaderEnd: Bool {
        count >= 4 && (0...(count - 4)).contains { self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 && self[$0 + 3] == 10 }
    }
}
