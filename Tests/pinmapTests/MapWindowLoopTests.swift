import CSDL2
import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import Testing

/// `MapWindow.run()` as an app's main loop: the app's main-queue work,
/// timers and main-actor tasks run while the window is open, `onFrame`
/// hears every pass, and `stop()` ends it.
@Suite(.serialized) struct MapWindowLoopTests {
    /// `run()` from a program's main code, as an app calls it (`await runAsync()`
    /// with `--async`): a separate process (`MapWindowLoopCheck`) on its own display.
    @Test(arguments: [false, true]) func mainQueueWorkTimersAndTasksRunWhileTheWindowIsOpen(async: Bool) throws {
        let (xvfb, display) = try XvfbWindow.startDisplay()
        defer { XvfbWindow.stop(xvfb, display: display) }
        let check = Process()
        check.executableURL = PinmapCLITests.products.appendingPathComponent("MapWindowLoopCheck")
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        check.environment = environment
        check.arguments = async ? ["--async"] : []
        let out = Pipe()
        check.standardOutput = out
        try check.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        #expect(check.terminationStatus == 0)
        let lines = Set(printed.split(separator: "\n").map(String.init))
        let expected: Set = ["asyncAfter", "task", "from another thread", "dropped /tmp/dropped walk.gpx", "annotation on the map", "stopped"]
        #expect(lines.isSuperset(of: async ? expected : expected.union(["timer"])), "\(printed)")
    }
}
