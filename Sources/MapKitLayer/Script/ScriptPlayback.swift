import MapEngine

/// Steps a script on a virtual clock of fixed frames: each frame hands out the
/// events that are due by its time, in file order.
///
///     var playback = ScriptPlayback(script: script)
///     while !playback.isFinished {
///         let (now, due) = playback.nextFrame()
///         // apply `due`, draw the frame at `now`
///     }
package struct ScriptPlayback: Sendable {
    /// Scripts run at 60 frames per second of virtual time.
    package static let framesPerSecond = 60.0

    /// The script played.
    package let script: Script
    /// The frame the playback has reached.
    package private(set) var frame = 0
    private var nextEvent = 0

    /// A playback of `script` from its start.
    package init(script: Script) {
        self.script = script
    }

    /// True once every event has been handed out.
    package var isFinished: Bool { nextEvent >= script.events.count }

    /// The next frame's time and the events due at or before it.
    package mutating func nextFrame() -> (now: Double, events: [ScriptEvent]) {
        let now = Double(frame) / ScriptPlayback.framesPerSecond
        frame += 1
        var due: [ScriptEvent] = []
        // A small allowance so an event at 0.1 s is due in frame 6 despite rounding.
        while nextEvent < script.events.count, script.events[nextEvent].at <= now + 1e-9 {
            due.append(script.events[nextEvent])
            nextEvent += 1
        }
        return (now, due)
    }

    /// When nothing moves on the map, the frames before the next event
    /// would all look the same: jump to the first frame at which it is due,
    /// so a script that waits an hour of virtual time ends at once.
    package mutating func skipIdleFrames() {
        guard nextEvent < script.events.count else { return }
        let due = ((script.events[nextEvent].at - 1e-9) * ScriptPlayback.framesPerSecond).rounded(.up)
        if due > Double(frame) { frame = Int(due) }
    }
}
