import Foundation
@testable import MapEngine
import Testing

/// Roofs cut into triangles: the triangles cover the polygon exactly (their
/// areas add up to its area), whatever the ring's direction, a notch or a courtyard.
@Suite struct TriangulationTests {
    func area(_ a: Point, _ b: Point, _ c: Point) -> Double { abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / 2 }

    func coveredArea(_ rings: [[Point]]) -> Double {
        let points = rings.flatMap { $0 }
        let indices = Triangulation.triangles(rings: rings)
        return stride(from: 0, to: indices.count, by: 3).reduce(0) {
            $0 + area(points[Int(indices[$1])], points[Int(indices[$1 + 1])], points[Int(indices[$1 + 2])])
        }
    }

    let square = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)]

    @Test func aSquareEitherWayRound() {
        #expect(Triangulation.triangles(rings: [square]).count == 6)
        #expect(abs(coveredArea([square]) - 100) < 1e-9)
        #expect(abs(coveredArea([square.reversed()]) - 100) < 1e-9)
    }

    @Test func anLShapedBuilding() {
        let l = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 4), Point(x: 4, y: 4), Point(x: 4, y: 10), Point(x: 0, y: 10)]
        #expect(Triangulation.triangles(rings: [l]).count == 12)
        #expect(abs(coveredArea([l]) - 64) < 1e-9)
    }

    @Test func aCourtyardIsLeftOpen() {
        let yard = [Point(x: 3, y: 3), Point(x: 7, y: 3), Point(x: 7, y: 7), Point(x: 3, y: 7)]
        #expect(abs(coveredArea([square, yard]) - 84) < 1e-9)
        #expect(abs(coveredArea([square.reversed(), yard]) - 84) < 1e-9)
    }

    @Test func tooFewPointsGiveNothing() {
        #expect(Triangulation.triangles(rings: []).isEmpty)
        #expect(Triangulation.triangles(rings: [[Point(x: 0, y: 0), Point(x: 1, y: 1)]]).isEmpty)
    }
}
