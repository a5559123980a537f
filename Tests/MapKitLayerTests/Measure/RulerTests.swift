import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer

/// The measured path: legs on the ellipsoid, their total, the area once
/// closed, undo by Backspace; lengths and areas in the scale bar's units.
@Suite struct RulerTests {
    let zurich = Coordinate(latitude: 47.3769, longitude: 8.5417)
    let winterthur = Coordinate(latitude: 47.4988, longitude: 8.7237)

    @Test func legsAndTheTotalAreTheDistancesAlongThePath() {
        var ruler = Ruler(start: zurich)
        #expect(ruler.total == 0 && ruler.legs.isEmpty)
        ruler.add(winterthur)
        ruler.add(zurich)
        let leg = zurich.ellipsoidDistance(to: winterthur)
        #expect(abs(leg - 19_450) < 300, "Zürich to Winterthur is about 19.5 km as the crow flies: \(leg)")
        #expect(ruler.legLengths.count == 2 && abs(ruler.total - 2 * leg) < 1e-6)
    }

    @Test func aClosedPathHasTheAreaInside() {
        // A degree square on the equator: R² · Δλ · (sin φ₂ − sin φ₁), about 12,364 km².
        var ruler = Ruler(start: Coordinate(latitude: 0, longitude: 0))
        for corner in [(0.0, 1.0), (1.0, 1.0), (1.0, 0.0)] { ruler.add(Coordinate(latitude: corner.0, longitude: corner.1)) }
        #expect(ruler.area == nil, "open: no area")
        ruler.close()
        let area = try! #require(ruler.area)
        #expect(abs(area / 1e6 - 12_364) < 15, "\(area / 1e6) km²")
        #expect(ruler.legs.count == 4, "the closing leg counts")
        // Across the antimeridian the short way round, not the whole world.
        var pacific = Ruler(start: Coordinate(latitude: 0, longitude: 179.5))
        for corner in [(0.0, -179.5), (1.0, -179.5), (1.0, 179.5)] { pacific.add(Coordinate(latitude: corner.0, longitude: corner.1)) }
        pacific.close()
        #expect(abs((pacific.area ?? 0) / 1e6 - 12_364) < 15)
    }

    @Test func backspaceReopensThenTakesPointsOffButNotTheFirst() {
        var ruler = Ruler(start: zurich)
        ruler.add(winterthur)
        ruler.close()
        #expect(!ruler.isClosed, "two points enclose nothing")
        ruler.add(Coordinate(latitude: 47.2, longitude: 8.5))
        ruler.close()
        ruler.add(zurich)
        #expect(ruler.points.count == 3, "a closed path takes no more points")
        let reopened = ruler.removeLast()
        #expect(reopened)
        #expect(!ruler.isClosed && ruler.points.count == 3)
        ruler.removeLast()
        ruler.removeLast()
        #expect(ruler.points == [zurich])
        let undone = ruler.removeLast()
        #expect(!undone, "the first point stays")
        for _ in 0..<(Ruler.mostPoints + 10) { ruler.add(winterthur) }
        #expect(ruler.points.count == Ruler.mostPoints)
        ruler.add(Coordinate(latitude: .nan, longitude: 0))
        #expect(ruler.points.allSatisfy { $0.latitude.isFinite })
    }

    @Test func lengthsAndAreasInTheScaleBarsUnits() {
        #expect(MeasureText.length(850, units: .metric) == "850 m")
        #expect(MeasureText.length(12_400, units: .metric) == "12.4 km")
        #expect(MeasureText.length(3_420, units: .metric) == "3.42 km")
        #expect(MeasureText.length(153_400, units: .metric) == "153 km")
        #expect(MeasureText.length(100, units: .imperial) == "328 ft")
        #expect(MeasureText.length(5_150, units: .imperial) == "3.20 mi")
        #expect(MeasureText.area(5_000, units: .metric) == "5000 m²")
        #expect(MeasureText.area(23_000, units: .metric) == "2.30 ha")
        #expect(MeasureText.area(453e6, units: .metric) == "453 km²")
        #expect(MeasureText.area(18_000, units: .imperial) == "4.45 ac")
        #expect(MeasureText.area(5e6, units: .imperial) == "1.93 mi²")
        #expect(MeasureText.length(.nan, units: .metric) == TrackFigures.noFigure)
    }
}
