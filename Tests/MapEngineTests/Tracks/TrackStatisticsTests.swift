import Testing
@testable import MapEngine

@Suite struct TrackStatisticsTests {
    /// A thousandth of a degree along the equator on WGS 84: a·Δλ.
    static let step = 6_378_137.0 * 0.001 * .pi / 180

    static func point(_ longitude: Double, elevation: Double? = nil, time: Double? = nil) -> GPXPoint {
        GPXPoint(coordinate: Coordinate(latitude: 0, longitude: longitude), elevation: elevation, time: time)
    }

    @Test func vincentyMatchesThePublishedFlindersPeakToBuninyong() {
        // Geoscience Australia's worked example: 54,972.271 m.
        let flinders = Coordinate(latitude: -(37 + 57 / 60.0 + 3.7203 / 3600), longitude: 144 + 25 / 60.0 + 29.5244 / 3600)
        let buninyong = Coordinate(latitude: -(37 + 39 / 60.0 + 10.1561 / 3600), longitude: 143 + 55 / 60.0 + 35.3839 / 3600)
        #expect(abs(flinders.ellipsoidDistance(to: buninyong) - 54_972.271) < 0.01)
        #expect(flinders.ellipsoidDistance(to: flinders) == 0)
        // Nearly antipodal: falls back to the sphere rather than failing.
        let far = Coordinate(latitude: 0, longitude: 0).ellipsoidDistance(to: Coordinate(latitude: 0.5, longitude: 179.7))
        #expect(far > 19_900_000 && far < 20_050_000)
    }

    @Test func figuresWorkedOutByHand() {
        let stats = TrackStatistics(segments: [[
            Self.point(0, elevation: 100, time: 0),
            Self.point(0.001, elevation: 110, time: 10),
            Self.point(0.002, elevation: 105, time: 20),
            Self.point(0.003, elevation: 120, time: 1000),
        ]])
        #expect(stats.points == 4)
        #expect(abs(stats.length - 3 * Self.step) < 1e-3)
        // Smoothed: 100, 105.5, 111, 120: three rises.
        #expect(abs(stats.climb - 20) < 1e-9)
        #expect(stats.descent == 0)
        #expect(stats.elevationRange == 100...120)
        #expect(stats.duration == 1000)
        // 111 m in 980 s is 0.41 km/h: standing.
        #expect(stats.movingTime == 20)
        #expect(abs(stats.maximumSpeed! - Self.step / 10) < 1e-6)
        #expect(stats.southWest == Coordinate(latitude: 0, longitude: 0))
        #expect(stats.northEast == Coordinate(latitude: 0, longitude: 0.003))
    }

    @Test func segmentsAreNotJoinedAcrossTheirGap() {
        let stats = TrackStatistics(segments: [
            [Self.point(0, elevation: 100, time: 0), Self.point(0.001, elevation: 90, time: 10), Self.point(0.002, elevation: 95, time: 20)],
            [Self.point(1, elevation: 500, time: 5000), Self.point(1.001, elevation: 500, time: 5010)],
        ])
        #expect(abs(stats.length - 3 * Self.step) < 1e-3, "the degree between the segments is not walked")
        // Smoothed 100, 94.5, 95: down 5.5, up 0.5; the jump to 500 is not a climb.
        #expect(abs(stats.descent - 5.5) < 1e-9)
        #expect(abs(stats.climb - 0.5) < 1e-9)
        #expect(stats.duration == 30, "the pause between segments is not counted")
        #expect(stats.movingTime == 30)
    }

    @Test func theFastestFivePercentAreDroppedAsJumps() {
        var points = (0...40).map { Self.point(Double($0) * 0.001, time: Double($0) * 10) }
        // One jump: a kilometre in ten seconds.
        points[20] = Self.point(0.02 + 0.009, time: 200)
        let stats = TrackStatistics(segments: [points])
        #expect(stats.maximumSpeed! < 20, "the 0.9 km jump is not the maximum")
        #expect(TrackStatistics(segments: [[Self.point(0), Self.point(0.001)]]).maximumSpeed == nil)
    }

    @Test func noElevationsOrTimesMeanNoSuchFigures() {
        let stats = TrackStatistics(segments: [[Self.point(0), Self.point(0.001)]])
        #expect(stats.climb == 0 && stats.elevationRange == nil)
        #expect(stats.duration == nil && stats.movingTime == nil)
        #expect(TrackStatistics(segments: []).southWest == nil)
    }
}
