import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer

/// Script times and numbers that would hang or break a run.
@Suite struct ScriptLimitsTests {
    func message(_ json: String) -> String? {
        do {
            _ = try ScriptParser(file: "s.json").parse(Data(json.utf8))
            return nil
        } catch {
            return error.description
        }
    }

    @Test func farFutureAndAbsurdNumbersAreRefused() {
        #expect(message(#"{"events":[{"at":1e308,"type":"quit"}]}"#)
                == "s.json: event 0: field \"at\": 1e+308 is out of range (at most 1000000 either way)")
        #expect(message(#"{"events":[{"at":100000,"type":"quit"}]}"#)
                == "s.json: event 0: field \"at\": 100000.0 s is more than a day (86400 s) of virtual time")
        #expect(message(#"{"events":[{"at":0,"type":"touch-down","x":-1e300,"y":0,"finger":1}]}"#)
                == "s.json: event 0: field \"x\": -1e+300 is out of range (at most 1000000 either way)")
        #expect(message(#"{"events":[{"at":2,"type":"quit"},{"at":1,"type":"quit"}]}"#)?
                    .contains("events must be in time order") == true)
        #expect(message(#"{"events":[{"at":3600,"type":"quit"}]}"#) == nil)
    }

    @Test func idleTimeIsSkippedToTheNextEvent() {
        let script = Script(events: [ScriptEvent(at: 0, action: .quit), ScriptEvent(at: 3600, action: .quit)])
        var playback = ScriptPlayback(script: script)
        _ = playback.nextFrame()
        playback.skipIdleFrames()
        let (now, due) = playback.nextFrame()
        #expect(abs(now - 3600) < 1e-9 && due.count == 1, "one frame later, not 216,000")
    }
}
