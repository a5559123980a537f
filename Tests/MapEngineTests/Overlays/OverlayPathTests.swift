import Foundation
import Testing
@testable import MapEngine

@Suite struct OverlayPathTests {
    @Test func aLineAcrossTheAntimeridianRunsOnInsteadOfJumpingBack() {
        let path = OverlayPath([Coordinate(latitude: 0, longitude: 170), Coordinate(latitude: 0, longitude: -170)])
        #expect(abs(path.points[0].x - (350.0 / 360)) < 1e-12)
        #expect(abs(path.points[1].x - (370.0 / 360)) < 1e-12, "20° east, past the world's edge")
        #expect(abs(path.bounds.width - 20.0 / 360) < 1e-12)
    }

    @Test func simplificationKeepsTheEndsAndStaysWithinItsTolerance() {
        // A zigzag of 1,001 points whose teeth are 1e-6 high on a straight run.
        let points = (0...1000).map { Point(x: Double($0) / 1000, y: 0.5 + ($0 % 2 == 0 ? 0 : 1e-6)) }
        let path = OverlayPath(points: points)
        let coarse = path.points(tolerance: 2e-6)
        #expect(coarse == [points.first!, points.last!])
        #expect(path.points(tolerance: 5e-7).count == points.count, "teeth higher than the tolerance stay")
        #expect(path.points(tolerance: 0) == points)
    }

    @Test func aSimplifiedLineStraysNoFartherThanTheTolerance() {
        // A wiggly line: every dropped point must lie within the tolerance of the kept line.
        let points = (0..<2000).map { i -> Point in
            let t = Double(i) / 2000
            return Point(x: t, y: 0.5 + 0.01 * sin(t * 40) + 0.001 * sin(t * 977))
        }
        let path = OverlayPath(points: points)
        for tolerance in [1e-3, 1e-4, 1e-5] {
            let kept = path.points(tolerance: tolerance)
            #expect(kept.count < points.count)
            var worst = 0.0
            for p in points { worst = max(worst, OverlayHitTest.distance(from: p, toLine: kept, closed: false)) }
            #expect(worst <= tolerance * 1.0000001, "tolerance \(tolerance): strays \(worst)")
        }
    }

    @Test func ranksOfAMillionPointsAreQuick() {
        // Not a timing test: a straight-ish track of a million points is ranked at all (no quadratic blow-up hangs CI).
        let points = (0..<1_000_000).map { Point(x: Double($0) / 1e6, y: 0.5 + 1e-7 * Double($0 % 7)) }
        let path = OverlayPath(points: points)
        #expect(path.points(tolerance: 1e-3).count == 2)
    }
}
