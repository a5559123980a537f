import Foundation
import Testing
@testable import MapEngine

/// Dashes and patterns as MapLibre draws them: a line's dash pattern counts
/// from the line's start in its data tile, so the tiles drawn from one data
/// tile carry it on across their edges; and dashes and patterns are measured
/// at the zoom rounded down and grow with the map beyond it.
@Suite struct DashAndPatternLayoutTests {
    typealias E = TileEncoder

    static func layout(width: String) throws -> VectorTileLayout {
        let style = """
        {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}}, "layers": [
          {"id": "paths", "type": "line", "source": "v", "source-layer": "paths",
           "paint": {"line-width": \(width), "line-dasharray": [2, 1]}}]}
        """
        return VectorTileLayout(style: try MapStyle(bytes: Array(style.utf8), file: "t.json"), source: "v", dataLevels: 0...4)
    }

    /// A path across data tile 4/0/0, level, a quarter of the way down.
    static let tile = try! VectorTile(bytes: E.encode([.init(name: "paths", features: [
        .init(type: 2, properties: [], commands: E.commands([[(0, 1024), (1500, 1024), (4096, 1024)]])),
    ])]))

    static func strokes(_ drawing: TileDrawing) -> [(lines: [[Point]], stroke: Stroke)] {
        drawing.operations.compactMap { if case .stroke(let lines, let stroke) = $0 { (lines, stroke) } else { nil } }
    }

    @Test func theDashesCarryOnAcrossTheTilesOfOneDataTile() throws {
        let layout = try Self.layout(width: "2")
        let sources = [layout.source: VectorTileLayout.SourceData(Self.tile, from: TileID(z: 4, x: 0, y: 0))]
        // Data tile 4/0/0 is drawn 512 points a side at level 5, as four tiles; the path crosses the top two.
        for x in 0..<2 {
            let drawing = layout.drawing(for: TileID(z: 5, x: x, y: 0), sources: sources, scale: 1, pixels: 256, offset: .zero,
                                         joinedLines: nil)
            let strokes = Self.strokes(drawing)
            #expect(!strokes.isEmpty)
            for (lines, stroke) in strokes {
                #expect(stroke.dashes == [4, 2], "two widths on, one off")
                for line in lines {
                    // How far the piece starts along the path (which starts at x 0 of the data tile), in this tile's pixels.
                    let along = line[0].x + Double(x) * 256
                    let expected = along.truncatingRemainder(dividingBy: 6)
                    #expect(abs(stroke.dashPhase - expected) < 1e-6, "tile \(x): a piece from \(line[0]) starts \(stroke.dashPhase) into the pattern")
                }
            }
        }
        // The right-hand tile's piece starts within the pattern, not at its start, as it would if cut afresh.
        let right = Self.strokes(layout.drawing(for: TileID(z: 5, x: 1, y: 0), sources: sources, scale: 1, pixels: 256, offset: .zero,
                                                joinedLines: nil))
        #expect(right.contains { $0.stroke.dashPhase > 0.5 })
    }

    @Test func aDashIsMeasuredAtTheZoomRoundedDownAndGrowsWithTheMap() throws {
        // The width grows from 2 at style zoom 4 to 4 at 5: at 4.5 the line is 3 wide, but its dashes are
        // two and one widths of zoom 4 (2), grown by 2^0.5 as the map is.
        let layout = try Self.layout(width: #"["interpolate", ["linear"], ["zoom"], 4, 2, 5, 4]"#)
        let sources = [layout.source: VectorTileLayout.SourceData(Self.tile, from: TileID(z: 4, x: 0, y: 0))]
        let grown = 256 * pow(2, 0.5)
        let drawing = layout.drawing(for: TileID(z: 5, x: 0, y: 0), sources: sources, scale: 1, pixels: grown, offset: .zero,
                                     joinedLines: nil)
        let stroke = try #require(Self.strokes(drawing).first?.stroke)
        // (The tile is drawn a whole number of pixels wide, so the zoom is 4.5 within a thousandth.)
        #expect(abs(stroke.width - 3) < 0.01, "the line is drawn 3 wide: \(stroke.width), dashes \(stroke.dashes)")
        let unit = 2 * pow(2, 0.5)
        #expect(stroke.dashes.count == 2 && abs(stroke.dashes[0] - 2 * unit) < 0.01 && abs(stroke.dashes[1] - unit) < 0.01,
                "dashes of \(stroke.dashes)")
        // At a whole zoom the width there is the unit.
        let whole = layout.drawing(for: TileID(z: 5, x: 0, y: 0), sources: sources, scale: 1, pixels: 256, offset: .zero, joinedLines: nil)
        #expect(Self.strokes(whole).first?.stroke.dashes == [4, 2])
    }

    @Test func patternsGrowWithTheMapBeyondTheZoomRoundedDown() throws {
        let style = try MapStyle(bytes: Array("""
        {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}}, "layers": [
          {"id": "paper", "type": "background", "paint": {"background-pattern": "dots"}},
          {"id": "woods", "type": "fill", "source": "v", "source-layer": "areas", "paint": {"fill-pattern": "trees"}}]}
        """.utf8), file: "p.json")
        let layout = VectorTileLayout(style: style, source: "v", dataLevels: 0...4)
        let square: [(Int32, Int32)] = [(0, 0), (2048, 0), (2048, 2048), (0, 2048)]
        let tile = try VectorTile(bytes: E.encode([.init(name: "areas", features: [
            .init(type: 3, properties: [], commands: E.commands([square], close: true)),
        ])]))
        let sources = [layout.source: VectorTileLayout.SourceData(tile, from: TileID(z: 4, x: 0, y: 0))]
        func scales(pixels: Double, screen: Double) -> [String: Double] {
            var found: [String: Double] = [:]
            for case .pattern(_, let image, _, let scale, _) in layout.drawing(for: TileID(z: 5, x: 0, y: 0), sources: sources, scale: screen,
                                                                                  pixels: pixels, offset: .zero, joinedLines: nil).operations {
                found[image] = scale
            }
            return found
        }
        #expect(scales(pixels: 256, screen: 1) == ["dots": 1, "trees": 1], "at a whole zoom, a point a pixel")
        for (image, scale) in scales(pixels: 256 * pow(2, 0.5), screen: 1) {
            #expect(abs(scale - pow(2, 0.5)) < 0.01, "\(image) at style zoom 4.5: \(scale)")
        }
        #expect(scales(pixels: 512, screen: 2) == ["dots": 2, "trees": 2], "a 2x screen's whole zoom: two pixels a point")
    }

    @Test func aPatternedLinesImagesCarryOnAcrossTheTilesOfOneDataTile() throws {
        let style = try MapStyle(bytes: Array("""
        {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}}, "layers": [
          {"id": "rails", "type": "line", "source": "v", "source-layer": "paths", "paint": {"line-width": 6, "line-pattern": "sleepers"}}]}
        """.utf8), file: "r.json")
        let layout = VectorTileLayout(style: style, source: "v", dataLevels: 0...4)
        let sources = [layout.source: VectorTileLayout.SourceData(Self.tile, from: TileID(z: 4, x: 0, y: 0))]
        let drawing = layout.drawing(for: TileID(z: 5, x: 1, y: 0), sources: sources, scale: 1, pixels: 256, offset: .zero, joinedLines: nil)
        let pieces = Self.strokes(drawing).flatMap { stroke in stroke.lines.map { ($0, stroke.stroke) } }
        #expect(!pieces.isEmpty)
        for (line, stroke) in pieces {
            // The whole distance from the path's start: the rasteriser knows the image's length.
            #expect(stroke.pattern == "sleepers" && abs(stroke.dashPhase - (line[0].x + 256)) < 1e-6, "\(line[0]): \(stroke.dashPhase)")
        }
    }
}
