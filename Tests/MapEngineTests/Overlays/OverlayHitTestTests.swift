import Foundation
import Testing
@testable import MapEngine

@Suite @MainActor struct OverlayHitTestTests {
    /// A square of 1 km a side near Zurich with a 400 m square hole in the middle.
    let square: Polygon = {
        let c = Coordinate(latitude: 47.37, longitude: 8.54)
        func ring(_ half: Double) -> [Coordinate] {
            let dLat = half / 111_320, dLon = half / (111_320 * cos(c.latitude * .pi / 180))
            return [Coordinate(latitude: c.latitude - dLat, longitude: c.longitude - dLon),
                    Coordinate(latitude: c.latitude - dLat, longitude: c.longitude + dLon),
                    Coordinate(latitude: c.latitude + dLat, longitude: c.longitude + dLon),
                    Coordinate(latitude: c.latitude + dLat, longitude: c.longitude - dLon)]
        }
        return Polygon(coordinates: ring(500), interiorPolygons: [Polygon(coordinates: ring(200))])
    }()

    func world(_ latitude: Double, _ longitude: Double) -> Point {
        WebMercator.project(Coordinate(latitude: latitude, longitude: longitude))
    }

    @Test func insideAnAreaButNotInItsHole() {
        let reach = 22 / WebMercator.worldSize(zoom: 15)
        let between = world(47.37 + 350 / 111_320.0, 8.54)
        #expect(OverlayHitTest.hits(square.geometry, at: between, reach: reach))
        #expect(!OverlayHitTest.hits(square.geometry, at: world(47.37, 8.54), reach: reach), "the hole's middle")
        #expect(!OverlayHitTest.hits(square.geometry, at: world(47.40, 8.54), reach: reach), "3 km north")
    }

    @Test func aLineIsHitWithinReachAndAFingerReachesFarther() {
        let line = Polyline(coordinates: [Coordinate(latitude: 47, longitude: 8), Coordinate(latitude: 47, longitude: 9)])
        let worldSize = WebMercator.worldSize(zoom: 12)
        let onLine = world(47, 8.5)
        let thirtyPointsSouth = Point(x: onLine.x, y: onLine.y + 30 / worldSize)
        #expect(OverlayHitTest.hits(line.geometry, at: Point(x: onLine.x, y: onLine.y + 20 / worldSize), reach: 22 / worldSize))
        #expect(!OverlayHitTest.hits(line.geometry, at: thirtyPointsSouth, reach: 22 / worldSize))
        #expect(OverlayHitTest.hits(line.geometry, at: thirtyPointsSouth, reach: 44 / worldSize))
        let distance = OverlayHitTest.distance(from: thirtyPointsSouth, to: line.geometry, within: 44 / worldSize)
        #expect(abs((distance ?? 0) * worldSize - 30) < 1e-6)
    }

    @Test func aTapOnAnotherCopyOfTheWorldHitsTheShape() {
        let line = Polyline(coordinates: [Coordinate(latitude: 0, longitude: 170), Coordinate(latitude: 0, longitude: -170)])
        let reach = 22 / WebMercator.worldSize(zoom: 4)
        #expect(OverlayHitTest.hits(line.geometry, at: world(0, 179), reach: reach))
        #expect(OverlayHitTest.hits(line.geometry, at: world(0, -175), reach: reach), "east of the antimeridian, x near 0")
        #expect(OverlayHitTest.hits(line.geometry, at: Point(x: world(0, 175).x + 1, y: 0.5), reach: reach), "the next copy east")
        #expect(!OverlayHitTest.hits(line.geometry, at: world(0, 0), reach: reach))
    }
}
