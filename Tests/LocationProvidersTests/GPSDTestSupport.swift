import Foundation
@testable import MapEngine
@testable import MapKitLayer
@testable import LocationProviders

/// A real gpsd fed from an NMEA log by `gpsfake` (Debian's gpsd-clients;
/// `make test` installs it), on a port of its own.
final class GPSFake {
    static let log = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sausalito.nmea").standardized
    let port: UInt16
    private let process = Process()

    init(port: UInt16) throws {
        self.port = port
        guard let path = ["/usr/bin/gpsfake", "/usr/local/bin/gpsfake"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) else {
            throw GPSFakeMissing()
        }
        // Foundation starts it as the leader of a process group of its own,
        // which its gpsd joins: `stop` ends both at once.
        process.executableURL = URL(fileURLWithPath: path)
        // Replays the log over and over, a sentence every 0.05 s.
        process.arguments = ["-q", "-c", "0.05", "-P", String(port), GPSFake.log.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Ends gpsfake and the gpsd it started (gpsfake alone does not always
    /// exit on SIGTERM).
    func stop() {
        guard process.isRunning else { return }
        kill(-process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }

    struct GPSFakeMissing: Error, CustomStringConvertible {
        var description: String { "gpsfake is missing: run `make test`, or apt-get install gpsd gpsd-clients" }
    }
}

/// A listening TCP socket on 127.0.0.1 that plays a script to whoever
/// connects: for testing what the client does with odd lines.
final class LineServer: @unchecked Sendable {
    let port: UInt16
    private let fd: Int32
    private let lock = NSLock()
    private var received: [UInt8] = []

    /// Listens on a free port; each connection gets `lines`, then is closed
    /// (`closes`) or left open.
    init(lines: [String], closes: Bool = false) {
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(server, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(server, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listen(server, 4)
        fd = server
        Thread { [self] in
            while true {
                let client = accept(server, nil, nil)
                if client < 0 { return }
                var buffer = [UInt8](repeating: 0, count: 256)
                let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                lock.lock()
                if count > 0 { received += buffer[0..<count] }
                lock.unlock()
                let text = Array(lines.map { $0 + "\n" }.joined().utf8)
                _ = text.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if closes { Glibc.close(client) }
            }
        }.start()
    }

    /// What clients sent, as text.
    var request: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: received, as: UTF8.self)
    }

    func close() {
        shutdown(fd, Int32(SHUT_RDWR))
        Glibc.close(fd)
    }
}

/// A port nobody listens on right now.
/// A free port below the kernel's ephemeral range (32768 and up), so no
/// other test's server or outgoing connection is handed it in the moment
/// between finding it and a gpsd listening on it (or while gpsd is down).
func freePort() -> UInt16 {
    var random = SystemRandomNumberGenerator()
    for _ in 0..<200 {
        let port = UInt16.random(in: 20_000..<29_000, using: &random)  // pinmapTests' gpsd takes 29400 and up
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        close(probe)
        if bound == 0 { return port }
    }
    let server = LineServer(lines: [])
    defer { server.close() }
    return server.port
}

extension LocationFeed {
    /// Takes reports until `stop` says enough or `timeout` real seconds pass.
    func collect(timeout: Double, until stop: ([LocationReport]) -> Bool) -> [LocationReport] {
        var all: [LocationReport] = []
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            all += take()
            if stop(all) { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return all
    }
}
