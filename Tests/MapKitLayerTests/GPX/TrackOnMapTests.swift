import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer

/// A GPX track on the map as a person uses it: selected, its callout's
/// buttons, the colouring and its legend, the profile and its marker.
@Suite @MainActor struct TrackOnMapTests {
    /// Eleven points going east from Zurich, about a hundred metres apart (100.18 m on the ellipsoid), climbing
    /// 10 m each, 20 s apart, heart rate rising; in two segments (0–5, 6–10), so nine steps are walked.
    static func track() -> GPXTrack {
        let step = 100 / (6_378_137.0 * .pi / 180 * cos(47.37 * .pi / 180))
        let points = (0...10).map { i in
            GPXPoint(coordinate: Coordinate(latitude: 47.37, longitude: 8.54 + Double(i) * step), elevation: 400 + Double(i) * 10,
                     time: Double(i) * 20, heartRate: 100 + Double(i) * 5)
        }
        return GPXTrack(name: "Ride", segments: [Array(points[0...5]), Array(points[6...10])])
    }

    func map(_ track: TrackOverlay) -> (MapController, PinFeatureViews, TrackRenderer) {
        let map = MapController(camera: Camera(center: Coordinate(latitude: 47.37, longitude: 8.546), zoom: 15,
                                               viewportSize: Size(width: 800, height: 600)),
                                levels: 0...5, attribution: nil)
        let views = PinFeatureViews()
        map.delegate = views
        let renderer = TrackRenderer(track: track)
        map.addOverlay(track, renderer: renderer)
        return (map, views, renderer)
    }

    func click(_ map: MapController, at point: Point, now: Double) {
        _ = map.handle(.pointer(PointerEvent(phase: .down, location: point, button: .left)), at: now)
        _ = map.handle(.pointer(PointerEvent(phase: .up, location: point, button: .left)), at: now + 0.05)
    }

    @Test func segmentsAreSeparateLinesSpanningTheWholeLength() {
        let track = TrackOverlay(track: Self.track())
        guard case .lines(let paths) = track.geometry else { Issue.record("not lines"); return }
        #expect(paths.count == 2, "segments are not joined")
        #expect(paths[0].along.first == 0 && paths[1].along.last == 1)
        #expect(abs(paths[0].along.last! - 5.0 / 9) < 1e-9, "five of the nine steps")
        #expect(paths[1].along.first == paths[0].along.last, "the gap adds no length")
        #expect(track.colorings == [.elevation, .speed, .heartRate])
        #expect(track.title == "Ride")
        #expect(track.subtitle == "902 m · 3:00 · moving 3:00", "the 20 s gap between segments counts in neither")
        #expect(track.climbText == "↑ 90 m ↓ 0 m")
        let plain = TrackOverlay(route: GPXRoute(points: [GPXPoint(coordinate: Coordinate(latitude: 0, longitude: 0)),
                                                          GPXPoint(coordinate: Coordinate(latitude: 0, longitude: 1))]))
        #expect(plain.colorings.isEmpty && plain.title == "Route")
    }

    @Test func colouringPaintsTheValuesAndShowsALegend() {
        let track = TrackOverlay(track: Self.track())
        let renderer = TrackRenderer(track: track)
        #expect(renderer.gradient.isEmpty && renderer.legend == nil)
        renderer.coloring = .elevation
        let stops = renderer.gradient
        #expect(stops.first?.color == TrackColoring.palette.first, "the lowest point is blue")
        #expect(stops.last?.color == TrackColoring.palette.last, "the highest red")
        #expect(stops.map(\.location) == stops.map(\.location).sorted())
        #expect(renderer.legend == OverlayLegend(title: "Elevation (m)", colors: TrackColoring.palette, low: "400", high: "500"))
        #expect(renderer.nextColoring == .speed)
        renderer.coloring = .heartRate
        #expect(renderer.legend?.high == "150")
        #expect(renderer.nextColoring == nil, "after the last, one colour again")
    }

    /// Taps a button of the open callout, as a person does.
    func tapControl(_ map: MapController, _ action: String, now: Double) throws {
        map.prepareFrame(at: now, text: HalfSizeMetrics())
        let frame = try #require(map.calloutControlFrames[action], "no \(action) in \(map.calloutControlFrames.keys.sorted())")
        click(map, at: Point(x: frame.midX, y: frame.midY), now: now)
    }

    final class AppViews: MapViewDelegate {
        var actions: [String] = []
        func mapView(_ map: MapController, annotationView view: AnnotationView, calloutAccessoryControlTapped control: CalloutAccessory) {
            let action = control.identifier
            actions.append(action)
        }
    }

    /// An app's own delegate, which knows nothing of tracks, hears the
    /// buttons, and the buttons still do their work.
    @Test func aTracksButtonsWorkUnderAnAppsOwnDelegate() throws {
        let track = TrackOverlay(track: Self.track())
        let (map, _, renderer) = map(track)
        let app = AppViews()
        map.delegate = app
        map.selectOverlay(track)
        try tapControl(map, OverlayCallout.colorAction, now: 1)
        #expect(renderer.coloring == .elevation)
        try tapControl(map, PinFeatureViews.detailsAction, now: 2)
        #expect(map.details?.title == "Ride")
        #expect(app.actions == [OverlayCallout.colorAction, PinFeatureViews.detailsAction], "the app heard both")
    }

    @Test func selectingATrackOpensItsCalloutWhoseButtonsColourItAndOpenItsProfile() throws {
        let track = TrackOverlay(track: Self.track())
        let (map, views, renderer) = map(track)
        let middle = map.convert(Coordinate(latitude: 47.37, longitude: 8.5413))
        map.prepareFrame(at: 0, text: HalfSizeMetrics())
        click(map, at: Point(x: middle.x, y: middle.y + 10), now: 1)
        #expect(map.selectedOverlay === track)
        map.prepareFrame(at: 1.5, text: HalfSizeMetrics())
        let body = try #require(map.callouts.shown?.body)
        let texts = body.elements.compactMap { element -> String? in
            if case .text(let text, _, _) = element.content { return text } else { return nil }
        }
        #expect(texts.contains("902 m · 3:00 · moving 3:00") && texts.contains("↑ 90 m ↓ 0 m"))
        let actions = body.elements.compactMap(\.control?.action)
        #expect(actions == ["details", OverlayCallout.colorAction])
        _ = views
        try tapControl(map, OverlayCallout.colorAction, now: 2)
        #expect(renderer.coloring == .elevation, "coloured once, not twice (the map and PinFeatureViews)")
        let scene = FrameComposer.makeScene(of: map, tiles: NoTiles(), text: HalfSizeMetrics())
        #expect(scene.commands.contains { if case .shape(let shape) = $0 { shape.role == "legend" } else { false } })
        try tapControl(map, PinFeatureViews.detailsAction, now: 3)
        let panel = try #require(map.details)
        #expect(panel.title == "Ride")
        #expect(panel.rows.first == DetailsPanel.Row(key: "length", value: "902 m"))
        #expect(panel.profile?.length ?? 0 > 899 && panel.profile?.other == .heartRate)
    }

    @Test func thePointerAlongTheProfileMovesAMarkerAlongTheTrack() throws {
        let track = TrackOverlay(track: Self.track())
        let (map, _, _) = map(track)
        map.selectOverlay(track)
        try tapControl(map, PinFeatureViews.detailsAction, now: 0.5)
        map.prepareFrame(at: 1, text: HalfSizeMetrics())
        let chart = try #require(map.detailsPanel.layout?.chart)
        // Three quarters across: 676 m along, a quarter of the way from the second to the third point of the second segment.
        let point = Point(x: chart.frame.minX + chart.frame.width * 0.75, y: chart.frame.midY)
        _ = map.handle(.pointer(PointerEvent(phase: .move, location: point)), at: 2)
        let marked = try #require(map.detailsPanel.markerCoordinate)
        let expected = track.segments[1][1].coordinate.longitude
            + (track.segments[1][2].coordinate.longitude - track.segments[1][1].coordinate.longitude) * 0.75
        #expect(abs(marked.longitude - expected) < 1e-5)
        map.prepareFrame(at: 2.1, text: HalfSizeMetrics())
        let scene = FrameComposer.makeScene(of: map, tiles: NoTiles(), text: HalfSizeMetrics())
        let marker = scene.commands.compactMap { if case .shape(let s) = $0, s.role == "profile-marker" { s } else { nil } }.first
        let onMap = map.convert(marked)
        #expect(marker.map { abs($0.center.x - onMap.x) < 0.5 && abs($0.center.y - onMap.y) < 0.5 } == true)
        #expect(scene.commands.contains { if case .text(let t) = $0 { t.text == "676 m · 478 m" } else { false } })
        // A finger held on the profile moves the marker too (a tablet has no hover).
        let finger = Point(x: chart.frame.minX + chart.frame.width * 0.25, y: chart.frame.midY)
        _ = map.handle(.pointer(PointerEvent(phase: .down, location: finger, kind: .touch, id: 1)), at: 2.5)
        let quarter = try #require(map.detailsPanel.markerCoordinate)
        #expect(quarter.longitude < marked.longitude)
        _ = map.handle(.pointer(PointerEvent(phase: .move, location: point, kind: .touch, id: 1)), at: 2.6)
        #expect(map.detailsPanel.markerCoordinate == marked, "it follows the finger")
        _ = map.handle(.pointer(PointerEvent(phase: .up, location: point, kind: .touch, id: 1)), at: 2.7)
        // Off the profile, the marker goes.
        _ = map.handle(.pointer(PointerEvent(phase: .move, location: Point(x: 10, y: 590))), at: 3)
        #expect(map.detailsPanel.markerCoordinate == nil)
    }

    @Test func theProfileHasItsFiguresAndFindsPlacesByDistance() {
        let profile = TrackProfile(TrackOverlay(track: Self.track()))
        #expect(profile.samples.count == 11)
        let step = profile.samples[1].distance
        #expect(abs(step - 100.18) < 0.01, "N·cos φ·Δλ: the parallel on the ellipsoid is 1.0018 times the sphere's")
        #expect(abs(profile.length - 9 * step) < 1e-6)
        #expect(profile.elevationRange == 400...500 && profile.otherRange == 100...150)
        #expect(profile.coordinate(atDistance: 0) == profile.samples[0].coordinate)
        #expect(profile.coordinate(atDistance: 10_000) == profile.samples[10].coordinate)
        #expect(abs(profile.value(atDistance: 4.5 * step, \.elevation)! - 445) < 1e-6)
        #expect(profile.samples[5].distance == profile.samples[6].distance, "the gap between segments adds nothing")
        let long = (0..<5000).map { GPXPoint(coordinate: Coordinate(latitude: 0, longitude: Double($0) * 1e-4)) }
        let thinned = TrackProfile(TrackOverlay(track: GPXTrack(segments: [long])))
        #expect(thinned.samples.count <= TrackProfile.maximumSamples + 1)
        #expect(thinned.samples.last?.coordinate == long.last?.coordinate)
    }
}
