import Testing
@testable import MapEngine

@Suite struct CameraTests {
    let viewport = Size(width: 800, height: 600)

    @Test func centreCoordinateIsAtViewportCentre() {
        let camera = Camera(center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 4.5, viewportSize: viewport)
        let p = camera.screenPoint(for: Coordinate(latitude: 48.85, longitude: 2.35))
        #expect(abs(p.x - 400) < 1e-6 && abs(p.y - 300) < 1e-6)
    }

    @Test(arguments: [Point(x: 100, y: 100), Point(x: 700, y: 500), Point(x: 400, y: 300)])
    func zoomAboutAPointKeepsThatPointFixed(_ anchor: Point) {
        var camera = Camera(center: Coordinate(latitude: 40, longitude: -3), zoom: 5, viewportSize: viewport)
        let before = camera.coordinate(at: anchor)
        camera.zoom(to: 7.3, about: anchor)
        let after = camera.screenPoint(for: before)
        #expect(abs(after.x - anchor.x) < 1e-6 && abs(after.y - anchor.y) < 1e-6)
        #expect(camera.zoom == 7.3)
    }

    @Test func screenAndCoordinateRoundTrip() {
        let camera = Camera(center: Coordinate(latitude: -20, longitude: 140), zoom: 6.25, viewportSize: viewport)
        let c = camera.coordinate(at: Point(x: 123, y: 456))
        let p = camera.screenPoint(for: c)
        #expect(abs(p.x - 123) < 1e-6 && abs(p.y - 456) < 1e-6)
    }

    @Test func panningNorthStopsAtThePole() {
        var camera = Camera(center: Coordinate(latitude: 60, longitude: 0), zoom: 2, viewportSize: viewport)
        camera.pan(by: Point(x: 0, y: 5000))
        // The top edge of the viewport is exactly the top edge of the world.
        #expect(abs(camera.worldPoint(at: .zero).y) < 1e-9)
        #expect(camera.coordinate(at: Point(x: 400, y: 0)).latitude > 85.05)
    }

    @Test func aWorldShorterThanTheViewportSitsOnTheEquator() {
        let camera = Camera(center: Coordinate(latitude: 60, longitude: 0), zoom: 0, viewportSize: viewport)
        #expect(camera.center.y == 0.5)
    }

    @Test func panningEastWrapsAroundTheWorld() {
        var camera = Camera(center: Coordinate(latitude: 0, longitude: 170), zoom: 3, viewportSize: viewport)
        let world = camera.worldSize
        camera.pan(by: Point(x: -world * 20 / 360, y: 0))   // 20 degrees east
        #expect(abs(camera.centerCoordinate.longitude - -170) < 1e-9)
    }

    @Test func pointsAcrossTheAntimeridianLandOnScreen() {
        let camera = Camera(center: Coordinate(latitude: 0, longitude: 179), zoom: 4, viewportSize: viewport)
        let east = camera.screenPoint(for: Coordinate(latitude: 0, longitude: -179))
        #expect(east.x > 400 && east.x < 800, "-179° is 2° east of the centre, not a world away")
    }

    @Test func resizeKeepsTheCentre() {
        var camera = Camera(center: Coordinate(latitude: 35, longitude: 139), zoom: 8, viewportSize: viewport)
        let before = camera.centerCoordinate
        camera.resize(to: Size(width: 1280, height: 1000))
        #expect(abs(camera.centerCoordinate.latitude - before.latitude) < 1e-9)
        #expect(abs(camera.centerCoordinate.longitude - before.longitude) < 1e-9)
    }

    @Test func zoomIsClampedToItsLimits() {
        var camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 25, viewportSize: viewport)
        #expect(camera.zoom == 20)
        camera.zoom(to: -3, about: .zero)
        #expect(camera.zoom == 0)
    }
}

@Suite struct ShortWayTests {
    @Test(arguments: [(0.9, -0.1), (-0.9, 0.1), (0.4, 0.4), (0.5, -0.5), (-0.5, -0.5), (2.25, 0.25), (0, 0)])
    func eastWestStepsGoTheShortWayRound(step: Double, expected: Double) {
        #expect(abs(WebMercator.shortWay(step) - expected) < 1e-12)
    }
}
