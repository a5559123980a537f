import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer

/// The invariant fuzzer: seeded random and extreme sessions over the whole
/// core (see `FuzzSession` for what is checked). `make test` runs a short
/// slice; `make fuzz` sets PINMAP_FUZZ_SEEDS and PINMAP_FUZZ_EVENTS for a
/// long run. A failure prints its seed and a minimised script.
@Suite @MainActor struct InvariantFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let seeds = Int(environment["PINMAP_FUZZ_SEEDS"] ?? "") ?? 16
    static let events = Int(environment["PINMAP_FUZZ_EVENTS"] ?? "") ?? 1500
    static let firstSeed = UInt64(environment["PINMAP_FUZZ_FIRST_SEED"] ?? "") ?? 1

    @Test func randomSessionsKeepEveryInvariant() throws {
        var total = 0, saves = 0, failures: [String] = []
        for seed in InvariantFuzzTests.firstSeed..<(InvariantFuzzTests.firstSeed + UInt64(InvariantFuzzTests.seeds)) {
            let (failure, played, saved) = try FuzzRunner.play(seed: seed, count: InvariantFuzzTests.events)
            total += played.count
            saves += saved
            guard let failure else { continue }
            let small = FuzzRunner.minimise(played)
            let report = "seed \(seed): \(failure)\nminimised to \(small.count) events "
                + "(\(FuzzRunner.replay(small)?.description ?? "?")):\n\(FuzzRunner.script(small))"
            print(report)
            failures.append(report)
            if failures.count >= 3 { break }
        }
        print("fuzz: \(InvariantFuzzTests.seeds) seeds, \(total) events, \(saves) saves checked, \(failures.count) failures")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
        #expect(saves > 0, "the sessions saved something, so the file checks ran")
    }
}
