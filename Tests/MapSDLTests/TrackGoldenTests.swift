import Foundation
@testable import MapEngine
@testable import MapKitLayer
import MapSDL
import Testing
import VectorRaster

/// A GPX ride as the user sees it: coloured by elevation with its legend,
/// selected with its callout, and its profile with the marker on the track.
@Suite(.serialized) @MainActor struct TrackGoldenTests {
    let suite = "TrackGoldenTests"

    /// A loop west of Zurich lake: 400 points, climbing to 700 m and back, one a minute.
    static let ride: String = {
        var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
            + "<wpt lat=\"47.3500\" lon=\"8.5400\"><name>Start</name></wpt>\n<trk><name>Albis loop</name><trkseg>\n"
        for i in 0..<400 {
            let t = Double(i) / 400 * 2 * .pi
            let latitude = 47.30 + 0.05 * sin(t), longitude = 8.50 + 0.08 * sin(t) * cos(t) + 0.04 * (1 - cos(t))
            let elevation = 420 + 280 * (1 - cos(t)) / 2 + 15 * sin(7 * t)
            text += String(format: "<trkpt lat=\"%.6f\" lon=\"%.6f\"><ele>%.1f</ele><time>2024-05-01T%02d:%02d:00Z</time></trkpt>\n",
                           latitude, longitude, elevation, 8 + i / 60, i % 60)
        }
        return text + "</trkseg></trk>\n</gpx>\n"
    }()

    func run() throws -> HeadlessRun {
        let document = try PinDocument.parse(Array(Self.ride.utf8), file: "ride.gpx")
        var options = try TestMaps.worldOptions(center: Coordinate(latitude: 47.31, longitude: 8.55), zoom: 11.3,
                                                size: Size(width: 640, height: 480), pins: document)
        options.trackColoring = .elevation
        return try HeadlessRun(options: options)
    }

    @Test func aTrackColouredByElevationSelectedWithItsCallout() throws {
        let run = try self.run()
        let track = try #require(run.session.map.overlays.first as? TrackOverlay)
        let renderer = try #require(run.session.map.renderer(for: track) as? TrackRenderer)
        #expect(renderer.coloring == .elevation)
        run.advance(to: 0.5)
        let near = run.session.map.convert(track.segments[0][250].coordinate)
        run.send(.pointer(PointerEvent(phase: .down, location: near, button: .left)))
        run.advance(to: 0.55)
        run.send(.pointer(PointerEvent(phase: .up, location: near, button: .left)))
        run.advance(to: 1.5)
        #expect(run.session.map.selectedOverlay === track)
        assertGolden(try run.renderImage(), named: "track-elevation-selected", suite: suite)
    }

    @Test func theProfilePanelWithItsMarkerOnTheTrack() throws {
        let run = try self.run()
        let track = try #require(run.session.map.overlays.first as? TrackOverlay)
        run.session.map.selectOverlay(track)
        let stand = try #require(run.session.map.selectedAnnotations.first)
        run.session.map.showDetails(for: stand)
        run.advance(to: 1)
        let panel = try #require(run.session.map.details?.profile)
        #expect(panel.elevationRange.map { $0.lowerBound < 430 && $0.upperBound > 690 } == true)
        // The pointer three quarters across the profile: the marker is on the loop's south side.
        let frame = try #require(run.session.map.detailsProfileFrame)
        run.send(.pointer(PointerEvent(phase: .move, location: Point(x: frame.minX + frame.width * 0.75, y: frame.midY))))
        run.advance(to: 1.1)
        #expect(run.session.map.profileMarkerCoordinate != nil)
        assertGolden(try run.renderImage(), named: "track-profile", suite: suite)
    }
}
