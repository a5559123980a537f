import Testing
@testable import MapEngine
@testable import MapKitLayer

@Suite struct ScriptPlaybackTests {
    @Test func handsOutEventsInTheFrameOfTheirTime() {
        let script = Script(events: [
            ScriptEvent(at: 0, action: .quit),
            ScriptEvent(at: 0.1, action: .screenshot(path: "a")),
            ScriptEvent(at: 0.1, action: .screenshot(path: "b")),
            ScriptEvent(at: 0.11, action: .dumpScene(path: "c")),
        ])
        var playback = ScriptPlayback(script: script)
        var frames: [(Double, Int)] = []
        while !playback.isFinished {
            let (now, events) = playback.nextFrame()
            if !events.isEmpty { frames.append((now, events.count)) }
        }
        #expect(frames.map(\.1) == [1, 2, 1])
        #expect(frames[0].0 == 0)
        #expect(frames[1].0 == 6.0 / 60, "0.1 s is frame 6 at 60 fps")
        #expect(frames[2].0 == 7.0 / 60)
    }

    @Test func anEmptyScriptIsFinishedAtOnce() {
        #expect(ScriptPlayback(script: Script(events: [])).isFinished)
    }
}
