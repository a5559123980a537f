import Dispatch
import Foundation

/// Splits a loop over `0..<count` into a few contiguous runs done at once,
/// one per core, and waits for all of them: for work on many points where
/// each step reads shared data and writes only its own results.
///
///     SplitWork.run(points.count) { range in for i in range { out[i] = f(points[i]) } }
package enum SplitWork {
    /// Below this many steps a run is not worth a thread.
    package static let minimumPerRun = 16_384

    /// The most runs at once: the cores this process may use (read once:
    /// asking the system costs more than a small run), at most four.
    static let mostRuns = min(ProcessInfo.processInfo.activeProcessorCount, 4)

    /// Runs `body` over `0..<count` in runs of at least `minimumPerRun` steps.
    package static func run(_ count: Int, minimumPerRun: Int = SplitWork.minimumPerRun, _ body: @Sendable (Range<Int>) -> Void) {
        let runs = max(1, min(mostRuns, count / max(minimumPerRun, 1)))
        guard runs > 1 else { return body(0..<count) }
        DispatchQueue.concurrentPerform(iterations: runs) { run in
            body(count * run / runs..<count * (run + 1) / runs)
        }
    }

    /// Runs `body` over `0..<count` in runs of at least `minimumPerRun`
    /// steps, at once, and returns what each run made, in the order of
    /// their ranges: for work whose results are lists of their own size.
    /// Work that is uneven along the range (near buildings cost more than
    /// far ones) is cut into `runsPerCore` runs a core, which the cores
    /// take in turn as they finish, so none waits long for another.
    package static func collect<Part: Sendable>(_ count: Int, minimumPerRun: Int, runsPerCore: Int = 1,
                                                _ body: @Sendable (Range<Int>) -> Part) -> [Part] {
        let runs = max(1, min(mostRuns * max(runsPerCore, 1), count / max(minimumPerRun, 1)))
        guard runs > 1 else { return [body(0..<count)] }
        var parts = [Part?](repeating: nil, count: runs)
        parts.withUnsafeMutableBufferPointer { buffer in
            let slots = Output(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: runs) { run in
                slots[run] = body(count * run / runs..<count * (run + 1) / runs)
            }
        }
        return parts.compactMap { $0 }
    }

    /// Where the runs write their results. `@unchecked Sendable` rests on
    /// the caller's promise that no two steps write the same element.
    package struct Output<Element>: @unchecked Sendable {
        /// The first element. A run in another module that writes many
        /// elements takes this pointer once: the subscript, generic, is not
        /// specialized across modules and would cost a call per element.
        package let base: UnsafeMutablePointer<Element>

        package init(base: UnsafeMutablePointer<Element>) {
            self.base = base
        }

        package subscript(_ i: Int) -> Element {
            get { base[i] }
            nonmutating set { base[i] = newValue }
        }
    }
}
