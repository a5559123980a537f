import Testing
@testable import MapEngine

/// Labels of one rank are placed tile by tile in MapLibre's order of tiles:
/// shallower levels first, then from the south, then from the east; so
/// where two want the same room, the one MapLibre shows wins.
@Suite struct TileOrderTests {
    typealias Fixture = LabelPlacementTests

    func candidate(_ text: String, dataTile: TileID, feature: Int) -> LabelCandidate {
        var priority = LabelPriority(layerIndex: 0, featureIndex: feature)
        priority.tileOrder = LabelPriority.tileOrder(of: dataTile)
        return LabelCandidate(text: text, tile: Fixture.tile, styleZoom: 9, placement: .point(Point(x: 128, y: 128)),
                              layer: "poi", look: LabelLook(size: 16, padding: 2), priority: priority)
    }

    func winner(_ candidates: [LabelCandidate]) -> [String] {
        var placer = LabelPlacer(camera: Fixture.camera(), scale: 1, metrics: FixedLabelMetrics())
        return placer.place(candidates).map(\.key.text)
    }

    @Test func theSouthernTileThenTheEasternThenTheShallowerWins() {
        // The northern tile's label comes first in its tile (feature 0) but its tile comes later.
        #expect(winner([candidate("North", dataTile: TileID(z: 9, x: 268, y: 178), feature: 0),
                        candidate("South", dataTile: TileID(z: 9, x: 268, y: 179), feature: 7)]) == ["South"])
        #expect(winner([candidate("West", dataTile: TileID(z: 9, x: 267, y: 179), feature: 0),
                        candidate("East", dataTile: TileID(z: 9, x: 268, y: 179), feature: 7)]) == ["East"])
        #expect(winner([candidate("Deep", dataTile: TileID(z: 9, x: 268, y: 179), feature: 0),
                        candidate("Shallow", dataTile: TileID(z: 8, x: 134, y: 89), feature: 7)]) == ["Shallow"])
        // Within one tile, feature order.
        #expect(winner([candidate("Second", dataTile: TileID(z: 9, x: 268, y: 179), feature: 1),
                        candidate("First", dataTile: TileID(z: 9, x: 268, y: 179), feature: 0)]) == ["First"])
    }

    @Test func aTilesLabelsCarryTheirDataTilesPlace() throws {
        let style = try MapStyle(bytes: Array("""
        {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}},
         "layers": [{"id": "names", "type": "symbol", "source": "v", "source-layer": "places", "layout": {"text-field": "{name}"}}]}
        """.utf8), file: "t.json")
        let layout = VectorTileLayout(style: style, source: "v", dataLevels: 0...4)
        let data = try VectorTile(bytes: TileEncoder.encode([.init(name: "places", features: [
            .init(type: 1, properties: [("name", .string("Vaduz"))], commands: TileEncoder.commands([[(3000, 1000)]])),
        ])]))
        // Data tile 4/3/5 enlarged: pinmap tile 6/14/20 is the one of its sixteen the place is in.
        let drawing = layout.drawing(for: TileID(z: 6, x: 14, y: 20), data: data, dataTile: TileID(z: 4, x: 3, y: 5), scale: 1)
        #expect(drawing.labels.map(\.priority.tileOrder) == [LabelPriority.tileOrder(of: TileID(z: 4, x: 3, y: 5))])
    }
}
