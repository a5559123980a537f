import Testing
@testable import MapEngine
@testable import MapKitLayer

@Suite struct SpatialIndexTests {
    /// A small deterministic generator, so failures repeat.
    struct Lcg {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    @Test func queriesFindExactlyThePointsInside() {
        var random = Lcg(state: 42)
        var index = SpatialIndex()
        var points: [Point] = []
        for slot in 0..<5000 {
            // Half spread out, half crowded into one small area.
            let p = slot % 2 == 0 ? Point(x: random.next(), y: random.next())
                                  : Point(x: 0.3 + random.next() * 0.001, y: 0.6 + random.next() * 0.001)
            points.append(p)
            index.insert(slot: Int32(slot), at: p)
        }
        for _ in 0..<200 {
            let (x, y) = (random.next(), random.next())
            let (w, h) = (random.next() * 0.3, random.next() * 0.3)
            var found: [Int32] = []
            index.query(minX: x, minY: y, maxX: x + w, maxY: y + h, into: &found)
            let expected = points.indices.filter { i in
                points[i].x >= x && points[i].x < x + w && points[i].y >= y && points[i].y < y + h
            }
            #expect(found.map(Int.init).sorted() == expected)
        }
    }

    @Test func removedPointsAreNoLongerFound() {
        var index = SpatialIndex()
        for slot in 0..<100 { index.insert(slot: Int32(slot), at: Point(x: Double(slot) / 100, y: 0.5)) }
        let first = index.remove(slot: 10, at: Point(x: 0.1, y: 0.5))
        let second = index.remove(slot: 10, at: Point(x: 0.1, y: 0.5))
        #expect(first && !second, "removed once, then already gone")
        var found: [Int32] = []
        index.query(minX: 0, minY: 0, maxX: 1, maxY: 1, into: &found)
        #expect(found.count == 99 && !found.contains(10))
        #expect(index.count == 99)
    }

    @Test func manyPointsAtOnePlaceDoNotSplitForever() {
        var index = SpatialIndex()
        for slot in 0..<1000 { index.insert(slot: Int32(slot), at: Point(x: 0.25, y: 0.25)) }
        var found: [Int32] = []
        index.query(minX: 0.2, minY: 0.2, maxX: 0.3, maxY: 0.3, into: &found)
        #expect(found.count == 1000)
    }
}
