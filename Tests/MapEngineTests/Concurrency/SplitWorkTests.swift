import Foundation
@testable import MapEngine
import Testing

@Suite struct SplitWorkTests {
    /// Every step runs exactly once, whichever run it falls in.
    @Test(arguments: [0, 1, 1000, SplitWork.minimumPerRun * 2, 100_003])
    func everyStepRunsOnce(count: Int) {
        var hits = [UInt8](repeating: 0, count: count)
        hits.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let out = SplitWork.Output(base: base)
            SplitWork.run(count) { range in
                for i in range { out[i] += 1 }
            }
        }
        #expect(hits.allSatisfy { $0 == 1 })
    }

    /// The runs are contiguous and in order, and small loops stay on one thread.
    @Test func runsAreContiguous() {
        let lock = NSLock()
        nonisolated(unsafe) var ranges: [Range<Int>] = []
        SplitWork.run(100_000) { range in
            lock.lock()
            ranges.append(range)
            lock.unlock()
        }
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        #expect(sorted.first?.lowerBound == 0 && sorted.last?.upperBound == 100_000)
        #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        ranges = []
        SplitWork.run(1000) { range in ranges.append(range) }
        #expect(ranges == [0..<1000])
    }

    /// What each run makes comes back in the order of the runs' ranges,
    /// which together cover the loop once.
    @Test(arguments: [0, 5, 1000, 10_007])
    func collectKeepsTheRunsInOrder(count: Int) {
        let parts = SplitWork.collect(count, minimumPerRun: 100) { range in Array(range) }
        #expect(parts.joined().elementsEqual(0..<count))
        #expect(parts.count == (count >= 200 ? min(ProcessInfo.processInfo.activeProcessorCount, 4) : 1))
    }

    /// Uneven work cut finer: several runs a core, still in order and covering the loop once.
    @Test(arguments: [0, 5, 1000, 10_007])
    func collectCutFinerKeepsTheRunsInOrder(count: Int) {
        let parts = SplitWork.collect(count, minimumPerRun: 100, runsPerCore: 4) { range in Array(range) }
        #expect(parts.joined().elementsEqual(0..<count))
        let cores = min(ProcessInfo.processInfo.activeProcessorCount, 4)
        #expect(parts.count == max(1, min(4 * cores, count / 100)))
    }
}
