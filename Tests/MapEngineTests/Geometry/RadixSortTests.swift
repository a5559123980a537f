@testable import MapEngine
import Testing

@Suite struct RadixSortTests {
    /// The same order as the standard sort, for keys that vary in every
    /// byte, in a few, or not at all, and for short lists.
    @Test(arguments: [0, 5, 1023, 1024, 50_000])
    func sortsAsTheStandardSortDoes(count: Int) {
        var random = SeededGenerator(seed: UInt64(count) + 3)
        let masks: [UInt64] = [.max, 0xFFFF_FFFF_0000_0000, 0x0000_00FF_0000_FF00, 0]
        for mask in masks {
            let keys = (0..<count).map { _ in UInt64.random(in: .min ... .max, using: &random) & mask | 0x10 }
            var sorted = keys
            RadixSort.sort(&sorted)
            #expect(sorted == keys.sorted(), "mask \(String(mask, radix: 16))")
        }
        var slots = (0..<count).map { _ in Int32.random(in: 0...Int32.max, using: &random) }
        let expected = slots.sorted()
        RadixSort.sort(&slots)
        #expect(slots == expected)
    }
}
