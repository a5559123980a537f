import Foundation

/// SplitMix64: a small, fast generator whose whole sequence follows from
/// its seed, so a fuzz run or a benchmark's data can be made again exactly.
package struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The seeds a fuzz test runs: `PINMAP_FUZZ_FIRST_SEED` on (1 unless set),
/// `PINMAP_FUZZ_SEEDS` of them (`count` unless set), so `make fuzz` runs
/// more and a failing seed runs again alone.
package enum FuzzSeeds {
    package static func range(count: Int) -> Range<UInt64> {
        let environment = ProcessInfo.processInfo.environment
        let first = UInt64(environment["PINMAP_FUZZ_FIRST_SEED"].flatMap { Int($0) } ?? 1)
        let count = UInt64(environment["PINMAP_FUZZ_SEEDS"].flatMap { Int($0) } ?? count)
        return first..<(first + count)
    }
}
