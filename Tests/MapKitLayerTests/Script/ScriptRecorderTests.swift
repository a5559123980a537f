import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer
import FileAccess

/// What a window records reads back as the same script, and the file is a
/// valid script after every event.
struct ScriptRecorderTests {
    static let events: [ScriptEvent] = [
        ScriptEvent(at: 0.001, action: .frame),
        ScriptEvent(at: 0.25, action: .input(.pointer(PointerEvent(phase: .move, location: Point(x: 400.5, y: 300))))),
        ScriptEvent(at: 0.5, action: .input(.pointer(PointerEvent(phase: .down, location: Point(x: 1, y: 2), button: .right)))),
        ScriptEvent(at: 0.5, action: .input(.pointer(PointerEvent(phase: .up, location: Point(x: 1, y: 2), button: .right)))),
        ScriptEvent(at: 0.75, action: .input(.pointer(PointerEvent(phase: .down, location: Point(x: 10, y: 20),
                                                                   kind: .touch, id: 3)))),
        ScriptEvent(at: 0.8, action: .input(.pointer(PointerEvent(phase: .cancel, location: Point(x: 10, y: 20),
                                                                  kind: .touch, id: 3)))),
        ScriptEvent(at: 1.0 / 3, action: .input(.wheel(at: Point(x: 5, y: 6), dx: 0, dy: -1.25))),
        ScriptEvent(at: 1.5, action: .input(.key(KeyPress("z", modifiers: [.control, .shift])))),
        ScriptEvent(at: 1.5, action: .input(.key(KeyPress("plus")))),
        ScriptEvent(at: 2, action: .input(.resize(Size(width: 1280, height: 720)))),
        ScriptEvent(at: 2, action: .input(.focusLost)),
        ScriptEvent(at: 3, action: .quit),
    ]

    @Test func everyKindOfEventReadsBackAsItWasRecorded() throws {
        // Closing the window reads back as the script's own quit: a replay ends there either way.
        let closed = ScriptEvent(at: 4, action: .input(.quit))
        #expect(try Script.parse(Data("{\"events\":[\(closed.json)]}".utf8), file: "q.json").events
                    == [ScriptEvent(at: 4, action: .quit)])
        for event in ScriptRecorderTests.events {
            let text = "{\"events\":[\(event.json)]}"
            let script = try Script.parse(Data(text.utf8), file: "e.json")
            #expect(script.events == [event], "\(event.json)")
        }
    }

    @Test func theFileIsAValidScriptAfterEveryEvent() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rec-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let header = Script.Recording(version: "0.7.0", size: Size(width: 800, height: 600), scale: 2,
                                      flags: ["--center", "48.8566,2.3522", "--pins", "/tmp/a \"b\".geojson"])
        let recorder = try ScriptRecorder(path: path, recording: header)
        var written: [ScriptEvent] = []
        let sorted = ScriptRecorderTests.events.sorted { $0.at < $1.at }
        #expect(try Script.load(from: URL(fileURLWithPath: path), files: DiskFiles()) == Script(events: [], recording: header))
        for event in sorted {
            try recorder.record(event)
            written.append(event)
            let script = try Script.load(from: URL(fileURLWithPath: path), files: DiskFiles())
            #expect(script.events == written)
            #expect(script.recording == header)
        }
        recorder.close()
        try recorder.record(sorted[0])  // after close: dropped, the file stays whole
        #expect(try Script.load(from: URL(fileURLWithPath: path), files: DiskFiles()).events == written)
    }

    @Test func aFileThatCannotBeWrittenIsNamed() {
        #expect {
            _ = try ScriptRecorder(path: "/nonexistent-folder/rec.json",
                                   recording: Script.Recording(version: "", size: Size(width: 1, height: 1), scale: 1, flags: []))
        } throws: { error in
            (error as? ScriptRecorderError)?.description.hasPrefix("/nonexistent-folder/rec.json: cannot be recorded to") == true
        }
    }

    @Test func aBadRecordingHeaderIsRefusedWithItsField() {
        let text = #"{"recording":{"width":800,"height":600,"scale":3},"events":[]}"#
        #expect(throws: ScriptError(file: "r.json", field: "recording", reason: "scale must be 1 or 2")) {
            try Script.parse(Data(text.utf8), file: "r.json")
        }
    }
}
