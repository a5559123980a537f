import Testing
@testable import MapEngine

/// The one eviction rule of every cache: nothing within the limit, then the
/// least recently used that are not pinned, down to the target.
@Suite struct EvictionPolicyTests {
    struct Entry: Equatable {
        var name: String
        var used: Int
        var size: Int
        var pinned = false
    }

    let entries = [Entry(name: "a", used: 5, size: 30), Entry(name: "b", used: 1, size: 20),
                   Entry(name: "c", used: 3, size: 40, pinned: true), Entry(name: "d", used: 2, size: 10)]

    func names(_ policy: EvictionPolicy, total: Int) -> [String] {
        policy.victims(entries, total: total, lastUse: \.used, cost: \.size, isPinned: \.pinned).map(\.name)
    }

    @Test func withinTheLimitNothingGoes() {
        #expect(names(EvictionPolicy(limit: 100), total: 100).isEmpty)
    }

    @Test func pastTheLimitTheLeastRecentlyUsedGoFirstUntilItFits() {
        // 100 in a limit of 80: b (used 1, 20) brings it to 80.
        #expect(names(EvictionPolicy(limit: 80), total: 100) == ["b"])
        // A limit of 60: b, then d (used 2), then a (used 5); c is pinned.
        #expect(names(EvictionPolicy(limit: 60), total: 100) == ["b", "d", "a"])
    }

    @Test func aPinnedEntryStaysEvenWhenTheTotalStaysOver() {
        #expect(names(EvictionPolicy(limit: 10), total: 100) == ["b", "d", "a"])
    }

    @Test func aShareKeptEvictsInBulkDownToItsTarget() {
        let policy = EvictionPolicy(limit: 90, keepingAfterEviction: 0.5)
        #expect(policy.target == 45)
        #expect(names(policy, total: 100) == ["b", "d", "a"])
        #expect(names(policy, total: 90).isEmpty)
    }

    @Test func equalUsesKeepTheirOrderAndCountsAreTheDefaultCost() {
        let policy = EvictionPolicy(limit: 2)
        #expect(policy.victims(["x", "y", "z", "w"], total: 4, lastUse: { _ in 0 }) == ["x", "y"])
    }

    @Test func aLimitThatIsNotANumberIsNoLimitBelowZero() {
        let policy = EvictionPolicy(limit: -5, keepingAfterEviction: .nan)
        #expect(policy.limit == 0 && policy.target == 0)
    }
}
