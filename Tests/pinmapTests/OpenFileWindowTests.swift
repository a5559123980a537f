import Foundation
import Testing

/// Ctrl+O in the real window under Xvfb: the desktop's file dialog (here a
/// stand-in `zenity` on `PATH` that answers with a file) picks a track,
/// which joins the map at once; a dialog closed without a file changes
/// nothing. (`make test` installs xvfb and xdotool.)
@Suite(.serialized) struct OpenFileWindowTests {
    let cli = PinmapCLITests()

    static let walk = """
    <?xml version="1.0"?>
    <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
    <wpt lat="43.7384" lon="7.4246"><name>Palace</name></wpt>
    <trk><name>Harbour walk</name><trkseg>
    <trkpt lat="43.7350" lon="7.4200"/><trkpt lat="43.7370" lon="7.4230"/><trkpt lat="43.7410" lon="7.4300"/>
    </trkseg></trk></gpx>
    """

    /// A `zenity` that prints `answer` (and fails when it is empty, as a cancelled dialog does).
    func standInDialog(answering answer: String, in dir: URL) throws -> URL {
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let zenity = bin.appendingPathComponent("zenity")
        let script = answer.isEmpty ? "#!/bin/sh\nexit 1\n" : "#!/bin/sh\necho '\(answer)'\n"
        try Data(script.utf8).write(to: zenity)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: zenity.path)
        return bin
    }

    /// Opens the window on the embedded world at zoom 3, presses Ctrl+O,
    /// quits; the scene it drew last and the window's title before it quit.
    func sceneAfterCtrlO(answer: (URL) throws -> String) throws -> (scene: String, title: String) {
        let dir = try cli.temporaryFolder()
        let bin = try standInDialog(answering: try answer(dir), in: dir)
        let dump = dir.appendingPathComponent("scene.json")
        let window = try XvfbWindow(arguments: ["--no-pins", "--center", "20,0", "--zoom", "3", "--size", "640x400",
                                                "--dump-scene", dump.path],
                                    // No desktop portal: the dialog program is asked.
                                    environment: ["PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? ""),
                                                  "DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": dir.path])
        try window.key("ctrl+o")
        Thread.sleep(forTimeInterval: 2)  // the dialog answers, the map flies to the track
        let title = try window.title()
        try window.quit()
        return (try String(contentsOf: dump, encoding: .utf8), title)
    }

    @Test func ctrlOOpensTheChosenTrackOnTheMap() throws {
        let (scene, title) = try sceneAfterCtrlO { dir in
            let file = dir.appendingPathComponent("walk.gpx")
            try Data(Self.walk.utf8).write(to: file)
            return file.path
        }
        #expect(scene.contains(#""coordinate":[43.7384,7.4246]"#), "the track's waypoint is a pin on the map")
        let camera = try #require(scene.range(of: #""camera":{"center":["#).map { scene[$0.upperBound...] })
        #expect(camera.hasPrefix("43.7"), "the map flew to the track: \(camera.prefix(40))")
        #expect(title == "walk.gpx — pinmap", "the title names the file opened")
    }

    @Test func aDialogClosedWithoutAFileChangesNothing() throws {
        let (scene, title) = try sceneAfterCtrlO { _ in "" }
        #expect(title == "pinmap")
        #expect(scene.contains(#""annotations":[]"#))
        #expect(scene.contains(#""camera":{"center":[20,0]"#))
    }
}
