import Foundation
import Testing

/// Ctrl+O in the real window under Xvfb, answered by the desktop portal's
/// file dialog as on GNOME, KDE and Phosh: a private session bus
/// (dbus-daemon) with a fake portal (`Fixtures/fake_portal.py`, Python with
/// GLib's D-Bus) on it. The file it names joins the map; a dialog closed
/// without one changes nothing. No `zenity` is asked when the portal answers.
@Suite(.serialized) struct PortalFileChooserWindowTests {
    let cli = PinmapCLITests()

    /// A session bus of the test's own with the fake portal answering `answer` on it; both ended by `stop`.
    final class PortalBus {
        let daemon = Process(), portal = Process()
        let address: String
        let said = Pipe()

        init(answer: String) throws {
            daemon.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            daemon.arguments = ["dbus-daemon", "--session", "--nofork", "--print-address=1"]
            let printed = Pipe()
            daemon.standardOutput = printed
            try daemon.run()
            address = String(decoding: printed.fileHandleForReading.availableData, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            portal.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            portal.arguments = [URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Fixtures/fake_portal.py").path, answer]
            var environment = ProcessInfo.processInfo.environment
            environment["DBUS_SESSION_BUS_ADDRESS"] = address
            portal.environment = environment
            let ready = Pipe()
            portal.standardOutput = ready
            portal.standardError = said
            try portal.run()
            let first = String(decoding: ready.fileHandleForReading.availableData, as: UTF8.self)
            #expect(first.hasPrefix("ready"), "the fake portal did not start: \(first)")
        }

        /// Ends both with SIGKILL (children of the test's threads block SIGTERM); what the portal was asked.
        func stop() -> String {
            for process in [portal, daemon] where process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            return String(decoding: said.fileHandleForReading.availableData, as: UTF8.self)
        }
    }

    /// Opens the window at zoom 3 with the portal answering `answer`, presses Ctrl+O, quits: the last scene and what the portal heard.
    func ctrlO(answer: String, in dir: URL) throws -> (scene: String, asked: String) {
        let bus = try PortalBus(answer: answer)
        // A zenity that would leave a mark, to show it is not asked when the portal answers.
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try Data("#!/bin/sh\ntouch '\(dir.path)/zenity-asked'\nexit 1\n".utf8).write(to: bin.appendingPathComponent("zenity"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("zenity").path)
        let dump = dir.appendingPathComponent("scene.json")
        let window = try XvfbWindow(arguments: ["--no-pins", "--center", "20,0", "--zoom", "3", "--size", "640x400",
                                                "--dump-scene", dump.path],
                                    environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address,
                                                  "PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")])
        try window.key("ctrl+o")
        Thread.sleep(forTimeInterval: 2)  // the portal answers, the map flies to the track
        try window.quit()
        let asked = bus.stop()
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("zenity-asked").path))
        return (try String(contentsOf: dump, encoding: .utf8), asked)
    }

    @Test func thePortalsChoiceOpensOnTheMap() throws {
        let dir = try cli.temporaryFolder()
        let file = dir.appendingPathComponent("harbour walk.gpx")
        try Data(OpenFileWindowTests.walk.utf8).write(to: file)
        let (scene, asked) = try ctrlO(answer: file.path, in: dir)
        #expect(asked.contains("title=Open a map, track or pins file"))
        #expect(asked.contains("'*.gpx'") && asked.contains("Maps, tracks and pins"), "the filters: \(asked)")
        #expect(scene.contains(#""coordinate":[43.7384,7.4246]"#), "the track's waypoint is a pin on the map")
        let camera = try #require(scene.range(of: #""camera":{"center":["#).map { scene[$0.upperBound...] })
        #expect(camera.hasPrefix("43.7"), "the map flew to the track: \(camera.prefix(40))")
    }

    @Test func aPortalDialogClosedWithoutAFileChangesNothing() throws {
        let dir = try cli.temporaryFolder()
        let (scene, asked) = try ctrlO(answer: "cancel", in: dir)
        #expect(asked.contains("title="))
        #expect(scene.contains(#""annotations":[]"#))
        #expect(scene.contains(#""camera":{"center":[20,0]"#))
    }
}
