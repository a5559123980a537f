import Foundation
import MapEngine
import MapKitLayer
import Testing
@testable import VectorRaster

/// Overlays laid out by `OverlayTileLayout` and painted by Cairo: what a map tile of them looks like.
@Suite @MainActor struct OverlayRasterTests {
    @Test func anAreaIsFilledAroundItsHoleAndItsOutlineStroked() throws {
        // A square filling most of tile 2/2/1 with a hole in its middle quarter.
        let tile = TileID(z: 2, x: 2, y: 1)
        func coordinate(_ x: Double, _ y: Double) -> Coordinate {
            WebMercator.unproject(Point(x: (Double(tile.x) + x) / 4, y: (Double(tile.y) + y) / 4))
        }
        let outer = [coordinate(0.1, 0.1), coordinate(0.9, 0.1), coordinate(0.9, 0.9), coordinate(0.1, 0.9)]
        let hole = [coordinate(0.35, 0.35), coordinate(0.65, 0.35), coordinate(0.65, 0.65), coordinate(0.35, 0.65)]
        let renderer = PolygonRenderer(polygon: Polygon(coordinates: outer, interiorPolygons: [Polygon(coordinates: hole)]))
        renderer.fillColor = Color(hex: 0x3366CC, alpha8: 128)
        renderer.strokeColor = Color(hex: 0x003399)
        renderer.lineWidth = 4
        let drawing = OverlayTileLayout.drawing(for: tile, overlays: [renderer.paint()], scale: 1)
        let (argb, opaque) = try CairoRasterizer.render(drawing)
        func pixel(_ x: Int, _ y: Int) -> UInt32 { argb[y * 256 + x] }
        #expect(!opaque)
        #expect(pixel(128, 128) >> 24 == 0, "the hole is empty")
        #expect(pixel(5, 5) >> 24 == 0, "outside is empty")
        let filled = pixel(50, 128)
        #expect(filled >> 24 > 100 && filled >> 24 < 160, "half-transparent fill: \(String(filled, radix: 16))")
        #expect(pixel(Int(0.1 * 256), 128) >> 24 == 255, "the outline is opaque")
        #expect(pixel(Int(0.35 * 256), 128) >> 24 == 255, "the hole's edge is outlined too")
    }
}
