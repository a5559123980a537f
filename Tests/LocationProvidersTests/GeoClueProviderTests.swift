import Foundation
@testable import MapEngine
@testable import MapKitLayer
@testable import LocationProviders
import Testing

/// GeoClue 2 over D-Bus, as the desktop gives locations: a private bus
/// (dbus-daemon) stands in for the system bus, and a fake GeoClue
/// (`Fixtures/fake_geoclue.py`, Python with GLib's D-Bus) answers on it.
@Suite(.serialized) struct GeoClueProviderTests {
    /// A bus of the test's own, and the environment that points `gdbus` at it as the system bus.
    final class PrivateBus {
        let daemon = Process()
        var helpers: [Process] = []
        let environment: [String: String]

        init() throws {
            daemon.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            daemon.arguments = ["dbus-daemon", "--session", "--nofork", "--print-address=1"]
            let output = Pipe()
            daemon.standardOutput = output
            try daemon.run()
            let address = try #require(LineReader(output.fileHandleForReading).next(), "dbus-daemon printed no address")
            var environment = ProcessInfo.processInfo.environment
            environment["DBUS_SYSTEM_BUS_ADDRESS"] = address
            self.environment = environment
        }

        /// Starts the fake GeoClue at this place; returns once it owns GeoClue's name, with what it says of clients.
        func startGeoClue(latitude: Double, longitude: Double, accuracy: Double) throws -> Pipe {
            let fake = Process()
            fake.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Fixtures/fake_geoclue.py")
            fake.arguments = [script.path, "\(latitude)", "\(longitude)", "\(accuracy)"]
            fake.environment = environment
            let ready = Pipe(), said = Pipe()
            fake.standardOutput = ready
            fake.standardError = said
            try fake.run()
            helpers.append(fake)
            #expect(LineReader(ready.fileHandleForReading).next() == "ready")
            return said
        }

        /// Ends the helpers and the bus with SIGKILL: children of the test's
        /// threads inherit a mask that blocks SIGTERM.
        func stop() {
            for process in helpers + [daemon] where process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
    }

    /// Reports that come within `seconds`, until `enough` says so.
    func reports(from feed: LocationFeed, within seconds: Double,
                 until enough: ([LocationReport]) -> Bool) -> [LocationReport] {
        var all: [LocationReport] = []
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, !enough(all) {
            all += feed.take()
            Thread.sleep(forTimeInterval: 0.05)
        }
        return all
    }

    @Test func aFixWithItsAccuracyComesFromGeoClueToAClientNamedAsTheApp() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let said = try bus.startGeoClue(latitude: 47.3769, longitude: 8.5417, accuracy: 25)
        let feed = LocationFeed()
        let provider = GeoClueProvider(desktopID: "pinmap", environment: bus.environment)
        provider.start(reporting: feed)
        defer { provider.stop() }
        let got = reports(from: feed, within: 15) { $0.contains { if case .fix = $0 { true } else { false } } }
        let fix = got.compactMap { report -> LocationFix? in if case .fix(let fix) = report { fix } else { nil } }.first
        #expect(fix == LocationFix(coordinate: Coordinate(latitude: 47.3769, longitude: 8.5417), accuracy: 25))
        // The client asked as GNOME Maps does: named, and for the exact level (8).
        #expect(LineReader(said.fileHandleForReading).next() == "start pinmap 8")
    }

    @Test func withoutGeoClueTheReasonIsSaid() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let feed = LocationFeed()
        let provider = GeoClueProvider(environment: bus.environment)
        provider.start(reporting: feed)
        defer { provider.stop() }
        let got = reports(from: feed, within: 15) { !$0.isEmpty }
        guard case .unavailable(let reason)? = got.first else {
            Issue.record("no report: \(got)")
            return
        }
        #expect(reason.hasPrefix("GeoClue: ") && reason.contains("org.freedesktop.GeoClue2"), "\(reason)")
    }

    /// The first report of a provider whose `gdbus` is the shell script `body` (or none at all).
    func firstReport(gdbus body: String?) throws -> LocationReport? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-gdbus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let body {
            let script = folder.appendingPathComponent("gdbus")
            try Data("#!/bin/sh\n\(body)\n".utf8).write(to: script)
            chmod(script.path, 0o755)
        }
        let feed = LocationFeed()
        let provider = GeoClueProvider(environment: ["PATH": folder.path, "HOME": "/tmp"])
        provider.start(reporting: feed)
        defer { provider.stop() }
        return reports(from: feed, within: 20) { !$0.isEmpty }.first
    }

    @Test func aFloodingReplyIsCutAndNamedNotBlamedOnAMissingGdbus() throws {
        // 128 MB of nonsense where a reply of a few hundred bytes belongs.
        let report = try firstReport(gdbus: "exec /usr/bin/head -c 134217728 /dev/zero")
        guard case .unavailable(let reason)? = report else { Issue.record("no report: \(String(describing: report))"); return }
        #expect(reason.contains("larger than 1 MB: not GeoClue's"), "\(reason)")
        #expect(!reason.contains("install"), "gdbus ran: \(reason)")
    }

    @Test func aMissingGdbusSaysWhatToInstall() throws {
        let report = try firstReport(gdbus: nil)
        guard case .unavailable(let reason)? = report else { Issue.record("no report: \(String(describing: report))"); return }
        #expect(reason == "GeoClue: gdbus is not installed (install libglib2.0-bin)", "\(reason)")
    }

    @Test func gdbusRepliesAreReadAndNonsenseIsNot() {
        #expect(GeoClueReplies.objectPath(in: "(objectpath '/org/freedesktop/GeoClue2/Client/1',)")
                == "/org/freedesktop/GeoClue2/Client/1")
        #expect(GeoClueReplies.objectPath(in: "(<objectpath '/'>,)") == nil, "no location yet")
        let signal = "/org/freedesktop/GeoClue2/Client/1: org.freedesktop.GeoClue2.Client.LocationUpdated "
            + "(objectpath '/', objectpath '/org/freedesktop/GeoClue2/Client/1/Location/0')"
        #expect(GeoClueReplies.updatedLocation(in: signal) == "/org/freedesktop/GeoClue2/Client/1/Location/0")
        #expect(GeoClueReplies.updatedLocation(in: "Monitoring signals on object /x owned by :1.4") == nil)
        let properties = "({'Latitude': <47.3769>, 'Longitude': <8.5417>, 'Accuracy': <20.0>, "
            + "'Altitude': <-1.7976931348623157e+308>, 'Description': <''>},)"
        #expect(GeoClueReplies.fix(in: properties)
                == LocationFix(coordinate: Coordinate(latitude: 47.3769, longitude: 8.5417), accuracy: 20))
        #expect(GeoClueReplies.fix(in: "({'Latitude': <95.0>, 'Longitude': <8.0>},)") == nil, "latitude out of range")
        #expect(GeoClueReplies.fix(in: "({'Latitude': <nan>, 'Longitude': <8.0>},)") == nil)
        #expect(GeoClueReplies.fix(in: "({'Latitude': <1.0>, 'Longitude': <2.0>, 'Accuracy': <-1.0>},)")?.accuracy == nil)
    }
}
