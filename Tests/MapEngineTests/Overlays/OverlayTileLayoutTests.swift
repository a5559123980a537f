import Foundation
import Testing
@testable import MapEngine

@Suite @MainActor struct OverlayTileLayoutTests {
    func paint(_ overlay: any Overlay, configure: (OverlayRenderer) -> Void = { _ in }) -> OverlayPaint {
        let renderer = overlay is Polyline || overlay is GeodesicPolyline || overlay is MultiPolyline
            ? PolylineRenderer(polyline: overlay) : PolygonRenderer(polygon: overlay)
        configure(renderer)
        return renderer.paint()
    }

    func strokes(_ drawing: TileDrawing) -> [(lines: [[Point]], stroke: Stroke)] {
        drawing.operations.compactMap { if case .stroke(let lines, let stroke) = $0 { (lines, stroke) } else { nil } }
    }

    @Test func aLineIsDrawnInTheTilesPixelsAndNotInTilesItMisses() {
        // Along the equator from 0° to 90° E: tile 1/1/0 is north of it, 1/1/1 holds its top edge.
        let line = Polyline(coordinates: [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 90)])
        let south = OverlayTileLayout.drawing(for: TileID(z: 1, x: 1, y: 1), overlays: [paint(line)], scale: 1)
        let drawn = strokes(south)
        #expect(drawn.count == 1)
        let points = drawn.first?.lines.first ?? []
        #expect(points.first.map { abs($0.x) < 1e-9 && abs($0.y) < 1e-9 } == true, "\(points)")
        #expect(points.last.map { abs($0.x - 128) < 1e-9 } == true, "90° E is half way across the tile")
        #expect(drawn.first?.stroke.width == 3)
        let far = OverlayTileLayout.drawing(for: TileID(z: 3, x: 0, y: 0), overlays: [paint(line)], scale: 1)
        #expect(far.operations.isEmpty)
    }

    @Test func aLineAcrossTheAntimeridianIsDrawnOnBothSides() {
        let line = Polyline(coordinates: [Coordinate(latitude: 0, longitude: 170), Coordinate(latitude: 0, longitude: -170)])
        for x in [0, 3] {
            let drawing = OverlayTileLayout.drawing(for: TileID(z: 2, x: x, y: 2), overlays: [paint(line)], scale: 1)
            let points = strokes(drawing).flatMap(\.lines).flatMap { $0 }
            #expect(!points.isEmpty, "tile x \(x)")
            #expect(points.allSatisfy { $0.x >= -10 && $0.x <= 266 }, "clipped to the tile: \(points)")
        }
        #expect(OverlayTileLayout.drawing(for: TileID(z: 2, x: 1, y: 2), overlays: [paint(line)], scale: 1).operations.isEmpty)
    }

    @Test func anAreasHoleWindsAgainstItsOuterRing() {
        let outer = [Coordinate(latitude: -10, longitude: 10), Coordinate(latitude: -10, longitude: 40),
                     Coordinate(latitude: -40, longitude: 40), Coordinate(latitude: -40, longitude: 10)]
        let hole = [Coordinate(latitude: -20, longitude: 20), Coordinate(latitude: -20, longitude: 30),
                    Coordinate(latitude: -30, longitude: 30), Coordinate(latitude: -30, longitude: 20)]
        let area = Polygon(coordinates: outer, interiorPolygons: [Polygon(coordinates: hole)])
        let drawing = OverlayTileLayout.drawing(for: TileID(z: 1, x: 1, y: 1), overlays: [paint(area) { $0.fillColor = Color(hex: 0x3366CC) }],
                                                scale: 1)
        guard case .fill(let rings, _, _)? = drawing.operations.first else { Issue.record("no fill"); return }
        #expect(rings.count == 2)
        #expect((OverlayTileLayout.signedArea(rings[0]) > 0) != (OverlayTileLayout.signedArea(rings[1]) > 0))
    }

    @Test func aLongLineIsSimplifiedToItsDetailOnScreen() {
        // 52,778 points zigzagging a metre either side of a 50 km line: at zoom 8 it is one straight stroke.
        let coordinates = (0..<52_778).map { i in
            Coordinate(latitude: 47 + (i % 2 == 0 ? 0 : 1e-5), longitude: 8 + 0.6 * Double(i) / 52_778)
        }
        let drawing = OverlayTileLayout.drawing(for: TileID(z: 8, x: 133, y: 90), overlays: [paint(Polyline(coordinates: coordinates))],
                                                scale: 1)
        let points = strokes(drawing).flatMap(\.lines).flatMap { $0 }
        #expect(!points.isEmpty && points.count < 20, "\(points.count) points")
    }

    @Test func dashesCarryOnFromOneTileIntoTheNext() {
        let line = Polyline(coordinates: [Coordinate(latitude: 0, longitude: -10), Coordinate(latitude: 0, longitude: 10)])
        let dashed = paint(line) { $0.lineDashPattern = [6, 4]; $0.lineDashPhase = 1 }
        let west = strokes(OverlayTileLayout.drawing(for: TileID(z: 1, x: 0, y: 1), overlays: [dashed], scale: 2))
        let east = strokes(OverlayTileLayout.drawing(for: TileID(z: 1, x: 1, y: 1), overlays: [dashed], scale: 2))
        #expect(west.first?.stroke.dashes == [12, 8])
        #expect(abs((west.first?.stroke.dashPhase ?? -1) - 2) < 1e-9, "the line starts in the west tile: its own phase, in pixels")
        // In a world of two 256-pixel tiles the line starts at 241.8; the east tile's run starts at its
        // clip edge, half the 6-pixel line plus the margin west of 256.
        let start = 170.0 / 360 * 512, edge = 256 - (3 + OverlayTileLayout.margin)
        #expect(abs((east.first?.stroke.dashPhase ?? 0) - (2 + edge - start)) < 1e-6, "\(east.first?.stroke.dashPhase ?? 0)")
    }

    @Test func aGradientColoursTheLineAlongItsLength() {
        let line = Polyline(coordinates: (0...40).map { Coordinate(latitude: 0, longitude: Double($0) * 2) })
        let renderer = GradientPolylineRenderer(polyline: line)
        renderer.setColors([Color(hex: 0x00FF00), Color(hex: 0xFF0000)], locations: [0, 1])
        let drawn = strokes(OverlayTileLayout.drawing(for: TileID(z: 1, x: 1, y: 1), overlays: [renderer.paint()], scale: 1))
        #expect(drawn.count > 10)
        #expect(drawn.first.map { $0.stroke.color.green > 200 && $0.stroke.color.red < 60 } == true)
        #expect(drawn.last.map { $0.stroke.color.red > 200 && $0.stroke.color.green < 60 } == true)
    }

    @Test func strokeStartAndEndTrimTheLine() {
        let line = Polyline(coordinates: [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 80)])
        let half = paint(line) { $0.strokeEnd = 0.5 }
        guard case .lines(let paths) = half.geometry else { Issue.record("no line"); return }
        #expect(abs(WebMercator.unproject(paths[0].points.last!).longitude - 40) < 1e-9)
    }

    func fillRings(_ drawing: TileDrawing) -> [[Point]] {
        for case .fill(let rings, _, _) in drawing.operations { return rings }
        return []
    }

    /// A polygon of a million holes took 13 s to its first frame: every tile clipped every hole.
    @Test func eachTileFillsOnlyTheHolesItShowsThatAreAPixelOrMore() {
        func square(_ lat: Double, _ lon: Double, _ side: Double) -> [Coordinate] {
            [Coordinate(latitude: lat, longitude: lon), Coordinate(latitude: lat + side, longitude: lon),
             Coordinate(latitude: lat + side, longitude: lon + side), Coordinate(latitude: lat, longitude: lon + side)]
        }
        // In tile 4/8/7 (0° to 22.5° E, 0° to 21.9° N): a hole of 2°, one of 0.001° (under a pixel), and one in another tile.
        let outer = [Coordinate(latitude: -60, longitude: -170), Coordinate(latitude: 70, longitude: -170),
                     Coordinate(latitude: 70, longitude: 0), Coordinate(latitude: 70, longitude: 170),
                     Coordinate(latitude: -60, longitude: 170), Coordinate(latitude: -60, longitude: 0)]
        let polygon = Polygon(coordinates: outer,
                              interiorPolygons: [Polygon(coordinates: square(5, 5, 2)), Polygon(coordinates: square(5, 10, 0.001)),
                                                 Polygon(coordinates: square(-40, -100, 2))])
        let filled = paint(polygon) { $0.fillColor = Color(hex: 0x3366CC) }
        let drawing = OverlayTileLayout.drawing(for: TileID(z: 4, x: 8, y: 7), overlays: [filled], scale: 1)
        let rings = fillRings(drawing)
        #expect(rings.count == 2, "the outer ring and the one hole this tile shows: \(rings.count)")
        // Deep enough, the small hole is a pixel and more, and is filled around.
        let deep = OverlayTileLayout.drawing(for: TileID(z: 14, x: 8647, y: 7964), overlays: [filled], scale: 1)
        let deepRings = fillRings(deep)
        #expect(deepRings.count == 2, "\(deepRings)")
    }
}
