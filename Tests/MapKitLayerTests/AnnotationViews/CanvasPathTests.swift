import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer

/// Shapes as the rasteriser gets them: in pixels, curves cut fine enough to look round.
@Suite struct CanvasPathTests {
    @Test func aRectangleIsItsFourCornersClosed() {
        let lines = CanvasPath.rect(Rect(x: 2, y: 3, width: 10, height: 4)).polylines(scale: 2)
        #expect(lines.count == 1)
        #expect(lines[0].closed)
        #expect(lines[0].points == [Point(x: 4, y: 6), Point(x: 24, y: 6), Point(x: 24, y: 14), Point(x: 4, y: 14)])
    }

    @Test func aCircleStaysOnItsRadiusWithinATenthOfAPixel() throws {
        let lines = CanvasPath.circle(center: Point(x: 20, y: 20), radius: 16).polylines(scale: 2)
        let ring = try #require(lines.first)
        #expect(ring.closed)
        #expect(ring.points.count > 40, "a circle 64 pixels across needs more than \(ring.points.count) points to look round")
        for p in ring.points {
            #expect(abs((p - Point(x: 40, y: 40)).length - 32) < 0.1, "\(p) is off the circle")
        }
        // The midpoints of its chords sag less than a quarter pixel inside.
        for (a, b) in zip(ring.points, ring.points.dropFirst()) {
            #expect((((a + b) / 2) - Point(x: 40, y: 40)).length > 31.75)
        }
    }

    @Test func aRoundedRectangleKeepsItsStraightSidesAndRoundsItsCorners() throws {
        let rect = Rect(x: 0, y: 0, width: 40, height: 20)
        let ring = try #require(CanvasPath.roundedRect(rect, cornerRadius: 6).polylines(scale: 1).first)
        #expect(ring.points.allSatisfy { $0.x >= -1e-9 && $0.x <= 40 + 1e-9 && $0.y >= -1e-9 && $0.y <= 20 + 1e-9 })
        // The top edge runs straight from x 6 to x 34; the corner itself is cut off.
        #expect(ring.points.contains { abs($0.y) < 1e-9 && abs($0.x - 6) < 1e-9 })
        #expect(ring.points.contains { abs($0.y) < 1e-9 && abs($0.x - 34) < 1e-9 })
        #expect(!ring.points.contains { $0.x < 1 && $0.y < 1 })
        // A radius larger than half the height makes a capsule, not a bulge.
        let capsule = try #require(CanvasPath.roundedRect(rect, cornerRadius: 50).polylines(scale: 1).first)
        #expect(capsule.points.allSatisfy { $0.y >= -1e-9 && $0.y <= 20 + 1e-9 })
    }

    @Test func aPathOfLinesAndCurvesKeepsItsSubpathsApart() throws {
        var path = CanvasPath()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 10, y: 0))
        path.addQuadCurve(to: Point(x: 10, y: 10), control: Point(x: 20, y: 5))
        path.move(to: Point(x: 30, y: 30))
        path.addCurve(to: Point(x: 40, y: 30), control1: Point(x: 32, y: 20), control2: Point(x: 38, y: 20))
        path.closeSubpath()
        let lines = path.polylines(scale: 1)
        #expect(lines.count == 2)
        #expect(!lines[0].closed && lines[1].closed)
        #expect(lines[0].points.last == Point(x: 10, y: 10))
        // The quadratic bulges right towards its control, halfway: x 15 at its middle.
        #expect(abs((lines[0].points.map(\.x).max() ?? 0) - 15) < 0.2)
        #expect(lines[1].points.first == Point(x: 30, y: 30))
        #expect(abs((lines[1].points.map(\.y).min() ?? 0) - 22.5) < 0.2)
    }

    @Test func anArcTurnsClockwiseOnScreenForAGrowingAngle() throws {
        var path = CanvasPath()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2)
        let points = try #require(path.polylines(scale: 1).first).points
        #expect(points.first.map { ($0 - Point(x: 10, y: 0)).length < 1e-9 } == true)
        #expect(points.last.map { ($0 - Point(x: 0, y: 10)).length < 1e-9 } == true)
        // Nothing to draw for a zero radius or a sweep that is not a number.
        var empty = CanvasPath()
        empty.addArc(center: .zero, radius: 0, startAngle: 0, endAngle: 1)
        empty.addArc(center: .zero, radius: 5, startAngle: 0, endAngle: .nan)
        #expect(empty.isEmpty)
    }
}
