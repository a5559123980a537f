import Foundation
import Testing
@testable import MapEngine

@Suite struct WantedFirstQueueTests {
    /// What the queue did, from its workers' threads.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var ran: [Int] = []
        private(set) var dropped: [Int] = []
        private(set) var busiest = 0
        private var busy = 0
        let gate = DispatchSemaphore(value: 0)

        func start(_ key: Int) {
            lock.lock(); ran.append(key); busy += 1; busiest = max(busiest, busy); lock.unlock()
        }
        func finish() { lock.lock(); busy -= 1; lock.unlock() }
        func drop(_ key: Int) { lock.lock(); dropped.append(key); lock.unlock() }
        var settled: Int { lock.lock(); defer { lock.unlock() }; return ran.count + dropped.count }
    }

    func waitFor(_ log: Log, count: Int) {
        let deadline = Date().addingTimeInterval(10)
        while log.settled < count && Date() < deadline { Thread.sleep(forTimeInterval: 0.002) }
    }

    /// Six jobs, 0 to 5, wanted 5 first, each taking `seconds`, on a
    /// queue `width` wide; returns once all have run.
    func runSix(width: Int, seconds: Double) -> Log {
        let log = Log()
        let queue = WantedFirstQueue<Int>(width: width, run: { key in
            log.start(key)
            Thread.sleep(forTimeInterval: seconds)
            log.finish()
        }, drop: { log.drop($0) })
        queue.want([5, 4, 3, 2, 1, 0])
        for key in 0..<6 { queue.submit(key) }
        waitFor(log, count: 6)
        return log
    }

    @Test func runsEverythingAndNoMoreThanItsWidthAtOnce() {
        // The first two start at once; the rest wait their turn.
        let log = runSix(width: 2, seconds: 0.01)
        #expect(log.busiest <= 2)
        #expect(log.ran.count == 6 && log.dropped.isEmpty)
    }

    /// One worker takes what waits most wanted first. (With two, both
    /// finish together and take the next two at once, and which of them
    /// says it started first is up to the threads.)
    @Test func takesTheMostWantedFirst() {
        let log = runSix(width: 1, seconds: 0.005)
        #expect(log.ran.count == 6 && log.dropped.isEmpty)
        #expect(Array(log.ran.dropFirst()) == Array(log.ran.dropFirst()).sorted(by: >),
                "after the first, in wanted order (5 before 4 …): \(log.ran)")
    }

    @Test func dropsWhatIsNoLongerWantedWhenItsTurnComes() {
        let log = Log()
        let queue = WantedFirstQueue<Int>(width: 1, run: { key in
            log.start(key)
            if key == 0 { log.gate.wait() }
            log.finish()
        }, drop: { log.drop($0) })
        queue.want([0, 1, 2, 3])
        for key in 0..<4 { queue.submit(key) }
        waitFor(log, count: 1)
        // While 0 runs, the screen moves on: only 3 is still wanted.
        queue.want([3])
        log.gate.signal()
        waitFor(log, count: 4)
        #expect(log.ran == [0, 3])
        #expect(log.dropped.sorted() == [1, 2])
    }
}
