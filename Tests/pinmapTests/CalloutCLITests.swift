import Foundation
import Testing

/// Callouts in scripted headless runs: taps print `callout-action` lines,
/// buttons act, and a bad layout file is reported and replaced.
@Suite struct CalloutCLITests {
    let cli = PinmapCLITests()

    static let pins = """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "id": "paris", "geometry": {"type": "Point", "coordinates": [2.35, 48.85]},
           "properties": {"title": "Paris", "subtitle": "France", "callout": "place"}},
          {"type": "Feature", "id": "rome", "geometry": {"type": "Point", "coordinates": [12.5, 41.9]},
           "properties": {"title": "Rome", "callout": "broken"}}]}

        """

    /// The Paris pin's head: its tip is on the centre of the 400x300 view.
    static let head = (x: 200, y: 126)

    func script(_ events: String, in folder: URL, name: String = "s.json") throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(#"{"events":["#.utf8 + Data(events.utf8) + Data("]}".utf8)).write(to: url)
        return url
    }

    func click(_ x: Double, _ y: Double, at t: Double) -> String {
        #"{"at":\#(t),"type":"mouse-down","x":\#(x),"y":\#(y),"button":"left"},"#
            + #"{"at":\#(t + 0.05),"type":"mouse-up","x":\#(x),"y":\#(y),"button":"left"}"#
    }

    func run(_ arguments: [String], script: URL) throws -> PinmapCLITests.Outcome {
        try cli.pinmap(["--headless", "--size", "400x300", "--center", "48.85,2.35", "--zoom", "5",
                        "--script", script.path] + arguments)
    }

    /// The centre of the control with `action` in a scene dump.
    func control(_ action: String, in dump: URL) throws -> (x: Double, y: Double) {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: dump)) as? [String: Any]
        let commands = json?["commands"] as? [[String: Any]] ?? []
        let rect = try #require(commands.first { $0["action"] as? String == action }?["rect"] as? [Double])
        return (rect[0] + rect[2] / 2, rect[1] + rect[3] / 2)
    }

    @Test func clickingAPinThenItsDetailButtonPrintsTheActionAndOpensTheDetails() throws {
        let folder = try cli.temporaryFolder()
        // First find where the detail button is, as a script writer would.
        let look = try script(click(200, 126, at: 0.1) + #",{"at":1,"type":"dump-scene","path":"\#(folder.path)/open.json"}"#,
                              in: folder, name: "look.json")
        #expect(try run([], script: look).status == 0)
        let detail = try control("details", in: folder.appendingPathComponent("open.json"))
        let tap = try script(click(200, 126, at: 0.1) + "," + click(detail.x, detail.y, at: 1)
                                 + #",{"at":1.5,"type":"dump-scene","path":"\#(folder.path)/details.json"}"#, in: folder)
        let outcome = try run([], script: tap)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "callout-action paris details\n")
        let dump = try String(contentsOf: folder.appendingPathComponent("details.json"), encoding: .utf8)
        #expect(dump.contains(#""role":"details-panel""#))
        #expect(dump.contains("48.8566° N, 2.3522° E"))
        #expect(dump.contains(#""selected":true"#))
    }

    /// An id from a file holding a newline, a tab, quotes or control
    /// characters cannot forge a line nor a field: it is quoted with them escaped.
    @Test(arguments: [
        ("paris\ncallout-action forged delete", #""paris\ncallout-action forged delete""#),
        ("a\tb c", #""a\tb c""#),
        ("say \"hi\" \\ bye", #""say \"hi\" \\ bye""#),
        ("bell\u{07}esc\u{1B}[2Jdel\u{7F}", #""bell\u{7}esc\u{1B}[2Jdel\u{7F}""#),
        ("line\u{2028}sep", #""line\u{2028}sep""#),
    ])
    func anIdWithControlCharactersIsQuotedOnItsOneLine(_ id: String, _ printed: String) throws {
        let folder = try cli.temporaryFolder()
        let file = folder.appendingPathComponent("pins.geojson")
        let quotedID = String(decoding: try JSONSerialization.data(withJSONObject: [id]), as: UTF8.self).dropFirst().dropLast()
        try Data(Self.pins.replacingOccurrences(of: #""id": "paris""#, with: #""id": \#(quotedID)"#).utf8).write(to: file)
        let look = try script(click(200, 126, at: 0.1) + #",{"at":1,"type":"dump-scene","path":"\#(folder.path)/open.json"}"#,
                              in: folder, name: "look.json")
        #expect(try run(["--pins", file.path], script: look).status == 0)
        let detail = try control("details", in: folder.appendingPathComponent("open.json"))
        let tap = try script(click(200, 126, at: 0.1) + "," + click(detail.x, detail.y, at: 1), in: folder)
        let outcome = try run(["--pins", file.path], script: tap)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "callout-action \(printed) details\n")
    }

    @Test func deletePinSavesTheFileWithoutItAndCtrlZPutsItBack() throws {
        let folder = try cli.temporaryFolder()
        let file = folder.appendingPathComponent("pins.geojson")
        try Data(Self.pins.utf8).write(to: file)
        let look = try script(click(200, 126, at: 0.1) + #",{"at":1,"type":"dump-scene","path":"\#(folder.path)/open.json"}"#,
                              in: folder, name: "look.json")
        #expect(try run(["--pins", file.path], script: look).status == 0)
        let delete = try control("delete", in: folder.appendingPathComponent("open.json"))
        let tap = try script(click(200, 126, at: 0.1) + "," + click(delete.x, delete.y, at: 1)
                                 + #",{"at":1.5,"type":"dump-scene","path":"\#(folder.path)/deleted.json"}"#, in: folder)
        let outcome = try run(["--pins", file.path], script: tap)
        #expect(outcome.stdout == "callout-action paris delete\n")
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(!saved.contains(#""id": "paris""#))
        #expect(saved.contains(#""id": "rome""#))
        let dump = try String(contentsOf: folder.appendingPathComponent("deleted.json"), encoding: .utf8)
        #expect(dump.contains("Deleted “Paris”. Ctrl+Z brings it back."))
        // Delete it again and take it back: the file is as it was.
        try Data(Self.pins.utf8).write(to: file)
        let undo = try script(click(200, 126, at: 0.1) + "," + click(delete.x, delete.y, at: 1)
                                  + #",{"at":1.5,"type":"key","key":"ctrl+z"}"#, in: folder, name: "undo.json")
        #expect(try run(["--pins", file.path], script: undo).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.pins)
    }

    @Test func aBadLayoutFileIsNamedWithItsFieldAndItsPinGetsTheStandardCallout() throws {
        let folder = try cli.temporaryFolder()
        let layouts = folder.appendingPathComponent("layouts")
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        try Data(#"{"elements": [{"type": "label", "text": "{title}", "size": "big"}]}"#.utf8)
            .write(to: layouts.appendingPathComponent("broken.json"))
        let file = folder.appendingPathComponent("pins.geojson")
        try Data(Self.pins.utf8).write(to: file)
        // Rome is in the middle of this view.
        let open = try script(#"{"at":0.1,"type":"key","key":"escape"},{"at":1,"type":"dump-scene","path":"\#(folder.path)/rome.json"}"#,
                              in: folder)
        let outcome = try cli.pinmap(["--headless", "--size", "400x300", "--center", "41.9,12.5", "--zoom", "5",
                                      "--pins", file.path, "--callouts", layouts.path, "--script", open.path])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains(#"layouts/broken.json: field "elements[0].size": is a string, not a number"#),
                "\(outcome.stderr)")
        let clickRome = try script(click(200, 126, at: 0.1) + #",{"at":1,"type":"dump-scene","path":"\#(folder.path)/rome.json"}"#,
                                   in: folder, name: "rome-click.json")
        let clicked = try cli.pinmap(["--headless", "--size", "400x300", "--center", "41.9,12.5", "--zoom", "5",
                                      "--pins", file.path, "--callouts", layouts.path, "--script", clickRome.path])
        #expect(clicked.status == 0)
        let dump = try String(contentsOf: folder.appendingPathComponent("rome.json"), encoding: .utf8)
        #expect(dump.contains(#""role":"callout""#))
        #expect(!dump.contains(#""kind":"gradient""#))
        #expect(dump.contains(#""text":"Rome""#))
        #expect(dump.contains("Layout not used: "))
    }

    @Test func callOutsMustBeAFolder() throws {
        let outcome = try cli.pinmap(["--headless", "--screenshot", "/tmp/x.png", "--callouts", "/nonexistent"])
        #expect(outcome.status == 64 || outcome.status == 2)
        #expect(outcome.stderr.contains("--callouts: /nonexistent is not a folder"))
    }
}
