import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer
import FileAccess

@Suite struct ScriptParserTests {
    func parse(_ json: String) throws(ScriptError) -> Script {
        try ScriptParser(file: "s.json").parse(Data(json.utf8))
    }

    @Test func parsesEveryEventType() throws {
        let script = try parse("""
            {"events":[{"at":0.0,"type":"mouse-down","x":400,"y":300,"button":"left"},
            {"at":0.1,"type":"mouse-move","x":450,"y":300},
            {"at":0.2,"type":"mouse-up","x":450,"y":300},
            {"at":0.3,"type":"wheel","x":400,"y":300,"dy":1},
            {"at":0.4,"type":"key","key":"ctrl+q"},
            {"at":1.0,"type":"screenshot","path":"a.png"},
            {"at":1.0,"type":"dump-scene","path":"a.json"},
            {"at":2,"type":"quit"}]}
            """)
        #expect(script.events.map(\.action) == [
            .input(.pointer(PointerEvent(phase: .down, location: Point(x: 400, y: 300), button: .left))),
            .input(.pointer(PointerEvent(phase: .move, location: Point(x: 450, y: 300)))),
            .input(.pointer(PointerEvent(phase: .up, location: Point(x: 450, y: 300), button: .left))),
            .input(.wheel(at: Point(x: 400, y: 300), dx: 0, dy: 1)),
            .input(.key(KeyPress("q", modifiers: .control))),
            .screenshot(path: "a.png"), .dumpScene(path: "a.json"), .quit,
        ])
        #expect(script.events.map(\.at) == [0, 0.1, 0.2, 0.3, 0.4, 1, 1, 2])
    }

    @Test func parsesTouchEventsWithTheirFingers() throws {
        let script = try parse("""
            {"events":[{"at":0,"type":"touch-down","finger":1,"x":10,"y":20},
            {"at":0.1,"type":"touch-move","finger":2,"x":11,"y":21},
            {"at":0.2,"type":"touch-up","finger":1,"x":12,"y":22},
            {"at":0.3,"type":"touch-cancel","finger":2,"x":13,"y":23}]}
            """)
        #expect(script.events.map(\.action) == [
            .input(.pointer(PointerEvent(phase: .down, location: Point(x: 10, y: 20), kind: .touch, id: 1))),
            .input(.pointer(PointerEvent(phase: .move, location: Point(x: 11, y: 21), kind: .touch, id: 2))),
            .input(.pointer(PointerEvent(phase: .up, location: Point(x: 12, y: 22), kind: .touch, id: 1))),
            .input(.pointer(PointerEvent(phase: .cancel, location: Point(x: 13, y: 23), kind: .touch, id: 2))),
        ])
    }

    @Test(arguments: [
        (#"{"events":[{"at":0,"type":"touch-down","x":1,"y":2}]}"#,
         "s.json: event 0: field \"finger\": missing; expected a number"),
        (#"{"events":[{"at":0,"type":"touch-up","finger":1.5,"x":1,"y":2}]}"#,
         "s.json: event 0: field \"finger\": must be a whole number from 0, the finger's id"),
        (#"{"events":[{"at":0,"type":"touch-move","finger":-1,"x":1,"y":2}]}"#,
         "s.json: event 0: field \"finger\": must be a whole number from 0, the finger's id"),
        (#"{"events":[{"at":0,"type":"touch-cancel","finger":"a","x":1,"y":2}]}"#,
         "s.json: event 0: field \"finger\": must be a number"),
        (#"{"events":[{"at":0,"type":"touch-down","finger":0,"y":2}]}"#,
         "s.json: event 0: field \"x\": missing; expected a number"),
    ])
    func rejectsBadTouchEvents(json: String, message: String) {
        #expect(throws: ScriptError.self) { try parse(json) }
        do {
            _ = try parse(json)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test(arguments: [
        ("{", "s.json: not valid JSON"),
        ("[]", "s.json: expected an object with an \"events\" array"),
        (#"{"events":3}"#, "s.json: field \"events\": must be an array"),
        (#"{"events":[5]}"#, "s.json: event 0: must be an object"),
        (#"{"events":[{"at":0}]}"#, "s.json: event 0: field \"type\": missing"),
        (#"{"events":[{"at":0,"type":"jump"}]}"#, "s.json: event 0: field \"type\": unknown type \"jump\""),
        (#"{"events":[{"type":"quit"}]}"#, "s.json: event 0: field \"at\": missing; expected a number"),
        (#"{"events":[{"at":-1,"type":"quit"}]}"#, "s.json: event 0: field \"at\": must not be negative"),
        (#"{"events":[{"at":0,"type":"mouse-down","x":"1","y":2}]}"#, "s.json: event 0: field \"x\": must be a number"),
        (#"{"events":[{"at":0,"type":"mouse-down","x":true,"y":2}]}"#, "s.json: event 0: field \"x\": must be a number"),
        (#"{"events":[{"at":0,"type":"mouse-up","x":1}]}"#, "s.json: event 0: field \"y\": missing; expected a number"),
        (#"{"events":[{"at":0,"type":"mouse-down","x":1,"y":2,"button":"thumb"}]}"#,
         "s.json: event 0: field \"button\": must be left, right or middle"),
        (#"{"events":[{"at":0,"type":"key","key":"hyper"}]}"#, "s.json: event 0: field \"key\": unknown key \"hyper\""),
        (#"{"events":[{"at":0,"type":"screenshot"}]}"#, "s.json: event 0: field \"path\": missing; expected a string"),
        (#"{"events":[{"at":1,"type":"quit"},{"at":0.5,"type":"quit"}]}"#,
         "s.json: event 1: field \"at\": 0.5 is earlier than the event before it (1.0)"),
    ])
    func namesTheEventAndFieldOfEachFault(_ json: String, _ expectedStart: String) {
        do {
            _ = try parse(json)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.description.hasPrefix(expectedStart), "got: \(error.description)")
        }
    }

    @Test func aMissingFileIsNamed() {
        #expect(throws: ScriptError.self) { try Script.load(from: URL(fileURLWithPath: "/nonexistent/s.json"), files: DiskFiles()) }
        do {
            _ = try Script.load(from: URL(fileURLWithPath: "/nonexistent/s.json"), files: DiskFiles())
        } catch {
            #expect(error.description.hasPrefix("/nonexistent/s.json: cannot be read"))
        }
    }
}
