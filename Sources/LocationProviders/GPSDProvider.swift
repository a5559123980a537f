import Foundation
import MapEngine
import MapKitLayer

/// The user's location from gpsd, the Linux GPS daemon: connects over TCP
/// (port 2947 by default), asks for JSON reports with
/// `?WATCH={"enable":true,"json":true}`, and posts a fix for every TPV
/// report with a position. Lines it does not understand are skipped. When
/// gpsd cannot be reached or goes away, it says so and tries again after
/// a pause that doubles each time (0.5 s up to 8 s).
///
///     let gps = GPSDProvider(host: "localhost", port: 2947)
///     gps.start(reporting: feed)
package final class GPSDProvider: LocationProvider {
    /// gpsd's usual port, 2947.
    package static let defaultPort: UInt16 = 2947
    /// The host gpsd runs on.
    package let host: String
    /// The port gpsd listens on.
    package let port: UInt16
    /// The first pause before reconnecting, doubled after each failure up to `maximumBackoff`.
    package let initialBackoff: Double
    /// The longest pause between reconnections, in seconds.
    package let maximumBackoff: Double

    /// The listening runs; `stop()` shuts the run's socket down.
    private let runs = ProviderRuns<Int32> { socket in _ = shutdown(socket, Int32(SHUT_RDWR)) }

    /// A provider for gpsd at `host`:`port`, pausing `initialBackoff` seconds before a reconnection
    /// and doubling that up to `maximumBackoff`.
    package init(host: String = "localhost", port: UInt16 = GPSDProvider.defaultPort, initialBackoff: Double = 0.5,
                maximumBackoff: Double = 8) {
        self.host = host
        self.port = port
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
    }

    /// "host:port", for messages.
    package var address: String { "\(host):\(port)" }

    /// Connects (on a thread of its own) and posts each fix gpsd reports, and its losses, until
    /// `stop()`.
    package func start(reporting feed: LocationFeed) {
        runs.start(named: "pinmap.gpsd") { [self] run in loop(run: run, feed: feed) }
    }

    /// Closes the connection and stops reconnecting; nothing is posted after it returns.
    package func stop() {
        runs.stop()
    }

    private func loop(run mine: Int, feed: LocationFeed) {
        var backoff = initialBackoff
        while true {
            var problem: String
            switch connect() {
            case .failure(let reason):
                problem = "gpsd at \(address): \(reason)"
            case .success(let fd):
                guard runs.keep(fd, run: mine) else { close(fd); return }
                let heard = read(from: fd, run: mine, feed: feed)
                runs.release(run: mine)
                close(fd)
                if heard { backoff = initialBackoff }
                problem = "gpsd at \(address) closed the connection"
            }
            let pause = backoff
            guard runs.post(.unavailable("\(problem); trying again in \(GPSDProvider.seconds(pause))"), run: mine, to: feed),
                  runs.pause(pause, run: mine) else { return }
            backoff = min(backoff * 2, maximumBackoff)
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// Reads reports until the connection ends; true when any line came.
    private func read(from fd: Int32, run mine: Int, feed: LocationFeed) -> Bool {
        let watch = Array(#"?WATCH={"enable":true,"json":true}"#.utf8) + [10]
        guard watch.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == watch.count
        else { return false }
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var heard = false
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { return heard }
            pending += chunk[0..<count]
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                heard = true
                let report: LocationReport
                switch GPSDReport(line: line) {
                case .position(let fix): report = .fix(fix)
                case .noFix: report = .noFix
                case .ignored: continue
                }
                if !runs.post(report, run: mine, to: feed) { return heard }
            }
            // A line this long is not gpsd talking: drop it.
            if pending.count > 65_536 { pending.removeAll() }
        }
    }

    /// A connected socket to gpsd, or why there is none.
    private func connect() -> Result<Int32, ConnectFailure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            return .failure(ConnectFailure(reason: "cannot find host \(host) (\(String(cString: gai_strerror(status))))"))
        }
        defer { freeaddrinfo(list) }
        var reason = "no address to connect to"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry?.pointee {
            entry = info.ai_next
            let fd = Glibc.socket(info.ai_family, info.ai_socktype, info.ai_protocol)
            guard fd >= 0 else { reason = String(cString: strerror(errno)); continue }
            if Glibc.connect(fd, info.ai_addr, info.ai_addrlen) == 0 { return .success(fd) }
            reason = String(cString: strerror(errno)).lowercased()
            close(fd)
        }
        return .failure(ConnectFailure(reason: reason))
    }

    struct ConnectFailure: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }
}
