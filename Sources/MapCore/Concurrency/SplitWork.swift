import Dispatch
import Foundation

/// Splits a loop over `0..<count` into a few contiguous runs done at once,
/// one per core, and waits for all of them: for work on many points where
/// each step reads shared data and writes only its own results.
///
///     SplitWork.run(points.count) { range in for i in range { out[i] = f(points[i]) } }
enum SplitWork {
    /// Below this many steps a run is not worth a thread.
    static let minimumPerRun = 16_384

    static func run(_ count: Int, _ body: @Sendable (Range<Int>) -> Void) {
        let runs = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4, count / minimumPerRun))
        guard runs > 1 else { return body(0..<count) }
        DispatchQueue.concurrentPerform(iterations: runs) { run in
            body(count * run / runs..<count * (run + 1) / runs)
        }
    }

    /// Where the runs write their results. `@unchecked Sendable` rests on
    /// the caller's promise that no two steps write the same element.
    struct Output<Element>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Element>

        subscript(_ i: Int) -> Element {
            get { base[i] }
            nonmutating set { base[i] = newValue }
        }
    }
}
