import CSDL2
import Foundation
import MapCore
import MapSDL
import Testing

/// `MapWindow.run()` as an app's main loop: the app's main-queue work,
/// timers and main-actor tasks run while the window is open, `onFrame`
/// hears every pass, and `stop()` ends it.
@MainActor @Suite(.serialized) struct MapWindowLoopTests {
    /// What ran, written on the main actor only.
    @MainActor final class Log {
        var ran: [String] = []
        func note(_ what: String) { ran.append(what) }
    }

    /// `await run()`, as from an `async` main or this test (whose main actor is not on the main thread).
    @Test func mainQueueWorkAndTasksRunInTheAsyncLoop() async throws {
        let (xvfb, display) = try XvfbWindow.startDisplay()
        defer { XvfbWindow.stop(xvfb, display: display) }
        setenv("DISPLAY", display, 1)
        defer {
            SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS))
            unsetenv("DISPLAY")
        }
        var options = MapOptions()
        options.size = Size(width: 320, height: 240)
        let window = try MapWindow(options: options, title: "loop test")
        let log = Log()
        var frames = 0, lastTime = 0.0
        let paris = PointAnnotation(coordinate: Coordinate(latitude: 48.85, longitude: 2.35), title: "Paris")
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) {
            MainActor.assumeIsolated {
                log.note("asyncAfter")
                window.map.addAnnotation(paris)
            }
        }
        Task { @MainActor in
            try? await Task.sleep(nanoseconds: 100_000_000)
            log.note("task")
        }
        DispatchQueue.global().async {
            DispatchQueue.main.async { MainActor.assumeIsolated { log.note("from another thread") } }
        }
        window.onFrame = { window, time in
            frames += 1
            lastTime = time
            if log.ran.count == 3 || frames > 600 { window.stop() }
        }
        await window.run()
        #expect(Set(log.ran) == ["asyncAfter", "task", "from another thread"], "\(log.ran)")
        // Counted in passes, not seconds: a loaded machine lends the main actor to other tests.
        #expect(frames <= 600, "stopped by the work, not the limit of 600 passes")
        #expect(lastTime > 0)
        #expect(window.map.contains(paris), "main-queue work changed the map while it was open")
    }

    /// `run()` from a program's synchronous main code, as the app
    /// did: a separate process (`MapWindowLoopCheck`) on its own display.
    @Test func mainQueueWorkTimersAndTasksRunInTheBlockingLoop() throws {
        let (xvfb, display) = try XvfbWindow.startDisplay()
        defer { XvfbWindow.stop(xvfb, display: display) }
        let check = Process()
        check.executableURL = PinmapCLITests.products.appendingPathComponent("MapWindowLoopCheck")
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        check.environment = environment
        let out = Pipe()
        check.standardOutput = out
        try check.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        #expect(check.terminationStatus == 0)
        let lines = Set(printed.split(separator: "\n").map(String.init))
        #expect(lines.isSuperset(of: ["asyncAfter", "timer", "task", "from another thread", "annotation on the map", "stopped"]),
                "\(printed)")
    }
}
