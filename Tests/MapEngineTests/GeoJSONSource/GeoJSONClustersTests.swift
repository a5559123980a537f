import Foundation
import Testing
@testable import MapEngine

/// A GeoJSON source's points clustered as the style asks (`cluster`,
/// `clusterRadius`, `clusterMaxZoom`), for the style to draw.
@Suite struct GeoJSONClustersTests {
    /// Three points a few hundred metres apart near 0°, 0°, and one 20° away.
    static let points = #"""
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "properties": {"name": "a"}, "geometry": {"type": "Point", "coordinates": [0.001, 0.001]}},
      {"type": "Feature", "properties": {"name": "b"}, "geometry": {"type": "Point", "coordinates": [0.002, 0.001]}},
      {"type": "Feature", "properties": {"name": "c"}, "geometry": {"type": "Point", "coordinates": [0.001, 0.002]}},
      {"type": "Feature", "properties": {"name": "far"}, "geometry": {"type": "Point", "coordinates": [20, 20]}},
      {"type": "Feature", "properties": {"name": "road"}, "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}}]}
    """#

    static func features(_ tile: TileID, maxZoom: Int = 14) throws -> [VectorFeature] {
        let source = try GeoJSONTileSource(bytes: Array(points.utf8), name: "p", file: "p.geojson",
                                           clustering: GeoJSONClusters.Settings(radius: 50, maxZoom: maxZoom))
        guard let data = try source.data(for: tile) else { return [] }
        return try #require(try VectorTile(bytes: [UInt8](data)).layer(named: GeoJSONTiler.layerName)).features
    }

    @Test func nearPointsBecomeOneClusterWithTheirCount() throws {
        // Style zoom 3: 4096 pixels round the world, so 20° is 227 pixels and a few hundred metres less than one.
        let all = try Self.features(TileID(z: 3, x: 4, y: 3))
        let clusters = all.filter { $0["cluster"] == .bool(true) }
        #expect(clusters.count == 1)
        #expect(clusters.first?["point_count"] == .number(3))
        #expect(clusters.first?["point_count_abbreviated"] == .string("3"))
        #expect(all.contains { $0["name"] == .string("far") }, "a point far from the others stays itself")
        #expect(all.contains { $0["name"] == .string("road") }, "lines are not clustered")
        #expect(!all.contains { $0["name"] == .string("a") })
    }

    @Test func pastTheClusterMaxZoomEveryPointIsItself() throws {
        let deep = try Self.features(TileID(z: 15, x: 16384, y: 16383), maxZoom: 14)
        let names = Set(deep.compactMap { feature -> String? in
            if case .string(let name)? = feature["name"] { return name } else { return nil }
        })
        #expect(names.isSuperset(of: ["a", "b", "c"]), "\(names)")
        #expect(!deep.contains { $0["cluster"] == .bool(true) })
    }

    @Test func countsAreAbbreviatedAsSuperclusterWritesThem() {
        #expect(GeoJSONClusters.abbreviated(950) == "950")
        #expect(GeoJSONClusters.abbreviated(1000) == "1k")
        #expect(GeoJSONClusters.abbreviated(1234) == "1.2k")
        #expect(GeoJSONClusters.abbreviated(12_345) == "12k")
    }

    @Test func theStyleSaysWhetherAndHowToCluster() throws {
        let style = try MapStyle(bytes: Array(#"""
        {"version": 8, "sources": {"p": {"type": "geojson", "data": "p.geojson", "cluster": true, "clusterRadius": 80, "clusterMaxZoom": 12}},
         "layers": []}
        """#.utf8), file: "c.json")
        let source = try #require(style.sources["p"])
        #expect(source.cluster && source.clusterRadius == 80 && source.clusterMaxZoom == 12)
    }
}

/// `clusterProperties`: what each cluster gathers from its points.
@Suite struct GeoJSONClusterPropertiesTests {
    static let points = #"""
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "properties": {"beds": 3, "open": true, "code": "A"}, "geometry": {"type": "Point", "coordinates": [0.001, 0.001]}},
      {"type": "Feature", "properties": {"beds": 5, "open": false, "code": "B"}, "geometry": {"type": "Point", "coordinates": [0.002, 0.001]}},
      {"type": "Feature", "properties": {"beds": 4, "open": true, "code": "C"}, "geometry": {"type": "Point", "coordinates": [0.001, 0.002]}}]}
    """#

    /// The one cluster the three points make at zoom 3, gathering `properties`.
    static func cluster(gathering properties: [GeoJSONClusterProperty]) throws -> VectorFeature {
        let source = try GeoJSONTileSource(bytes: Array(points.utf8), name: "p", file: "p.geojson",
                                           clustering: GeoJSONClusters.Settings(radius: 50, maxZoom: 14, properties: properties))
        let data = try #require(try source.data(for: TileID(z: 3, x: 4, y: 3)))
        return try #require(try VectorTile(bytes: [UInt8](data)).layer(named: GeoJSONTiler.layerName)?.features
            .first { $0["cluster"] == .bool(true) })
    }

    @Test func aClusterSumsAndFoldsItsPointsValues() throws {
        let properties = try GeoJSONClusterProperty.read(Array(#"""
        {"beds": ["+", ["get", "beds"]], "most": ["max", ["get", "beds"]], "allOpen": ["all", ["get", "open"]],
         "anyOpen": ["any", ["get", "open"]], "double": ["+", ["*", 2, ["get", "beds"]]]}
        """#.utf8))
        let cluster = try Self.cluster(gathering: properties)
        #expect(cluster["point_count"] == .number(3))
        #expect(cluster["beds"] == .number(12))
        #expect(cluster["most"] == .number(5))
        #expect(cluster["allOpen"] == .bool(false))
        #expect(cluster["anyOpen"] == .bool(true))
        #expect(cluster["double"] == .number(24))
    }

    @Test func aReduceExpressionFoldsWithAccumulated() throws {
        // As MapLibre's docs write them: the reduce reads what is gathered so far and the next value by the property's name.
        let properties = try GeoJSONClusterProperty.read(Array(#"""
        {"beds": [["+", ["accumulated"], ["get", "beds"]], ["get", "beds"]],
         "widest": [["max", ["accumulated"], ["get", "widest"]], ["*", 10, ["get", "beds"]]],
         "codes": [["concat", ["accumulated"], "-", ["get", "codes"]], ["get", "code"]]}
        """#.utf8))
        let cluster = try Self.cluster(gathering: properties)
        #expect(cluster["beds"] == .number(12))
        #expect(cluster["widest"] == .number(50))
        if case .string(let codes)? = cluster["codes"] {
            #expect(codes.split(separator: "-").sorted() == ["A", "B", "C"], "each point's code once, joined: \(codes)")
        } else {
            Issue.record("codes: \(String(describing: cluster["codes"]))")
        }
    }

    @Test func aMalformedPropertyIsRefusedWithItsPlace() {
        for reduce in [#""sum""#, #"["+", ["accumulated", 1], ["get", "beds"]]"#, #"["frobnicate", ["accumulated"]]"#] {
            let style = """
            {"version": 8, "sources": {"p": {"type": "geojson", "data": "p.geojson", "cluster": true,
               "clusterProperties": {"beds": [\(reduce), ["get", "beds"]]}}}, "layers": []}
            """
            #expect { try MapStyle(bytes: Array(style.utf8), file: "c.json") } throws: {
                "\($0)".contains("c.json:2:")
            }
        }
    }
}
