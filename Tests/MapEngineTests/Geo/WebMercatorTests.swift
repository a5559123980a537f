import Testing
@testable import MapEngine

@Suite struct WebMercatorTests {
    @Test(arguments: [
        Coordinate(latitude: 0, longitude: 0),
        Coordinate(latitude: 48.8566, longitude: 2.3522),
        Coordinate(latitude: -33.8688, longitude: 151.2093),
        Coordinate(latitude: 64.1466, longitude: -21.9426),
        Coordinate(latitude: -85, longitude: -179.9),
    ])
    func projectionRoundTrips(_ c: Coordinate) {
        let back = WebMercator.unproject(WebMercator.project(c))
        #expect(abs(back.latitude - c.latitude) < 1e-9)
        #expect(abs(back.longitude - c.longitude) < 1e-9)
    }

    @Test func equatorAndMeridianAreTheWorldCentre() {
        #expect(WebMercator.project(Coordinate(latitude: 0, longitude: 0)) == Point(x: 0.5, y: 0.5))
    }

    @Test func latitudeIsClampedAtTheMercatorLimit() {
        let north = WebMercator.project(Coordinate(latitude: 90, longitude: 0))
        let limit = WebMercator.project(Coordinate(latitude: WebMercator.maxLatitude, longitude: 0))
        #expect(north == limit)
        #expect(abs(limit.y) < 1e-9, "85.0511° is the top edge of the square world")
    }

    @Test func worldSizeDoublesPerZoomLevel() {
        #expect(WebMercator.worldSize(zoom: 0) == 256)
        #expect(WebMercator.worldSize(zoom: 3) == 2048)
        #expect(abs(WebMercator.worldSize(zoom: 0.5) - 256 * 2.0.squareRoot()) < 1e-9)
    }
}
