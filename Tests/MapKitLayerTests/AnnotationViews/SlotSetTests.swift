@testable import MapEngine
@testable import MapKitLayer
import Testing

@Suite struct SlotSetTests {
    /// Random inserts and removals answer as a Set does, and list their
    /// slots in ascending order.
    @Test func behavesAsASetInSlotOrder() {
        var random = SeededGenerator(seed: 5)
        var bits = SlotSet()
        var reference = Set<Int32>()
        for step in 0..<20_000 {
            let slot = Int32.random(in: 0..<(step < 10_000 ? 300 : 5_000), using: &random)
            if Bool.random(using: &random) {
                #expect(bits.insert(slot) == reference.insert(slot).inserted)
            } else {
                #expect(bits.remove(slot) == (reference.remove(slot) != nil))
            }
            if step % 997 == 0 {
                #expect(Array(bits) == reference.sorted())
                #expect(bits.count == reference.count && bits.isEmpty == reference.isEmpty)
            }
            if step == 15_000 {
                bits.removeAll()
                reference.removeAll()
                #expect(bits.isEmpty && Array(bits).isEmpty && !bits.contains(slot))
            }
        }
        #expect(Array(bits) == reference.sorted())
        for slot in Int32(0)..<5_100 { #expect(bits.contains(slot) == reference.contains(slot)) }
    }
}
