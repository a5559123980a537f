import Foundation
import Testing

/// `--record` in the real window (Xvfb, driven with xdotool) and its
/// replay headless: the replay ends where the window ended (camera, pins,
/// selection), draws the same final frame every time, and never writes the
/// user's pins file unless asked to (`--pins-out`).
@Suite(.serialized) struct RecordReplayTests {
    let cli = PinmapCLITests()

    static let pinsText = """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "id": "paris", "geometry": {"type": "Point", "coordinates": [2.3522, 48.8566]}, "properties": {"title": "Paris"}},
      {"type": "Feature", "id": "lyon", "geometry": {"type": "Point", "coordinates": [4.8357, 45.764]}, "properties": {"title": "Lyon"}}
    ]}

    """

    struct Ending: Equatable {
        let center: [Double]
        let zoom: Double
        let pins: [String: [Double]]
        let selected: [String]
    }

    /// What a scene dump says of the camera, the pins and the selection.
    func ending(_ url: URL) throws -> Ending {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let camera = try #require(json["camera"] as? [String: Any])
        let annotations = try #require(json["annotations"] as? [[String: Any]])
        var pins: [String: [Double]] = [:], selected: [String] = []
        for annotation in annotations {
            let id = try #require(annotation["id"] as? String)
            pins[id] = annotation["coordinate"] as? [Double]
            if annotation["selected"] as? Bool == true { selected.append(id) }
        }
        return Ending(center: try #require(camera["center"] as? [Double]), zoom: try #require(camera["zoom"] as? Double),
                      pins: pins, selected: selected)
    }

    @Test func aRecordedWindowSessionReplaysHeadlessToTheSameEnd() throws {
        let dir = try cli.temporaryFolder()
        let pins = dir.appendingPathComponent("pins.geojson")
        try Data(RecordReplayTests.pinsText.utf8).write(to: pins)
        let session = dir.appendingPathComponent("session.json")
        let windowScene = dir.appendingPathComponent("window-scene.json")

        // Paris is at the window's centre; Lyon's head about (456, 381).
        let window = try XvfbWindow(arguments: ["--pins", pins.path, "--center", "48.8566,2.3522", "--zoom", "5",
                                                "--size", "800x600", "--record", session.path,
                                                "--dump-scene", windowScene.path])
        try window.press(at: (456, 381))  // carry Lyon south-east
        for step in 1...6 {
            try window.moveMouse(to: (456 + step * 12, 381 + step * 10))
            Thread.sleep(forTimeInterval: 0.05)
        }
        Thread.sleep(forTimeInterval: 0.3)
        try window.release()
        Thread.sleep(forTimeInterval: 1)
        try window.press(at: (400, 276))  // click Paris: its callout opens
        try window.release()
        Thread.sleep(forTimeInterval: 1)
        try window.scrollUp(at: (300, 300))  // and zoom in about a point
        Thread.sleep(forTimeInterval: 0.5)
        try window.scrollUp(at: (300, 300))
        Thread.sleep(forTimeInterval: 1)
        try window.quit()

        let saved = try String(contentsOf: pins, encoding: .utf8)
        #expect(saved != RecordReplayTests.pinsText, "the window saved Lyon's move")
        let inWindow = try ending(windowScene)
        #expect(inWindow.selected == ["paris"] && inWindow.zoom == 6, "the session did what it was meant to")
        #expect(inWindow.pins["lyon"] != [45.764, 4.8357], "Lyon moved")

        // The replay, twice: the same end as the window, the same pixels each time.
        var shots: [Data] = []
        for run in 0..<2 {
            let shot = dir.appendingPathComponent("end-\(run).png"), scene = dir.appendingPathComponent("replay-\(run).json")
            let outcome = try cli.pinmap(["--headless", "--script", session.path, "--screenshot", shot.path,
                                          "--dump-scene", scene.path])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(try ending(scene) == inWindow)
            shots.append(try Data(contentsOf: shot))
        }
        #expect(shots[0] == shots[1], "a replay's final frame is the same every time")
        #expect(try String(contentsOf: pins, encoding: .utf8) == saved, "replaying wrote nothing to the pins file")

        // Asked to, a replay saves into a copy of the pins it started from.
        let out = dir.appendingPathComponent("out.geojson")
        let outcome = try cli.pinmap(["--headless", "--script", session.path, "--pins-out", out.path,
                                      "--dump-scene", dir.appendingPathComponent("replay-out.json").path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try String(contentsOf: out, encoding: .utf8) == saved, "the replay's save equals the window's")
        #expect(try String(contentsOf: pins, encoding: .utf8) == saved)
    }

    @Test func aRecordingCutShortIsStillAScriptToItsLastEvent() throws {
        let dir = try cli.temporaryFolder()
        let session = dir.appendingPathComponent("session.json")
        let window = try XvfbWindow(arguments: ["--no-pins", "--size", "640x480", "--record", session.path])
        try window.scrollUp(at: (320, 240))
        Thread.sleep(forTimeInterval: 0.6)
        // Killed mid-session: no chance to finish the file.
        window.killNow()
        let text = try String(contentsOf: session, encoding: .utf8)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let events = try #require(json["events"] as? [[String: Any]])
        #expect(events.contains { $0["type"] as? String == "wheel" })
        let outcome = try cli.pinmap(["--headless", "--script", session.path,
                                      "--dump-scene", dir.appendingPathComponent("s.json").path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
    }

    @Test func filesOpenedWithoutAFlagAreInTheRecordingAndItsReplay() throws {
        let dir = try cli.temporaryFolder()
        let ride = dir.appendingPathComponent("ride.gpx")
        try Data("""
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
              <wpt lat="47.3497" lon="8.4918"><name>Uto Kulm</name></wpt>
              <trk><name>Uetliberg</name><trkseg><trkpt lat="47.3779" lon="8.5403"/><trkpt lat="47.3497" lon="8.4918"/></trkseg></trk>
            </gpx>
            """.utf8).write(to: ride)
        let session = dir.appendingPathComponent("session.json")
        let window = try XvfbWindow(arguments: [ride.path, "--size", "640x480", "--record", session.path], dataHome: dir)
        Thread.sleep(forTimeInterval: 1)
        try window.scrollUp(at: (320, 240))
        Thread.sleep(forTimeInterval: 0.5)
        try window.quit()
        let recorded = try String(contentsOf: session, encoding: .utf8)
        #expect(recorded.contains("--open") && recorded.contains(ride.path), "the file is in the header: \(recorded.prefix(600))")

        let scene = dir.appendingPathComponent("replay.json")
        let outcome = try cli.pinmap(["--headless", "--script", session.path, "--dump-scene", scene.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let dump = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: scene)) as? [String: Any])
        let overlays = try #require(dump["overlays"] as? [[String: Any]])
        #expect(overlays.compactMap { $0["id"] as? String } == ["Uetliberg"], "the replay shows the track it was recorded with")
        #expect((dump["annotations"] as? [[String: Any]])?.count == 1, "and its waypoint")
    }
}
