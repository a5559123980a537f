import Foundation

/// The most memory the process has held so far (its peak resident set),
/// as the kernel counts it: what "memory at the first frame" means in
/// `--verbose` and the benchmark.
enum PeakMemory {
    static func megabytes() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return Double(usage.ru_maxrss) / 1024
    }
}
