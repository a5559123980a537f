import Foundation
@testable import MapEngine
import Testing

/// A GeoJSON source with `lineMetrics`: each piece of a line a tile holds
/// says where along the whole line it starts and ends, so `line-gradient`
/// runs across tiles as one line.
@Suite struct GeoJSONLineMetricsTests {
    /// A line along 10° north from 40° west to 40° east (straight on the map, so its length shares evenly by longitude).
    let line = #"{"type": "Feature", "properties": {"name": "route"}, "geometry": {"type": "LineString", "coordinates": [[-40, 10], [0, 10], [40, 10]]}}"#

    func pieces(_ tile: TileID, lineMetrics: Bool = true) throws -> [VectorFeature] {
        let source = try GeoJSONTileSource(bytes: Array(line.utf8), name: "route", file: "style.json", lineMetrics: lineMetrics)
        guard let data = try source.data(for: tile) else { return [] }
        return try #require(try VectorTile(bytes: [UInt8](data)).layer(named: GeoJSONTiler.layerName)).features
    }

    func span(_ feature: VectorFeature) -> (Double, Double)? {
        guard case .number(let start)? = feature[GeoJSONTiler.clipStart], case .number(let end)? = feature[GeoJSONTiler.clipEnd] else { return nil }
        return (start, end)
    }

    @Test func eachTilesPieceSaysWhereAlongTheLineItLies() throws {
        // At zoom 3 a tile spans 45° and its margin (128 of 512) 11.25° more each side.
        let west = try #require(try pieces(TileID(z: 3, x: 3, y: 3)).first)
        let east = try #require(try pieces(TileID(z: 3, x: 4, y: 3)).first)
        let (westStart, westEnd) = try #require(span(west))
        let (eastStart, eastEnd) = try #require(span(east))
        #expect(abs(westStart) < 1e-9 && abs(westEnd - 51.25 / 80) < 1e-6, "from the start to 11.25° east: \(westStart)…\(westEnd)")
        #expect(abs(eastStart - 28.75 / 80) < 1e-6 && abs(eastEnd - 1) < 1e-9, "from 11.25° west to the end: \(eastStart)…\(eastEnd)")
        #expect(west.properties["name"] == .string("route"), "the line's own properties stay")
    }

    @Test func aWholeLineInOneTileRunsFromNoughtToOne() throws {
        let whole = try #require(try pieces(TileID(z: 0, x: 0, y: 0)).first)
        let (start, end) = try #require(span(whole))
        #expect(abs(start) < 1e-9 && abs(end - 1) < 1e-9)
    }

    @Test func withoutLineMetricsPiecesCarryNoSpan() throws {
        let west = try #require(try pieces(TileID(z: 3, x: 3, y: 3), lineMetrics: false).first)
        #expect(span(west) == nil)
    }

    @Test func aLineLeavingAndComingBackIsTwoPiecesWithTheirOwnSpans() throws {
        let measured = GeometryClipping.clipLineMeasured([Point(x: 0, y: 5), Point(x: 20, y: 5), Point(x: 20, y: 15), Point(x: 0, y: 15)],
                                                         to: Rect(x: 0, y: 0, width: 10, height: 20))
        #expect(measured.count == 2)
        #expect(measured.first?.start == 0 && measured.first?.end == 10, "the first ten units")
        #expect(measured.last?.start == 40 && measured.last?.end == 50, "back in after thirty units outside")
    }
}
