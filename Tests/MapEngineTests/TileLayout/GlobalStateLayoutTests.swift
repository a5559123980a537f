import Testing
@testable import MapEngine

/// A style's root `state` gives `global-state` its values when tiles are drawn.
@Suite struct GlobalStateLayoutTests {
    static func style(showParks: Bool) -> String {
        """
        {"version": 8, "state": {"showParks": {"default": \(showParks)}, "parkColour": {"default": "#00aa00"}},
         "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}},
         "layers": [{"id": "parks", "type": "fill", "source": "v", "source-layer": "areas",
                     "filter": ["all", ["==", ["get", "class"], "park"], ["global-state", "showParks"]],
                     "paint": {"fill-color": ["global-state", "parkColour"]}}]}
        """
    }

    static func fills(showParks: Bool) throws -> [Color] {
        let style = try MapStyle(bytes: Array(Self.style(showParks: showParks).utf8), file: "state.json")
        let layout = VectorTileLayout(style: style, source: "v", dataLevels: 0...6)
        let drawing = layout.drawing(for: TileID(z: 4, x: 0, y: 0), data: VectorTileLayoutTests.tile, dataTile: TileID(z: 4, x: 0, y: 0), scale: 1)
        return drawing.operations.compactMap { if case .fill(_, let color, _) = $0 { return color } else { return nil } }
    }

    @Test func theStatesDefaultsDecideWhatIsDrawnAndHow() throws {
        #expect(try Self.fills(showParks: false).isEmpty)
        let shown = try Self.fills(showParks: true)
        #expect(!shown.isEmpty)
        #expect(shown.allSatisfy { $0 == Color(rgba: 0, 0xaa, 0) })
    }

    @Test func aStateWithoutADefaultIsRefusedWithItsName() {
        let bad = #"{"version": 8, "state": {"x": 1}, "sources": {}, "layers": []}"#
        #expect { try MapStyle(bytes: Array(bad.utf8), file: "state.json") } throws: { "\($0)".contains("\"x\"") && "\($0)".contains("default") }
    }
}
