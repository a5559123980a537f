import Testing
@testable import MapEngine

/// `fill-sort-key`, `line-sort-key` and `circle-sort-key`: a layer's
/// features are drawn lowest key first, whatever order the tile holds them in.
@Suite struct SortKeyLayoutTests {
    typealias E = TileEncoder

    @Test func linesAreDrawnInTheirSortKeysOrder() throws {
        let style = #"""
        {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}}, "layers": [
          {"id": "roads", "type": "line", "source": "v", "source-layer": "roads",
           "layout": {"line-sort-key": ["get", "rank"]},
           "paint": {"line-width": 2, "line-color": ["match", ["get", "kind"], "major", "#ff0000", "#0000ff"]}}]}
        """#
        let layout = VectorTileLayout(style: try MapStyle(bytes: Array(style.utf8), file: "t.json"), source: "v", dataLevels: 0...6)
        func road(_ rank: Double, _ kind: String, _ y: Int32) -> E.Feature {
            .init(type: 2, properties: [("rank", .double(rank)), ("kind", .string(kind))], commands: E.commands([[(0, y), (4096, y)]]))
        }
        // Held as: a major road ranked 3, a minor ranked 2, a major ranked 1.
        let tile = try VectorTile(bytes: E.encode([.init(name: "roads", features: [road(3, "major", 1000), road(2, "minor", 2000), road(1, "major", 3000)])]))
        let drawing = layout.drawing(for: TileID(z: 4, x: 0, y: 0), data: tile, dataTile: TileID(z: 4, x: 0, y: 0), scale: 1)
        let strokes = drawing.operations.compactMap { operation -> (Color, Double)? in
            if case .stroke(let lines, let stroke) = operation { (stroke.color, lines[0][0].y) } else { nil }
        }
        #expect(strokes.map(\.0) == [Color(hex: 0xFF0000), Color(hex: 0x0000FF), Color(hex: 0xFF0000)],
                "red (1), blue (2), red (3): one red operation for both would draw the blue one over the top road")
        #expect(strokes.map(\.1) == [187.5, 125, 62.5], "the rank-1 road first: \(strokes)")
    }
}
