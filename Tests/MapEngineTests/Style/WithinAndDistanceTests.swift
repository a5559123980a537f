import Foundation
import Testing
@testable import MapEngine

/// `within` and `distance`: features inside, on the edge of and outside a
/// square, measured against hand-worked figures, from values and from a tile.
@Suite struct WithinAndDistanceTests {
    static let square = #"{"type": "Polygon", "coordinates": [[[0, 0], [0, 5], [5, 5], [5, 0], [0, 0]]]}"#
    static let tile = FeaturePlace(tile: TileID(z: 10, x: 512, y: 500))

    static func context(_ type: VectorFeature.GeometryType, _ parts: [[Point]], place: FeaturePlace? = tile) -> StyleContext {
        var context = StyleContext(zoom: 10, subject: ValuedFeature(properties: [:], type: type, parts: parts))
        context.place = place
        return context
    }

    static func evaluate(_ json: String, _ context: StyleContext) throws -> StyleValue {
        try StyleTestSupport.expression(json).evaluate(context)
    }

    @Test func pointsInsideAreWithinAndPointsOnTheEdgeOrOutsideAreNot() throws {
        let within = "[\"within\", \(Self.square)]"
        #expect(try Self.evaluate(within, Self.context(.point, [[Point(x: 2, y: 2)]])) == .bool(true))
        #expect(try Self.evaluate(within, Self.context(.point, [[Point(x: 0, y: 2)]])) == .bool(false))
        #expect(try Self.evaluate(within, Self.context(.point, [[Point(x: 6, y: 2)]])) == .bool(false))
        // Every point of a multipoint must be inside.
        #expect(try Self.evaluate(within, Self.context(.point, [[Point(x: 2, y: 2)], [Point(x: 7, y: 7)]])) == .bool(false))
        // Without a tile, nothing can be placed, so nothing is within.
        #expect(try Self.evaluate(within, Self.context(.point, [[Point(x: 2, y: 2)]], place: nil)) == .bool(false))
    }

    @Test func aLineIsWithinOnlyWhenItNeverCrossesAnEdge() throws {
        let notched = #"["within", {"type": "Polygon", "coordinates": [[[0, 0], [0, 5], [2, 5], [2, 1], [3, 1], [3, 5], [5, 5], [5, 0], [0, 0]]]}]"#
        let inside = [[Point(x: 1, y: 0.5), Point(x: 4, y: 0.5)]]
        let acrossTheNotch = [[Point(x: 1, y: 3), Point(x: 4, y: 3)]]
        #expect(try Self.evaluate(notched, Self.context(.lineString, inside)) == .bool(true))
        #expect(try Self.evaluate(notched, Self.context(.lineString, acrossTheNotch)) == .bool(false))
        // Polygons are never within, as in MapLibre.
        #expect(try Self.evaluate(notched, Self.context(.polygon, [[Point(x: 1, y: 1), Point(x: 1, y: 2), Point(x: 2, y: 2), Point(x: 1, y: 1)]])) == .bool(false))
    }

    @Test func aDegreeOfLatitudeAtTheEquatorIsAbout110574Metres() throws {
        // The cheap ruler's metres per degree of latitude at 0°: π/180 · 6378137 · (1 − e²).
        let point = #"["distance", {"type": "Point", "coordinates": [0, 1]}]"#
        let metres = try #require(Self.evaluate(point, Self.context(.point, [[Point(x: 0, y: 0)]], place: FeaturePlace(tile: TileID(z: 20, x: 0, y: 0)))).asNumber)
        #expect(abs(metres - 110_574.27) < 1)
        // A point inside a polygon, or on a line, is no distance from it.
        #expect(try Self.evaluate("[\"distance\", \(Self.square)]", Self.context(.point, [[Point(x: 2, y: 2)]])) == .number(0))
        let line = #"["distance", {"type": "LineString", "coordinates": [[-1, 0], [1, 0]]}]"#
        #expect(try Self.evaluate(line, Self.context(.point, [[Point(x: 0, y: 0)]])) == .number(0))
        // Two lines crossing are no distance apart; a line beside a square is the gap away.
        #expect(try Self.evaluate(line, Self.context(.lineString, [[Point(x: 0, y: -1), Point(x: 0, y: 1)]])) == .number(0))
        let beside = try #require(Self.evaluate("[\"distance\", \(Self.square)]", Self.context(.lineString, [[Point(x: 6, y: 0), Point(x: 6, y: 5)]])).asNumber)
        #expect(abs(beside - 111_319.49) < 300, "one degree of longitude near the equator, at the line's latitude")
        // Without geometry there is nothing to measure.
        #expect(try Self.evaluate(line, StyleContext(zoom: 10)).asNumber?.isNaN == true)
    }

    @Test func geometryThatIsNotGeoJSONOrNotAPolygonIsRefused() {
        for bad in [#"["within", {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}]"#, #"["within", ["get", "area"]]"#,
                    #"["within"]"#, #"["distance", {"type": "Nope!"}]"#, #"["distance", {"type": "Point", "coordinates": ["a", 1]}]"#,
                    #"["distance", {"type": "Point", "coordinates": [0, 1]}, 2]"#] {
            #expect(throws: StyleValueError.self, "\(bad)") { try StyleTestSupport.expression(bad) }
        }
    }

    /// A tile's feature is put on the globe from its tile and extent: a
    /// point a quarter of the way into the world tile lies at 90° W.
    @Test func aTilesFeatureIsPlacedByItsTile() throws {
        let bytes = TileEncoder.encode([.init(name: "places", features: [
            .init(type: 1, properties: [], commands: TileEncoder.commands([[(1024, 1024)]])),
        ])])
        let feature = try #require(try VectorTile(bytes: bytes).layers.first?.features.first)
        var context = StyleContext(zoom: 0, feature: feature)
        context.place = FeaturePlace(tile: TileID(z: 0, x: 0, y: 0), extent: 4096)
        // y a quarter down: latitude atan(sinh(π/2)) ≈ 66.51°.
        let around = #"["within", {"type": "Polygon", "coordinates": [[[-91, 66], [-91, 67], [-89, 67], [-89, 66], [-91, 66]]]}]"#
        let beside = #"["within", {"type": "Polygon", "coordinates": [[[-95, 66], [-95, 67], [-92, 67], [-92, 66], [-95, 66]]]}]"#
        #expect(try StyleTestSupport.expression(around).evaluate(context) == .bool(true))
        #expect(try StyleTestSupport.expression(beside).evaluate(context) == .bool(false))
    }
}
