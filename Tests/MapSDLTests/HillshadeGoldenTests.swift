import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapKit
import Testing

/// A `hillshade` layer over a `raster-dem` source: the made-up mountains of
/// `Fixtures/Vector/dem.mbtiles` (Terrarium tiles from `tools/make-test-dem`)
/// lit from the north-west, their south-east slopes in shadow, seamless
/// across the DEM's tiles.
@Suite(.serialized) @MainActor struct HillshadeGoldenTests {
    let suite = "VectorGoldenTests"

    static var dem: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Vector/dem.mbtiles")
    }

    func snapshot(zoom: Double, shadow: String = "#000000") throws -> MapSnapshot {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relief-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("style.json")
        try Data(#"""
        {"version": 8, "sources": {"dem": {"type": "raster-dem", "url": "mbtiles://\#(Self.dem.path)", "encoding": "terrarium", "tileSize": 256}},
         "layers": [{"id": "page", "type": "background", "paint": {"background-color": "#f2efe9"}},
                    {"id": "relief", "type": "hillshade", "source": "dem", "paint": {"hillshade-shadow-color": "\#(shadow)"}}]}
        """#.utf8).write(to: file)
        var map = try MapOptions(style: file)
        map.center = Coordinate(latitude: 46.55, longitude: 8.0)
        map.zoom = zoom
        map.showsControls = false
        map.attribution = nil
        map.pins = nil
        return try MapSnapshotter(options: MapSnapshotter.Options(mapOptions: map, size: Size(width: 400, height: 300))).snapshot()
    }

    @Test func mountainsLitFromTheNorthWest() throws {
        let snapshot = try snapshot(zoom: 10.5)
        assertGolden(snapshot.image, named: "hillshade-z10.5", suite: suite)
        func at(_ latitude: Double, _ longitude: Double) -> Color {
            let point = snapshot.point(for: Coordinate(latitude: latitude, longitude: longitude))
            return snapshot.image.pixel(x: Int(point.x), y: Int(point.y))
        }
        // The highest peak (46.52° N 8.05° E): its north-west flank lit, its south-east flank dark.
        let lit = at(46.535, 8.03), dark = at(46.505, 8.07)
        #expect(Int(lit.red) > Int(dark.red) + 60, "lit \(lit), shadowed \(dark)")
        #expect(dark.red < 150, "\(dark)")
    }

    @Test func theShadowTakesItsColour() throws {
        let image = try snapshot(zoom: 10.5, shadow: "#0000ff").image
        var blue = 0
        for y in stride(from: 0, to: image.height, by: 3) {
            for x in stride(from: 0, to: image.width, by: 3) {
                let pixel = image.pixel(x: x, y: y)
                if Int(pixel.blue) - Int(pixel.red) > 60 { blue += 1 }
            }
        }
        #expect(blue > 500, "\(blue) blue-shadowed pixels")
    }
}
