import Testing
@testable import MapEngine
@testable import MapKitLayer

/// Pins past 85.05° stand on the world's top edge, where the map ends:
/// they hang below it, so they can be seen and picked, not above it.
@Suite @MainActor struct WorldEdgeTests {
    @Test func aPinNorthOfTheMapHangsBelowTheTopEdgeAndCanBePicked() throws {
        let pole = PointAnnotation(coordinate: Coordinate(latitude: 89, longitude: 20), title: "Near the pole")
        // As far north as the camera goes: the world's top edge is the screen's top.
        let map = makeAnnotationMap(center: Coordinate(latitude: 89, longitude: 20), zoom: 6,
                                    size: Size(width: 600, height: 400))
        let edge = map.camera.screenPoint(forWorld: Point(x: 0.5, y: 0)).y
        #expect(abs(edge) < 1, "the camera stops at the top edge (\(edge))")
        map.addAnnotation(pole)
        let pin = try #require(imageDraws(map).first { $0.role == "annotation" })
        #expect(pin.rect.minY >= edge - 0.5, "drawn below the edge: \(pin.rect)")
        #expect(pin.rect.maxY > 20, "whole on screen: \(pin.rect)")
        click(map, at: Point(x: pin.rect.midX, y: pin.rect.minY + 8))
        #expect(map.selectedAnnotations.first === pole)
    }

    @Test func aPinSouthOfTheEdgeIsDrawnWhereItIs() throws {
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 60, longitude: 20), title: "Oslo-ish")
        let map = makeAnnotationMap(center: Coordinate(latitude: 60, longitude: 20), zoom: 6,
                                    size: Size(width: 600, height: 400))
        map.addAnnotation(pin)
        let draw = try #require(imageDraws(map).first { $0.role == "annotation" })
        let tip = map.convert(pin.coordinate)
        #expect(draw.rect.maxY <= tip.y + 1 && draw.rect.maxY > tip.y - 12, "its tip on its place: \(draw.rect) \(tip)")
    }
}
