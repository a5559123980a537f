import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer

@Suite @MainActor struct OverlaySelectionTests {
    final class Listener: MapViewDelegate {
        var events: [String] = []
        func mapView(_ map: MapController, didSelect overlay: any Overlay) { events.append("select \(overlay.title ?? "")") }
        func mapView(_ map: MapController, didDeselect overlay: any Overlay) { events.append("deselect \(overlay.title ?? "")") }
    }

    func map() -> (MapController, Polyline, Polygon, Listener) {
        let map = MapController(camera: Camera(center: Coordinate(latitude: 47.37, longitude: 8.54), zoom: 12,
                                               viewportSize: Size(width: 800, height: 600)),
                                levels: 0...5, attribution: nil)
        let listener = Listener()
        map.delegate = listener
        let road = Polyline(coordinates: [Coordinate(latitude: 47.37, longitude: 8.40), Coordinate(latitude: 47.37, longitude: 8.70)])
        road.title = "Road"
        let field = Polygon(coordinates: [Coordinate(latitude: 47.40, longitude: 8.50), Coordinate(latitude: 47.40, longitude: 8.58),
                                          Coordinate(latitude: 47.38, longitude: 8.58), Coordinate(latitude: 47.38, longitude: 8.50)],
                            interiorPolygons: [Polygon(coordinates: [
                                Coordinate(latitude: 47.395, longitude: 8.53), Coordinate(latitude: 47.395, longitude: 8.55),
                                Coordinate(latitude: 47.385, longitude: 8.55), Coordinate(latitude: 47.385, longitude: 8.53)])])
        field.title = "Field"
        field.subtitle = "with a pond"
        map.addOverlay(road)
        map.addOverlay(field)
        return (map, road, field, listener)
    }

    func click(_ map: MapController, at point: Point, kind: PointerKind = .mouse, now: Double = 1) {
        _ = map.handle(.pointer(PointerEvent(phase: .down, location: point, kind: kind, button: .left)), at: now)
        _ = map.handle(.pointer(PointerEvent(phase: .up, location: point, kind: kind, button: .left)), at: now + 0.05)
    }

    @Test func aClickNearALineSelectsItAndOpensItsCallout() {
        let (map, road, _, listener) = map()
        let onRoad = map.convert(Coordinate(latitude: 47.37, longitude: 8.45))
        click(map, at: Point(x: onRoad.x, y: onRoad.y + 15))
        #expect(map.selectedOverlay === road)
        #expect(listener.events == ["select Road"])
        let callout = map.selectedAnnotations.first as? OverlayCallout
        #expect(callout?.title == "Road" && callout?.overlay === road)
        // Far from everything: a click deselects.
        click(map, at: Point(x: 20, y: 20), now: 3)
        #expect(map.selectedOverlay == nil && map.selectedAnnotations.isEmpty)
        #expect(listener.events == ["select Road", "deselect Road"])
        #expect(!map.annotations.contains { $0 is OverlayCallout }, "the callout's stand goes with it")
    }

    @Test func aFingerReachesFartherThanAMouse() {
        let (map, road, _, _) = map()
        let onRoad = map.convert(Coordinate(latitude: 47.37, longitude: 8.45))
        click(map, at: Point(x: onRoad.x, y: onRoad.y + 35))
        #expect(map.selectedOverlay == nil)
        click(map, at: Point(x: onRoad.x, y: onRoad.y + 35), kind: .touch, now: 3)
        #expect(map.selectedOverlay === road)
    }

    @Test func anAreaIsSelectedInsideButNotInItsHole() {
        let (map, _, field, _) = map()
        // Close enough that the pond's middle is farther than 22 points from its shore (the shore is clickable).
        map.camera = Camera(center: Coordinate(latitude: 47.39, longitude: 8.54), zoom: 14, viewportSize: Size(width: 800, height: 600))
        click(map, at: map.convert(Coordinate(latitude: 47.39, longitude: 8.54)))
        #expect(map.selectedOverlay == nil, "the pond is not the field")
        click(map, at: map.convert(Coordinate(latitude: 47.3925, longitude: 8.52)), now: 3)
        #expect(map.selectedOverlay === field)
        #expect(map.selectedAnnotations.first?.subtitle == "with a pond")
    }

    @Test func escapeDeselectsAndTheSelectedOverlayIsPaintedWithAHalo() {
        let (map, road, _, listener) = map()
        map.selectOverlay(road)
        let paints = map.overlayLayer.paints(at: .aboveRoads)
        #expect(paints.map(\.isHighlighted) == [true, false])
        let before = map.overlayLayer.version
        _ = map.handle(.key(KeyPress("escape")), at: 2)
        #expect(map.selectedOverlay == nil && listener.events == ["select Road", "deselect Road"])
        #expect(map.overlayLayer.version != before, "tiles are painted again without the halo")
    }

    @Test func removingTheSelectedOverlayTakesItsCalloutAway() {
        let (map, road, field, listener) = map()
        map.selectOverlay(road)
        map.removeOverlay(road)
        #expect(map.selectedOverlay == nil && map.selectedAnnotations.isEmpty)
        #expect(!map.annotations.contains { $0 is OverlayCallout })
        #expect(listener.events == ["select Road", "deselect Road"])
        #expect(map.overlays.count == 1 && map.overlays.first === field)
    }

    @Test func tabReachesOverlaysAfterThePinsAndEnterSelectsOne() {
        let (map, road, field, listener) = map()
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 47.36, longitude: 8.60), title: "Pin")
        map.addAnnotation(pin)
        map.prepareFrame(at: 0, text: ZeroMetrics())
        _ = map.handle(.key(KeyPress("tab")), at: 1)
        #expect(map.input.focus.focused === pin && map.input.focus.focusedOverlay == nil)
        // Then the overlays, top first: the field's top edge is above the road.
        _ = map.handle(.key(KeyPress("tab")), at: 2)
        #expect(map.input.focus.focusedOverlay === field)
        let ring = FrameComposer.makeScene(of: map, tiles: NoTiles(), text: ZeroMetrics()).commands.filter {
            if case .line(_, _, let color, _) = $0 { color == FocusRing.color } else { false }
        }
        #expect(ring.count == 4, "a ring around the field")
        _ = map.handle(.key(KeyPress("tab")), at: 3)
        #expect(map.input.focus.focusedOverlay === road)
        _ = map.handle(.key(KeyPress("return")), at: 4)
        #expect(map.selectedOverlay === road)
        #expect(listener.events == ["select Road"])
        // Shift+Tab from the pin wraps to the last overlay.
        map.deselectOverlay()
        _ = map.handle(.key(KeyPress("tab")), at: 5)
        #expect(map.input.focus.focused === pin)
        _ = map.handle(.key(KeyPress("tab", modifiers: .shift)), at: 6)
        #expect(map.input.focus.focusedOverlay === road)
    }
}
