import Foundation
@testable import MapEngine
import Testing

/// A style's GeoJSON source: read into the world, cut into vector tiles
/// that the style's layers read as they read any source's.
@Suite struct GeoJSONTileSourceTests {
    private func source(_ text: String, maxZoom: Int = 18) throws -> GeoJSONTileSource {
        try GeoJSONTileSource(bytes: Array(text.utf8), name: "shapes", file: "shapes.geojson", maxZoom: maxZoom)
    }

    private func features(_ source: GeoJSONTileSource, _ tile: TileID) throws -> [VectorFeature] {
        guard let data = try source.data(for: tile) else { return [] }
        return try #require(try VectorTile(bytes: [UInt8](data)).layer(named: GeoJSONTiler.layerName)).features
    }

    /// A square of land from 0° to 10° east and north, with a square hole, written anticlockwise (as RFC 7946 wants) and both ways round.
    private let square = #"""
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "id": 42, "properties": {"name": "Carré", "height": 12.5, "open": true, "tags": {"a": [1, 2]}, "none": null},
       "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]],
                                                       [[4, 4], [4, 6], [6, 6], [6, 4], [4, 4]]]}},
      {"type": "Feature", "properties": {"name": "Nowhere"}, "geometry": null},
      {"type": "Feature", "properties": {"kind": "mixed"}, "geometry": {"type": "GeometryCollection", "geometries": [
        {"type": "Point", "coordinates": [5, 5]}, {"type": "LineString", "coordinates": [[-20, 0], [20, 0]]}]}}
    ]}
    """#

    @Test func featuresKeepTheirPropertiesIdsAndKinds() throws {
        let shapes = try source(square)
        #expect(shapes.featureCount == 3, "the square, and the collection's point and line; the feature without geometry draws nothing")
        let all = try features(shapes, TileID(z: 0, x: 0, y: 0))
        let polygon = try #require(all.first { $0.type == .polygon })
        #expect(polygon.id == 42)
        #expect(polygon.properties["name"] == .string("Carré") && polygon.properties["height"] == .number(12.5))
        #expect(polygon.properties["open"] == .bool(true))
        #expect(polygon.properties["tags"] == .string(#"{"a": [1, 2]}"#), "an object is kept as its JSON text")
        #expect(polygon.properties["none"] == nil, "null is no value")
        #expect(all.filter { $0.properties["kind"] == .string("mixed") }.map(\.type.rawValue).sorted() == [1, 2],
                "a geometry collection is a point and a line with the same properties")
    }

    @Test func ringsRunAsVectorTilesWantWhateverTheFileDid() throws {
        let polygon = try #require(try features(try source(square), TileID(z: 0, x: 0, y: 0)).first { $0.type == .polygon })
        let rings = try polygon.geometry()
        #expect(rings.count == 2)
        // Outer rings clockwise on screen (positive area with y down), holes the other way.
        #expect(Extrusion.signedArea(rings[0]) > 0 && Extrusion.signedArea(rings[1]) < 0)
        let box = try #require(polygon.bounds)
        // 0°..10° east is 2048..2161.8 of a world tile's 4096; 10° north lies above the equator's 2048.
        #expect(abs(box.minX - 2048) <= 1 && abs(box.maxX - 2048 - 4096 * 10 / 360) <= 1)
        #expect(box.maxY <= 2048 + 1 && box.minY < 2048 - 100)
    }

    @Test func eachTileHoldsWhatReachesItCutAtItsMargin() throws {
        let shapes = try source(square)
        // Zoom 4: the square lies in tile 8/7 (0°..22.5° east, 0°..21.9° north); the line runs west to 20° W, into tile 6/7
        // (45° W..22.5° W) only as far as its margin, a quarter of a tile (5.6°) beyond its edge.
        let home = try features(shapes, TileID(z: 4, x: 8, y: 7))
        #expect(home.contains { $0.type == .polygon })
        let west = try features(shapes, TileID(z: 4, x: 6, y: 7))
        let line = try #require(west.first { $0.type == .lineString })
        // Cut at the margin: 128/512 of the tile beyond its edges, no farther.
        for point in try line.geometry().joined() {
            #expect(point.x >= -1024 - 1 && point.x <= 4096 + 1024 + 1)
        }
        #expect(!west.contains { $0.type == .polygon }, "the square does not reach the tile to its west")
        #expect(try shapes.data(for: TileID(z: 4, x: 2, y: 2)) == nil, "a tile nothing reaches has no data")
        #expect(shapes.levels == 0...18)
    }

    @Test func badGeoJSONIsRefusedNamingTheFileTheFeatureAndTheProblem() {
        func refusal(_ text: String) -> String {
            do {
                _ = try source(text)
                return "accepted"
            } catch {
                return String(describing: error)
            }
        }
        #expect(refusal(#"{"type": "FeatureCollection"}"#) == "shapes.geojson: a FeatureCollection needs a \"features\" array")
        #expect(refusal(#"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, 91]}}"#)
                == "shapes.geojson: the position [0, 91] is not a longitude and latitude")
        #expect(refusal(#"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": null}, {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0]]}}]}"#)
                == "shapes.geojson: feature 2: a line of its LineString has fewer than two positions")
        #expect(refusal(#"{"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [0, 0]]]}"#)
                == "shapes.geojson: a ring of its Polygon has fewer than four positions")
        #expect(refusal(#"{"type": "Topology"}"#).contains("not a FeatureCollection, Feature or geometry"))
        #expect(refusal("{\"type\": ").hasPrefix("shapes.geojson:1:"), "broken JSON says where")
        #expect(refusal(#"{"type": "Point", "coordinates": [1e999, 0]}"#).contains("is not a longitude and latitude"))
    }
}
