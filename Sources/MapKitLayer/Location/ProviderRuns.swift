import Foundation
import MapEngine

/// The runs of a location provider that listens on a thread of its own
/// (gpsd's socket, GeoClue's monitor): at most one run at a time, and
/// nothing posted once `stop()` has returned. A run keeps the `Handle` it
/// blocks on (a socket, a child process), so that `stop()` can interrupt it.
///
///     let runs = ProviderRuns<Int32> { socket in shutdown(socket, Int32(SHUT_RDWR)) }
///     runs.start(named: "pinmap.gpsd") { run in … runs.post(report, run: run, to: feed) … }
package final class ProviderRuns<Handle>: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition` (what `@unchecked Sendable` rests on; `interrupt` is immutable):
    // the current run (0 when stopped), how many runs were started, and what the run blocks on.
    private var current = 0
    private var started = 0
    private var handle: Handle?
    private let interrupt: @Sendable (Handle) -> Void

    /// Runs whose handle `interrupt` wakes (called under the lock, from `stop()`).
    package init(interrupt: @escaping @Sendable (Handle) -> Void) {
        self.interrupt = interrupt
    }

    /// Starts `body` with a new run's number on a thread named `name`, unless a run goes on.
    package func start(named name: String, _ body: @escaping @Sendable (Int) -> Void) {
        condition.lock()
        defer { condition.unlock() }
        guard current == 0 else { return }
        started += 1
        current = started
        let run = current
        let thread = Thread { body(run) }
        thread.name = name
        thread.start()
    }

    /// Ends the run: interrupts what it blocks on and wakes its pauses.
    package func stop() {
        condition.lock()
        current = 0
        if let handle { interrupt(handle) }
        handle = nil
        condition.broadcast()
        condition.unlock()
    }

    /// Posts `report` if `run` still goes on; the lock makes sure nothing
    /// is posted once `stop()` has returned.
    package func post(_ report: LocationReport, run: Int, to feed: LocationFeed) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard current == run else { return false }
        feed.post(report)
        return true
    }

    /// Keeps `handle` for `stop()` to interrupt; false, keeping nothing, when `run` has ended.
    package func keep(_ handle: Handle, run: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard current == run else { return false }
        self.handle = handle
        return true
    }

    /// Forgets the run's handle, once the run is done with it.
    package func release(run: Int) {
        condition.lock()
        if current == run { handle = nil }
        condition.unlock()
    }

    /// Waits `seconds`, waking early when stopped; true when the run goes on.
    package func pause(_ seconds: Double, run: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while current == run && condition.wait(until: deadline) {}
        return current == run
    }
}
