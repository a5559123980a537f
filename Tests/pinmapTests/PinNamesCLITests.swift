import Foundation
import Testing

/// Naming a pin in a run of the program: selected with a click, Enter
/// opens the editor, the typed name and note are saved into the pin's own
/// file (and no other), and Ctrl+Z writes the file back as it was.
@Suite struct PinNamesCLITests {
    let cli = PinmapCLITests()

    func script(_ events: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("name.json")
        try Data((#"{"events":["# + events + "]}").utf8).write(to: url)
        return url
    }

    /// A click on the Paris pin's head (its tip on the 400x300 view's centre), then Enter.
    let select = #"""
        {"at":0.0,"type":"mouse-down","x":200,"y":126,"button":"left"},
        {"at":0.05,"type":"mouse-up","x":200,"y":126,"button":"left"},
        {"at":0.5,"type":"key","key":"return"},
        """#

    @Test func aNameAndNoteTypedAreSavedInThePinsFileOnly() throws {
        let folder = try cli.temporaryFolder()
        let pins = folder.appendingPathComponent("trip.geojson"), other = folder.appendingPathComponent("rome.gpx")
        try Data(DragSaveCLITests.original.utf8).write(to: pins)
        let gpx = #"<gpx version="1.1"><wpt lat="41.9" lon="12.5"><name>Rome</name></wpt></gpx>"#
        try Data(gpx.utf8).write(to: other)
        let before = try FileManager.default.attributesOfItem(atPath: other.path)[.modificationDate] as? Date
        let events = select + """
            {"at":0.6,"type":"key","key":"backspace"},{"at":0.6,"type":"key","key":"backspace"},
            {"at":0.6,"type":"key","key":"backspace"},{"at":0.6,"type":"key","key":"backspace"},
            {"at":0.6,"type":"key","key":"backspace"},
            {"at":0.7,"type":"text","text":"Париж"},
            {"at":0.8,"type":"key","key":"tab"},
            {"at":0.9,"type":"text","text":"قهوة at 9"},
            {"at":1.0,"type":"key","key":"return"},
            {"at":1.5,"type":"frame"}
            """
        let outcome = try cli.pinmap(["--headless", "--size", "400x300", "--center", "48.85,2.35", "--zoom", "5",
                                      "--script", try script(events, in: folder).path, pins.path, other.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let saved = try String(contentsOf: pins, encoding: .utf8)
        #expect(saved == DragSaveCLITests.original.replacingOccurrences(
            of: #""properties": {"title": "Paris", "note": "keep me""#,
            with: #""properties": {"description": "قهوة at 9", "title": "Париж", "note": "keep me""#), "\(saved)")
        #expect(try String(contentsOf: other, encoding: .utf8) == gpx)
        #expect(try FileManager.default.attributesOfItem(atPath: other.path)[.modificationDate] as? Date == before)
        #expect(!FileManager.default.fileExists(atPath: other.path + ".bak"))
    }

    @Test func escapeLeavesTheFileAloneAndCtrlZPutsTheNameBack() throws {
        let folder = try cli.temporaryFolder()
        let pins = folder.appendingPathComponent("trip.geojson")
        try Data(DragSaveCLITests.original.utf8).write(to: pins)
        let cancelled = select + """
            {"at":0.7,"type":"text","text":" (old town)"},
            {"at":1.0,"type":"key","key":"escape"},
            {"at":1.5,"type":"frame"}
            """
        var outcome = try cli.pinmap(["--headless", "--size", "400x300", "--center", "48.85,2.35", "--zoom", "5",
                                      "--script", try script(cancelled, in: folder).path, pins.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try String(contentsOf: pins, encoding: .utf8) == DragSaveCLITests.original)
        #expect(!FileManager.default.fileExists(atPath: pins.path + ".bak"))

        let undone = select + """
            {"at":0.7,"type":"text","text":" (old town)"},
            {"at":1.0,"type":"key","key":"return"},
            {"at":1.2,"type":"dump-scene","path":"\(folder.path)/named.json"},
            {"at":1.5,"type":"key","key":"ctrl+z"},
            {"at":2.0,"type":"frame"}
            """
        outcome = try cli.pinmap(["--headless", "--size", "400x300", "--center", "48.85,2.35", "--zoom", "5",
                                  "--script", try script(undone, in: folder).path, pins.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try String(contentsOf: folder.appendingPathComponent("named.json"), encoding: .utf8).contains("Paris (old town)"))
        #expect(try String(contentsOf: pins, encoding: .utf8) == DragSaveCLITests.original)
    }
}
