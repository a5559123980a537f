@testable import MapEngine
import Testing

@Suite struct TriangleDrawTests {
    /// Joined draws keep their points, colours and order, and each one's
    /// triangles still reach its own points.
    @Test func joiningMovesEachDrawsIndicesPastThePointsBeforeIt() {
        let red = Color(rgba: 255, 0, 0), blue = Color(rgba: 0, 0, 255)
        let first = TriangleDraw(points: [Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 0, y: 4)], colors: [red, red, red],
                                 indices: [0, 1, 2], opacity: 0.8, role: "buildings")
        let second = TriangleDraw(points: [Point(x: 9, y: 9), Point(x: 5, y: 5), Point(x: 9, y: 5), Point(x: 5, y: 9)],
                                  colors: [blue, blue, blue, blue], indices: [1, 2, 0, 1, 0, 3], opacity: 0.8, role: "buildings")
        let joined = TriangleDraw(joining: [first, second])
        #expect(joined.points == first.points + second.points)
        #expect(joined.colors == first.colors + second.colors)
        #expect(joined.indices == [0, 1, 2, 4, 5, 3, 4, 3, 6])
        #expect(joined.opacity == 0.8 && joined.role == "buildings")
        #expect(TriangleDraw(joining: []).indices.isEmpty)
    }
}
