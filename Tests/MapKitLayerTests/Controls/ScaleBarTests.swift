import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer

/// The scale bar's round lengths, true at the centre's latitude.
struct ScaleBarTests {
    func camera(latitude: Double, zoom: Double) -> Camera {
        Camera(center: Coordinate(latitude: latitude, longitude: 0), zoom: zoom, viewportSize: Size(width: 800, height: 600))
    }

    @Test func lengthsAreOneTwoOrFiveTimesAPowerOfTen() {
        #expect(ScaleBar.round(below: 7) == 5)
        #expect(ScaleBar.round(below: 199) == 100)
        #expect(ScaleBar.round(below: 200) == 200)
        #expect(ScaleBar.round(below: 0.3) == 0.2)
        #expect(ScaleBar.round(below: 49_999) == 20_000)
    }

    @Test func metricLengthsAtSeveralLatitudes() {
        // Zoom 0 at the equator: 156,543 m a point, so 100 points are 15,654 km.
        let equator = ScaleBar.metresPerPoint(camera: camera(latitude: 0, zoom: 0), scale: 1)
        #expect(abs(equator - 156_543.03) < 0.01)
        #expect(ScaleBar.length(metresPerPoint: equator, units: .metric).label == "10000 km")
        // Zoom 3: 1,957 km fit at the equator; at 60° a point spans half as
        // much, 978 km fit, and 500 km is the round length.
        let south = ScaleBar.metresPerPoint(camera: camera(latitude: 0, zoom: 3), scale: 1)
        #expect(ScaleBar.length(metresPerPoint: south, units: .metric).label == "1000 km")
        let north = ScaleBar.metresPerPoint(camera: camera(latitude: 60, zoom: 3), scale: 1)
        #expect(abs(north - south / 2) < 1e-6 * south)
        #expect(ScaleBar.length(metresPerPoint: north, units: .metric).label == "500 km")
        // Paris at zoom 5: 3,219 m a point: 200 km.
        let paris = ScaleBar.metresPerPoint(camera: camera(latitude: 48.8566, zoom: 5), scale: 1)
        let (metres, label) = ScaleBar.length(metresPerPoint: paris, units: .metric)
        #expect(label == "200 km" && metres == 200_000)
        // A street at zoom 18: 0.6 m a point at the equator: 50 m.
        let street = ScaleBar.metresPerPoint(camera: camera(latitude: 0, zoom: 18), scale: 1)
        #expect(ScaleBar.length(metresPerPoint: street, units: .metric).label == "50 m")
    }

    @Test func imperialLengthsUseMilesOrFeet() {
        let street = ScaleBar.metresPerPoint(camera: camera(latitude: 0, zoom: 18), scale: 1)
        #expect(ScaleBar.length(metresPerPoint: street, units: .imperial).label == "100 ft")  // 196 ft fit
        let town = ScaleBar.metresPerPoint(camera: camera(latitude: 0, zoom: 10), scale: 1)
        #expect(ScaleBar.length(metresPerPoint: town, units: .imperial).label == "5 mi")  // 9.5 mi fit
    }

    @Test func theBarIsAsLongAsItsLengthOnTheMapAndFits() {
        for (latitude, zoom, scale) in [(0.0, 3.0, 1.0), (48.8566, 5.0, 1.0), (-33.9, 12.4, 2.0), (70, 7.7, 2)] {
            let view = camera(latitude: latitude, zoom: zoom)
            let perPoint = ScaleBar.metresPerPoint(camera: view, scale: scale)
            let (metres, _) = ScaleBar.length(metresPerPoint: perPoint, units: .metric)
            let bar = ScaleBar.commands(camera: view, scale: scale, units: .metric, metrics: ZeroMetrics())
            guard case .rect(let line, _) = bar[1] else { Issue.record("the bar"); continue }
            #expect(abs(line.width - metres / perPoint * scale) <= 0.5, "the bar is its length at the centre")
            #expect(line.width <= ScaleBar.maxWidth * scale && line.width >= ScaleBar.maxWidth * scale * 0.4)
        }
    }
}
