import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import Testing
import TileSources
import VectorRaster

/// Broken vector tiles in a file people carry: each is a placeholder and
/// names itself in one warning; the good tiles around it draw.
@Suite @MainActor struct HostileVectorTileTests {
    @Test func brokenTilesFailAloneAndGoodOnesDraw() throws {
        var roads = VectorTileWriter.Layer(name: "water")
        roads.add(.polygon, geometry: [[Point(x: 0, y: 0), Point(x: 4096, y: 0), Point(x: 4096, y: 4096), Point(x: 0, y: 4096)]],
                  properties: ["class": .string("lake")])
        let good = Data(VectorTileWriter.encode([roads]))
        var bomb = Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03])
        bomb.append(Data(repeating: 0, count: 64))  // a gzip header and nonsense
        let tiles: [(TileID, Data)] = [
            (TileID(z: 1, x: 0, y: 0), good),
            (TileID(z: 1, x: 1, y: 0), Data([0x1A, 0xFF, 0xFF, 0xFF])),              // a length past the end
            (TileID(z: 1, x: 0, y: 1), Data([0x1A, 0x06, 0x12, 0x04, 0x22, 0x02, 0xFF, 0xFF])),  // lying geometry
            (TileID(z: 1, x: 1, y: 1), bomb),
        ]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).mbtiles").path
        try MBTilesWriter.write(tiles, to: path, metadata: ["format": "pbf", "minzoom": "1", "maxzoom": "1"])
        let source = try MBTilesSource(path: path)
        let style = try MapStyle(bytes: Array("""
            {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x", "tileSize": 256}},
             "layers": [{"id": "w", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-color": "#00f"}}]}
            """.utf8), file: "s.json")
        var options = MapOptions(source: source, center: Coordinate(latitude: 0, longitude: 0), zoom: 1,
                                 size: Size(width: 64, height: 64), attribution: nil,
                                 resources: MapResources(fonts: PinmapResources.fontsDirectory), tileCacheBytes: 16 << 20, pins: nil)
        options.vectorLayout = VectorTileLayout(style: style, source: "v", dataLevels: 1...1)
        let loader = try HeadlessRun(options: options).session
        let ids = tiles.map(\.0)
        loader.request(ids)
        #expect(loader.waitUntilSettled(ids, timeout: 10))
        #expect(loader.tiles.status(of: ids[0]) == .loaded)
        #expect(ids.dropFirst().allSatisfy { loader.tiles.status(of: $0) == .failed })
    }
}
