import Foundation
import Testing
@testable import MapEngine

@Suite @MainActor struct OverlayShapeTests {
    @Test func aGeodesicLineFromZurichToNewYorkBowsNorth() {
        let zurich = Coordinate(latitude: 47.37, longitude: 8.54), newYork = Coordinate(latitude: 40.71, longitude: -74.01)
        let flight = GeodesicPolyline(coordinates: [zurich, newYork])
        guard case .lines(let paths) = flight.geometry else { Issue.record("not a line"); return }
        let points = paths[0].points
        #expect(points.count > 20)
        // North is smaller y: the great circle's highest point is well north of both ends (about 52.6° N).
        let northmost = WebMercator.unproject(points.min { $0.y < $1.y }!)
        #expect(northmost.latitude > 52 && northmost.latitude < 53.5, "\(northmost)")
        // Every point lies on the great circle: the distances add up.
        let total = zurich.distanceKilometres(to: newYork)
        let via = WebMercator.unproject(points[points.count / 2])
        #expect(abs(zurich.distanceKilometres(to: via) + via.distanceKilometres(to: newYork) - total) < 0.01)
    }

    @Test func aCircleIsItsRadiusFromItsCentreEverywhere() {
        let centre = Coordinate(latitude: 60, longitude: 10)
        let circle = Circle(center: centre, radius: 5_000)
        guard case .areas(let areas) = circle.geometry else { Issue.record("not an area"); return }
        for point in areas[0].outer.points {
            let metres = centre.distanceKilometres(to: WebMercator.unproject(point)) * 1000
            // The haversine's mean radius differs from Web Mercator's sphere by 0.1 %.
            #expect(abs(metres - 5_000) < 10, "\(metres)")
        }
        // Mercator keeps shapes: a small circle on the ground is round on the map (only twice as large at 60° N).
        #expect(circle.boundingMapRect.width > 0 && abs(circle.boundingMapRect.height / circle.boundingMapRect.width - 1) < 0.01)
    }

    @Test func closedRingsLoseTheirRepeatedPointAndHolesFollowTheirOuterRing() {
        let ring = [Coordinate(latitude: 0, longitude: 179), Coordinate(latitude: 0, longitude: -179),
                    Coordinate(latitude: 1, longitude: -179), Coordinate(latitude: 1, longitude: 179),
                    Coordinate(latitude: 0, longitude: 179)]
        let hole = [Coordinate(latitude: 0.4, longitude: -179.8), Coordinate(latitude: 0.4, longitude: -179.6),
                    Coordinate(latitude: 0.6, longitude: -179.6)]
        let area = Polygon(coordinates: ring, interiorPolygons: [Polygon(coordinates: hole)])
        guard case .areas(let areas) = area.geometry else { Issue.record("not an area"); return }
        #expect(areas[0].outer.points.count == 4)
        #expect(areas[0].holes[0].points.allSatisfy { $0.x > 1 }, "the hole sits east of the antimeridian with its ring")
        #expect(abs(area.coordinate.longitude.magnitude - 180) < 1e-9)
    }

    @Test func aMultiPolylineIsItsLinesAsOneOverlay() {
        let a = Polyline(coordinates: [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 1, longitude: 1)])
        let b = Polyline(coordinates: [Coordinate(latitude: 2, longitude: 2), Coordinate(latitude: 3, longitude: 3)])
        let both = MultiPolyline([a, b])
        guard case .lines(let paths) = both.geometry else { Issue.record("not lines"); return }
        #expect(paths.count == 2, "segments are not joined across the gap")
        #expect(both.boundingMapRect.minX == a.boundingMapRect.minX && both.boundingMapRect.maxX == b.boundingMapRect.maxX)
    }
}

@MainActor extension OverlayShapeTests {
    @Test func aLinesCalloutPointsHalfWayAlongIt() {
        // Most of the points bunch at the start: half way is by length, not by count.
        let line = Polyline(coordinates: (0...9).map { Coordinate(latitude: 0, longitude: Double($0) * 0.01) }
                            + [Coordinate(latitude: 0, longitude: 10)])
        #expect(abs(line.coordinate.longitude - 5) < 1e-9 && abs(line.coordinate.latitude) < 1e-9)
    }
}
