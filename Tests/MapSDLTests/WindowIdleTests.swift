@testable import MapSDL
import Testing

/// A window left open sleeps: a frame's wait just after input or a frame
/// (so main-queue work from other threads runs soon), a quarter second once
/// nothing has happened for two seconds, never past the next timer.
@Suite struct WindowIdleTests {
    @Test func aMapAtRestWakesFourTimesASecondNotSixty() {
        #expect(MapWindow.idleWait(sinceActivity: 0.1, untilTimer: nil) == 1.0 / 60, "just after input: a frame")
        #expect(MapWindow.idleWait(sinceActivity: 1.9, untilTimer: nil) == 1.0 / 60)
        #expect(MapWindow.idleWait(sinceActivity: 2.5, untilTimer: nil) == 0.25, "at rest: a quarter second")
        #expect(MapWindow.idleWait(sinceActivity: 60, untilTimer: 0.05) == 0.05, "a timer due sooner wakes it")
        #expect(MapWindow.idleWait(sinceActivity: 60, untilTimer: -1) == 0, "a timer overdue: no sleep")
        #expect(MapWindow.idleWait(sinceActivity: 60, untilTimer: 9) == 0.25)
    }
}
