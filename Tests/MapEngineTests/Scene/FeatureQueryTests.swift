import Testing
@testable import MapEngine

/// The geometry of a tap on a style's feature (`FeatureQuery`), shared with
/// overlays' hit tests: inside an area (not in its hole), near a line.
@Suite struct FeatureQueryTests {
    let outer = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)]
    let hole = [Point(x: 4, y: 4), Point(x: 6, y: 4), Point(x: 6, y: 6), Point(x: 4, y: 6)]

    @Test func aPointIsInAnAreaButNotInItsHole() {
        func inside(_ p: Point) -> Bool { [outer, hole].reduce(false) { $0 != Ring.contains($1, p) } }
        #expect(inside(Point(x: 2, y: 2)))
        #expect(!inside(Point(x: 5, y: 5)), "in the hole")
        #expect(!inside(Point(x: 12, y: 5)))
        #expect(Ring.contains(outer + [outer[0]], Point(x: 9.9, y: 0.1)), "a closed ring alike")
    }

    @Test func theDistanceToASegmentIsToItsNearestPoint() {
        let a = Point(x: 0, y: 0), b = Point(x: 10, y: 0)
        #expect(OverlayPath.distance(Point(x: 5, y: 3), toSegment: a, b) == 3)
        #expect(OverlayPath.distance(Point(x: 13, y: 4), toSegment: a, b) == 5, "past its end: to the end")
        #expect(OverlayPath.distance(Point(x: 1, y: 1), toSegment: a, a) == 2.squareRoot(), "a segment of no length is a point")
    }
}
