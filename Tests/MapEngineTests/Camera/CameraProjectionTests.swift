import Foundation
@testable import MapEngine
import Testing

/// The camera's heading and pitch against points worked out by hand: an
/// 800 x 600 view, so the eye is 1.5 × 600 = 900 pixels from the centre.
@Suite struct CameraProjectionTests {
    let size = Size(width: 800, height: 600)
    let paris = Coordinate(latitude: 48.85, longitude: 2.35)

    func camera(heading: Double = 0, pitch: Double = 0, zoom: Double = 10) -> Camera {
        Camera(center: paris, zoom: zoom, viewportSize: size, heading: heading, pitch: pitch)
    }

    /// The unit world point `offset` pixels (x east, y south) from the centre.
    func world(_ c: Camera, _ offset: Point) -> Point { c.center + offset / c.worldSize }

    func close(_ a: Point, _ b: Point, within e: Double = 1e-6) -> Bool { (a - b).length < e }

    @Test func aTurnedMapShowsTheHeadingUp() {
        let east = Point(x: 100, y: 0), north = Point(x: 0, y: -100)
        let c90 = camera(heading: 90)
        #expect(close(c90.screenPoint(forWorld: world(c90, east)), Point(x: 400, y: 200)), "facing east, east is up")
        #expect(close(c90.screenPoint(forWorld: world(c90, north)), Point(x: 300, y: 300)), "and north to the left")
        let c180 = camera(heading: 180)
        #expect(close(c180.screenPoint(forWorld: world(c180, north)), Point(x: 400, y: 400)), "facing south, north is down")
        let c45 = camera(heading: 45)
        let p = c45.screenPoint(forWorld: world(c45, north))
        #expect(close(p, Point(x: 400 - 100 / 2.squareRoot(), y: 300 - 100 / 2.squareRoot())), "north up and to the left")
    }

    @Test func aPointStraightAheadOfATiltedMapLiesAboveTheCentreAndSmaller() {
        let c = camera(pitch: 60)
        // 100 px ahead: depth 900 + 100·sin 60°, drawn 100·cos 60° up, shrunk by 900 / depth.
        let depth = 900 + 100 * sin(Double.pi / 3)
        let ahead = c.screenPoint(forWorld: world(c, Point(x: 0, y: -100)))
        #expect(abs(ahead.x - 400) < 1e-9)
        #expect(abs(ahead.y - (300 - 50 * 900 / depth)) < 1e-9)
        #expect(ahead.y < 300 && 300 - ahead.y < 50, "above the centre, nearer it than on a flat map")
        // Behind (south): below the centre, drawn larger.
        let behind = c.screenPoint(forWorld: world(c, Point(x: 0, y: 100)))
        #expect(abs(behind.y - (300 + 50 * 900 / (900 - 100 * sin(Double.pi / 3)))) < 1e-9)
        // Sideways at the centre's depth: as on a flat map.
        #expect(close(c.screenPoint(forWorld: world(c, Point(x: 100, y: 0))), Point(x: 500, y: 300)))
        #expect(c.perspectiveScale(atWorld: world(c, Point(x: 0, y: -100))) < 1)
        #expect(c.perspectiveScale(atWorld: world(c, Point(x: 0, y: 100))) > 1)
    }

    @Test func theHorizonOfA60DegreeTiltLiesAboveTheView() throws {
        let horizon = try #require(camera(pitch: 60).horizonY)
        #expect(abs(horizon - (300 - 900 / 3.squareRoot())) < 1e-9)
        #expect(horizon < 0)
        #expect(camera().horizonY == nil)
    }

    @Test(arguments: [(0.0, 0.0), (37.0, 0.0), (180.0, 0.0), (0.0, 45.0), (300.0, 60.0), (123.0, 30.0)])
    func screenPointsAndCoordinatesRoundTrip(heading: Double, pitch: Double) {
        let c = camera(heading: heading, pitch: pitch, zoom: 12)
        for x in stride(from: 0.0, through: 800, by: 100) {
            for y in stride(from: 0.0, through: 600, by: 100) {
                let screen = Point(x: x, y: y)
                let back = c.screenPoint(for: c.coordinate(at: screen))
                #expect(close(back, screen, within: 1e-6), "\(screen) came back as \(back)")
            }
        }
    }

    @Test func zoomingTurningAndPanningKeepThePlaceUnderTheHand() {
        var c = camera(heading: 30, pitch: 50)
        let anchor = Point(x: 200, y: 150), target = Point(x: 520, y: 410)
        let under = c.coordinate(at: anchor)
        c.zoom(to: 11.3, about: anchor)
        #expect(close(c.screenPoint(for: under), anchor, within: 1e-6), "zoom")
        c.rotate(to: 100, about: anchor)
        #expect(close(c.screenPoint(for: under), anchor, within: 1e-6), "turn")
        #expect(c.heading == 100)
        c.pan(from: anchor, to: target)
        #expect(close(c.screenPoint(for: under), target, within: 1e-6), "drag")
    }

    @Test func headingsWrapAndPitchesStayInRange() {
        #expect(camera(heading: -30).heading == 330)
        #expect(camera(heading: 720).heading == 0)
        #expect(camera(pitch: 85).pitch == Camera.pitchLimits.upperBound)
        #expect(camera(pitch: -5).pitch == 0)
        var c = camera(heading: 10, pitch: 20)
        c.rotate(to: .nan, about: Point(x: 1, y: 1))
        c.tilt(to: .infinity)
        c.pan(from: Point(x: .nan, y: 0), to: .zero)
        #expect(c.heading == 10 && c.isValid, "NaN and infinities change nothing")
    }

    @Test func aTurnedViewsMapRectHoldsAllTheGroundItShows() {
        let c = camera(heading: 45, pitch: 40)
        let rect = c.visibleMapRect
        for corner in [Point.zero, Point(x: 800, y: 0), Point(x: 800, y: 600), Point(x: 0, y: 600)] {
            let p = c.worldPoint(at: corner)
            #expect(p.x >= rect.minX - 1e-12 && p.x <= rect.maxX + 1e-12 && p.y >= rect.minY - 1e-12 && p.y <= rect.maxY + 1e-12)
        }
        #expect(rect.width > camera().visibleMapRect.width, "turned and tilted, it reaches farther than the flat view")
    }

    @Test func aRaisedPointLeansAwayFromTheMiddleOfAFlatMap() {
        let c = camera()
        let foot = c.screenOffset(forGround: Point(x: 100, y: 0), altitude: 0)
        let roof = c.screenOffset(forGround: Point(x: 100, y: 0), altitude: 90)
        #expect(close(foot, Point(x: 100, y: 0)))
        #expect(abs(roof.x - 100 * 900 / 810) < 1e-9 && roof.y == 0, "seen from 900 px above, 90 px up is drawn 1/0.9 as far out")
    }

    @Test func aWallsFootAndHeadProjectAsTwoPointsDo() {
        // One turn of the offset for both: the same points as projecting each, at any heading and pitch, and near the eye.
        for (heading, pitch) in [(0.0, 0.0), (37.0, 60.0), (200.0, 45.0)] {
            let c = camera(heading: heading, pitch: pitch)
            let projector = GroundProjector(c)
            for ground in [Point(x: 100, y: -40), Point(x: -20, y: 700), Point(x: 3, y: 5000)] {
                let (low, high) = projector.screen(ground: ground, low: 12, high: 300)
                #expect(low == projector.screen(ground: ground, altitude: 12))
                #expect(high == projector.screen(ground: ground, altitude: 300))
            }
        }
    }
}
