import Testing
@testable import MapEngine

@Suite struct RectTests {
    let square = Rect(x: 0, y: 0, width: 10, height: 10)

    /// The area of the pieces, and whether any two overlap.
    func area(_ pieces: [Rect]) -> Double { pieces.reduce(0) { $0 + $1.width * $1.height } }
    func overlap(_ pieces: [Rect]) -> Bool {
        pieces.indices.contains { i in pieces.indices.contains { j in i < j && pieces[i].intersects(pieces[j]) } }
    }

    @Test func aShiftedCopyLeavesOneStrip() {
        let pieces = square.subtracting(square.offsetBy(Point(x: 3, y: 0)))
        #expect(pieces == [Rect(x: 0, y: 0, width: 3, height: 10)])
    }

    @Test func aDiagonalShiftLeavesAnLShape() {
        let pieces = square.subtracting(square.offsetBy(Point(x: 2, y: -3)))
        #expect(area(pieces) == 100 - 8 * 7)
        #expect(!overlap(pieces))
        #expect(pieces.allSatisfy { !$0.intersects(square.offsetBy(Point(x: 2, y: -3))) })
    }

    @Test func aHoleInTheMiddleLeavesFourPieces() {
        let pieces = square.subtracting(Rect(x: 4, y: 4, width: 2, height: 2))
        #expect(pieces.count == 4 && area(pieces) == 96 && !overlap(pieces))
    }

    @Test func disjointAndCoveringRectangles() {
        #expect(square.subtracting(Rect(x: 20, y: 0, width: 5, height: 5)) == [square])
        #expect(square.subtracting(square.insetBy(-1)).isEmpty)
        #expect(square.subtracting(square).isEmpty)
    }
}
