import Foundation
import Testing
@testable import MapEngine

/// A `raster-dem` tile shaded as MapLibre's hillshade shades it: heights
/// from the tile's colours, slopes lit from the light's side, shadowed on
/// the other, flat ground clear, and edges read across to the neighbours.
@Suite struct HillshadeTests {
    /// A Terrarium pixel for a height in metres.
    static func terrarium(_ metres: Double) -> UInt32 {
        let value = metres + 32_768
        let red = UInt32(value / 256), green = UInt32(value) % 256, blue = UInt32((value - value.rounded(.down)) * 256)
        return 0xFF00_0000 | red << 16 | green << 8 | blue
    }

    /// A 16 x 16 DEM whose height is `height(column, row)` in the tile's own pixels.
    static func dem(_ height: (Int, Int) -> Double) -> TilePixels {
        TilePixels(width: 16, height: 16, argb: (0..<256).map { terrarium(height($0 % 16, $0 / 16)) }, isOpaque: true)!
    }

    static func shading(direction: Double, exaggeration: Double = 0.5) -> Hillshade {
        Hillshade(encoding: .terrarium, demZoom: 12, exaggeration: exaggeration, direction: direction,
                  shadow: Color(rgba: 0, 0, 0, 255), highlight: Color(rgba: 255, 255, 255, 255), accent: Color(rgba: 0, 0, 0, 255),
                  latitudes: (0, 0))
    }

    static let tile = TileID(z: 12, x: 100, y: 100)

    @Test func heightsComeFromTheEncodingsColours() {
        #expect(abs(Hillshade.Encoding.terrarium.height(Self.terrarium(1234.5)) - 1234.5) < 0.01)
        // Terrain-RGB: (r · 65,536 + g · 256 + b) tenths of a metre above −10,000 m.
        let pixel: UInt32 = 0xFF00_0000 | 3 << 16 | 147 << 8 | 224   // 196,608 + 37,632 + 224 tenths: 23,446.4 m above −10,000 m
        #expect(abs(Hillshade.Encoding.mapbox.height(pixel) - 13446.4) < 1e-6)
    }

    @Test func flatGroundIsClear() throws {
        let shaded = try #require(Self.shading(direction: 335).shade(Self.dem { _, _ in 500 }, tile: Self.tile, neighbours: [:]))
        #expect(shaded.argb.allSatisfy { $0 >> 24 == 0 }, "no slope, no shade")
    }

    @Test func aSlopeFacingTheLightIsLitAndFacingAwayIsShadowed() throws {
        // Ground rising eastwards faces west (a pixel of this 16-pixel tile at zoom 12 is some 600 m: 300 m a pixel is steep).
        let slope = Self.dem { column, _ in Double(column) * 300 }
        let fromWest = try #require(Self.shading(direction: 270).shade(slope, tile: Self.tile, neighbours: [:]))
        let fromEast = try #require(Self.shading(direction: 90).shade(slope, tile: Self.tile, neighbours: [:]))
        let lit = fromWest.argb[8 * 16 + 8], shadowed = fromEast.argb[8 * 16 + 8]
        #expect(lit >> 24 > 20 && lit & 0xFF > 200, "white where the light falls: \(String(lit, radix: 16))")
        #expect(shadowed >> 24 > 20 && shadowed & 0xFF < 40, "black in the shadow: \(String(shadowed, radix: 16))")
        // Stronger exaggeration, stronger shade.
        let strong = try #require(Self.shading(direction: 90, exaggeration: 1).shade(slope, tile: Self.tile, neighbours: [:]))
        #expect(strong.argb[8 * 16 + 8] >> 24 > shadowed >> 24)
    }

    @Test func edgesReadTheirNeighboursHeights() throws {
        // One slope running on across three tiles: with its neighbours the edge pixels shade like the middle.
        func across(_ offset: Int) -> TilePixels { Self.dem { column, _ in Double(column + offset * 16) * 20 + 2000 } }
        let west = TileID(z: 12, x: 99, y: 100), east = TileID(z: 12, x: 101, y: 100)
        let shade = Self.shading(direction: 270)
        let alone = try #require(shade.shade(across(0), tile: Self.tile, neighbours: [:]))
        let joined = try #require(shade.shade(across(0), tile: Self.tile, neighbours: [west: across(-1), east: across(1)]))
        #expect(joined.argb[8 * 16 + 15] == joined.argb[8 * 16 + 8] && joined.argb[8 * 16] == joined.argb[8 * 16 + 8])
        #expect(alone.argb[8 * 16 + 15] != alone.argb[8 * 16 + 8], "without them, the edge's slope is half as steep")
        #expect(Hillshade.neighbours(of: TileID(z: 1, x: 0, y: 0)).count == 5, "none beyond the pole; round the world east and west")
    }

    @Test func aStyleReadsRasterDEMSourcesAndHillshadeLayers() throws {
        let style = try MapStyle(bytes: Array(#"""
        {"version": 8, "sources": {"dem": {"type": "raster-dem", "tiles": ["https://dem.example/{z}/{x}/{y}.png"], "encoding": "terrarium", "tileSize": 256},
                                   "own": {"type": "raster-dem", "url": "mbtiles://own.mbtiles", "encoding": "custom", "redFactor": 2, "baseShift": -100}},
         "layers": [{"id": "relief", "type": "hillshade", "source": "dem", "paint": {"hillshade-exaggeration": 0.8, "hillshade-shadow-color": "#335"}}]}
        """#.utf8), file: "dem.json")
        #expect(style.sources["dem"]?.kind == .rasterDEM && style.sources["dem"]?.encoding == .terrarium)
        #expect(style.sources["own"]?.encoding == Hillshade.Encoding(red: 2, green: 1, blue: 1, shift: 100))
        #expect(style.warnings.isEmpty, "\(style.warnings)")
        let layout = VectorTileLayout(style: style, source: "dem", dataLevels: 0...14)
        let drawing = layout.drawing(for: TileID(z: 9, x: 266, y: 180), sources: [:], scale: 1)
        let shade = drawing.operations.compactMap { operation -> (TileID, Hillshade)? in
            if case .hillshade(let source, let tile, _, let shade) = operation, source == "dem" { (tile, shade) } else { nil }
        }.first
        #expect(shade?.0 == TileID(z: 9, x: 266, y: 180), "a 256-point DEM tile of the same ground")
        #expect(shade?.1.exaggeration == 0.8 && shade?.1.shadow == Color(rgba: 0x33, 0x33, 0x55, 255) && shade?.1.direction == 335)
        #expect(throws: StyleError.self) {
            _ = try MapStyle(bytes: Array(#"{"version": 8, "sources": {"d": {"type": "raster-dem", "url": "mbtiles://x", "encoding": "png"}}, "layers": []}"#.utf8), file: "bad.json")
        }
    }
}
