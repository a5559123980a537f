import Foundation
import MapEngine
import MapKitLayer

/// The user's location from GeoClue 2, the location service of Linux
/// desktops and phones (GNOME, KDE, Phosh), over the system D-Bus, as GNOME
/// Maps asks for it: a client of its own, named by its desktop id, asking
/// for the most exact level; then a fix with its accuracy each time GeoClue
/// signals a new location. It speaks D-Bus through GLib's `gdbus` tool.
///
///     let here = GeoClueProvider(desktopID: "pinmap")
///     here.start(reporting: feed)
///
/// When GeoClue does not answer (no system bus, not installed, refused) it
/// posts why; a map whose location is only a best effort (a window's
/// default source) keeps that to itself until the user asks for the location.
package final class GeoClueProvider: LocationProvider {
    /// The name GeoClue knows the app by (its `.desktop` file's name, less `.desktop`).
    package let desktopID: String
    /// The environment `gdbus` runs in; tests point `DBUS_SYSTEM_BUS_ADDRESS` at a bus of their own.
    package let environment: [String: String]

    /// The listening runs; `stop()` ends the run's `gdbus monitor`.
    private let runs = ProviderRuns<Process> { monitor in GeoClueProvider.end(monitor) }

    /// GeoClue's well-known name on the system bus.
    static let service = "org.freedesktop.GeoClue2"
    /// GeoClue's accuracy level "exact" (GClueAccuracyLevel 8).
    static let exactLevel = "<uint32 8>"

    /// A provider naming itself `desktopID` to GeoClue.
    package init(desktopID: String = "pinmap", environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.desktopID = desktopID
        self.environment = environment
    }

    /// Asks GeoClue for a client and listens for its locations on a thread of its own, until `stop()`.
    package func start(reporting feed: LocationFeed) {
        runs.start(named: "pinmap.geoclue") { [self] run in listen(run: run, feed: feed) }
    }

    /// Stops listening; nothing is posted after it returns. GeoClue drops the
    /// client when the connection that made it goes.
    package func stop() {
        runs.stop()
    }

    private func listen(run mine: Int, feed: LocationFeed) {
        do throws(GeoClueFailure) {
            let reply = try call(path: "/org/freedesktop/GeoClue2/Manager", method: "\(Self.service).Manager.GetClient")
            guard let client = GeoClueReplies.objectPath(in: reply) else {
                throw GeoClueFailure("GeoClue gave no client: \(reply)")
            }
            for (property, value) in [("DesktopId", "<'\(desktopID)'>"), ("RequestedAccuracyLevel", Self.exactLevel)] {
                _ = try call(path: client, method: "org.freedesktop.DBus.Properties.Set",
                             arguments: ["\(Self.service).Client", property, value])
            }
            // Listen before starting, so that the first location is not missed.
            let (process, lines) = try startMonitor(client: client)
            guard runs.keep(process, run: mine) else { GeoClueProvider.end(process); return }
            defer { GeoClueProvider.end(process) }
            _ = try call(path: client, method: "\(Self.service).Client.Start")
            // A location GeoClue had before the client started comes with no signal.
            let current = try call(path: client, method: "org.freedesktop.DBus.Properties.Get",
                                   arguments: ["\(Self.service).Client", "Location"])
            if let location = GeoClueReplies.objectPath(in: current) { report(location, run: mine, feed: feed) }
            while let line = lines.next() {
                if let location = GeoClueReplies.updatedLocation(in: line) { report(location, run: mine, feed: feed) }
            }
            _ = runs.post(.unavailable("GeoClue stopped answering"), run: mine, to: feed)
        } catch {
            _ = runs.post(.unavailable("GeoClue: \(error.description)"), run: mine, to: feed)
        }
    }

    /// Reads the location at `path` and posts its fix.
    private func report(_ path: String, run mine: Int, feed: LocationFeed) {
        guard let properties = try? call(path: path, method: "org.freedesktop.DBus.Properties.GetAll",
                                         arguments: ["\(Self.service).Location"]),
              let fix = GeoClueReplies.fix(in: properties) else { return }
        _ = runs.post(.fix(fix), run: mine, to: feed)
    }

    /// One method call, its reply as `gdbus` prints it.
    private func call(path: String, method: String, arguments: [String] = []) throws(GeoClueFailure) -> String {
        let process = gdbus(["call", "--system", "--dest", Self.service, "--timeout", "10",
                             "--object-path", path, "--method", method] + arguments)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw GeoClueFailure("gdbus cannot be run: \(error.localizedDescription)")
        }
        // A reply is a few hundred bytes: one past the cap is not GeoClue's, and is not read on.
        let (bytes, complete) = Self.read(output.fileHandleForReading, atMost: Self.largestReply)
        guard complete else {
            Self.end(process)
            process.waitUntilExit()
            throw GeoClueFailure("gdbus's reply to \(method) is larger than \(Self.largestReply >> 20) MB: not GeoClue's; the location is not read")
        }
        let reply = String(decoding: bytes, as: UTF8.self)
        let problem = String(decoding: Self.read(errors.fileHandleForReading, atMost: 64 << 10).bytes, as: UTF8.self)
        process.waitUntilExit()
        // /usr/bin/env runs gdbus: its status 127 says gdbus is not there.
        if process.terminationStatus == 127 { throw GeoClueFailure("gdbus is not installed (install libglib2.0-bin)") }
        guard process.terminationStatus == 0 else {
            let line = problem.split(separator: "\n").first.map(String.init) ?? "gdbus failed"
            throw GeoClueFailure(line)
        }
        return reply
    }

    /// The most bytes of one reply read.
    static let largestReply = 1 << 20

    /// At most `limit` bytes from `handle`, and whether its end came within them;
    /// past the cap the caller ends the writer.
    static func read(_ handle: FileHandle, atMost limit: Int) -> (bytes: [UInt8], complete: Bool) {
        var bytes: [UInt8] = []
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { return (bytes, true) }
            guard bytes.count + chunk.count <= limit else { return (bytes, false) }
            bytes += chunk
        }
    }

    /// `gdbus monitor` on the client, once it listens, and its lines as they come.
    private func startMonitor(client: String) throws(GeoClueFailure) -> (Process, LineReader) {
        // gdbus prints through stdio, which holds a pipe's output back: stdbuf makes it line by line.
        let process = gdbus(["monitor", "--system", "--dest", Self.service, "--object-path", client], lineBuffered: true)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw GeoClueFailure("gdbus cannot be run: \(error.localizedDescription)")
        }
        let lines = LineReader(output.fileHandleForReading)
        // Its first line ("Monitoring signals on object …") says it is subscribed.
        guard lines.next() != nil else { throw GeoClueFailure("gdbus monitor ended at once") }
        return (process, lines)
    }

    /// Ends a child for good. A child started from a thread that blocks
    /// signals inherits that mask and would not hear SIGTERM; SIGKILL cannot be blocked.
    static func end(_ process: Process) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
    }

    private func gdbus(_ arguments: [String], lineBuffered: Bool = false) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = (lineBuffered ? ["stdbuf", "-oL"] : []) + ["gdbus"] + arguments
        process.environment = environment
        return process
    }
}

/// Why GeoClue could not be asked, in one line.
struct GeoClueFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
