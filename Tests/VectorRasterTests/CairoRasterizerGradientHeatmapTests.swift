import Foundation
import MapEngine
import MapKitLayer
import Testing
@testable import VectorRaster

/// `line-gradient` strokes and heatmaps as Cairo paints them.
@Suite struct CairoRasterizerGradientHeatmapTests {
    static let white = Color(hex: 0xFFFFFF)
    /// Blue to red over 256 steps.
    static let ramp = (0..<256).map { Color(rgba: UInt8($0), 0, UInt8(255 - $0), 255) }

    static func render(_ operations: [PaintOperation], side: Int = 100) throws -> [UInt32] {
        try CairoRasterizer.render(TileDrawing(pixelSize: side, operations: [.background(white)] + operations)).argb
    }

    static func channels(_ pixel: UInt32) -> (red: Int, green: Int, blue: Int) {
        (Int((pixel >> 16) & 0xFF), Int((pixel >> 8) & 0xFF), Int(pixel & 0xFF))
    }

    @Test func aGradientRunsThroughTheRampAlongTheLineAcrossItsCorner() throws {
        // Half of a line (progress 0.5 to 1) from the left edge to the middle, then down: 50 + 40 px.
        let line = MeasuredLine(points: [Point(x: 0, y: 20), Point(x: 50, y: 20), Point(x: 50, y: 60)], start: 0.5, end: 1)
        let argb = try Self.render([.gradient(lines: [line], stroke: Stroke(color: .init(hex: 0), width: 8, join: .round), ramp: Self.ramp)])
        func at(_ x: Int, _ y: Int) -> (red: Int, green: Int, blue: Int) { Self.channels(argb[y * 100 + x]) }
        let start = at(1, 20), corner = at(50, 20), end = at(50, 59)
        #expect(abs(start.red - 128) <= 3 && abs(start.blue - 127) <= 3, "the ramp's middle at the start: \(start)")
        // The corner is 50 of 90 px along: progress 0.5 + 0.5 · 50/90.
        let expected = Int((0.5 + 0.5 * 50 / 90) * 255)
        #expect(abs(corner.red - expected) <= 4, "\(corner) against \(expected)")
        #expect(end.red >= 250 && end.blue <= 5, "red at the end: \(end)")
        #expect(at(25, 30) == (255, 255, 255), "nothing beside the line")
        #expect(at(53, 17).red > 150, "the round join fills the corner's outside: \(at(53, 17))")
    }

    @Test func seeThroughColoursDoNotDarkenWhereSegmentsMeet() throws {
        let clear = (0..<256).map { _ in Color(rgba: 0, 0, 0, 128) }
        let line = MeasuredLine(points: [Point(x: 10, y: 50), Point(x: 50, y: 50), Point(x: 90, y: 50)], start: 0, end: 1)
        let argb = try Self.render([.gradient(lines: [line], stroke: Stroke(color: .init(hex: 0), width: 10, join: .round), ramp: clear)])
        let middle = Self.channels(argb[50 * 100 + 50]).red, aside = Self.channels(argb[50 * 100 + 30]).red
        #expect(abs(middle - aside) <= 2, "one layer of half-black everywhere: \(middle) at the joint, \(aside) beside it")
    }

    @Test func aHeatmapIsTheRampAtEachPixelsDensity() throws {
        // A point of weight 1 and intensity 2.5 peaks at density 1 (2.5 / √(2π) ≈ 0.997): the ramp's last colour.
        let heat = HeatmapPoints(points: [Point(x: 50, y: 50)], weights: [1], radii: [20], intensity: 2.5, ramp: Self.ramp, opacity: 1)
        let argb = try Self.render([.heatmap(heat)])
        func at(_ x: Int, _ y: Int) -> (red: Int, green: Int, blue: Int) { Self.channels(argb[y * 100 + x]) }
        #expect(at(50, 50).red >= 240, "red at the point: \(at(50, 50))")
        // 10 px away (half a radius) the density is e^(−1.125) of the peak: about a third along the ramp.
        let expected = Int(2.5 * HeatmapPoints.gaussHeight * exp(-1.125) * 255)
        #expect(abs(at(60, 50).red - expected) <= 12, "\(at(60, 50)) against \(expected)")
        // Pixel centres 10.5 px from the point each way (pixel 39's centre is 39.5) are alike: the kernel is round.
        #expect(abs(at(50, 39).red - at(50, 60).red) <= 2 && abs(at(39, 50).red - at(60, 50).red) <= 2 && abs(at(39, 50).red - at(50, 39).red) <= 2,
                "\(at(50, 39)) \(at(50, 60)) \(at(39, 50)) \(at(60, 50))")
        // Past the kernel the ramp's first colour, opaque blue here, covers the white page, as MapLibre's does.
        #expect(at(5, 5) == (0, 0, 255), "\(at(5, 5))")
    }

    @Test func aHeatmapsOpacityShowsThePageThrough() throws {
        let heat = HeatmapPoints(points: [], weights: [], radii: [], intensity: 1, ramp: Self.ramp, opacity: 0.5)
        let argb = try Self.render([.heatmap(heat)])
        let pixel = Self.channels(argb[5 * 100 + 5])
        #expect(abs(pixel.red - 128) <= 1 && pixel.blue == 255, "half blue over white: \(pixel)")
    }
}

/// Raster tiles with see-through pixels keep their colour.
@Suite struct CairoRasterizerRasterAlphaTests {
    @Test func aHalfClearRedPixelOverWhiteIsPink() throws {
        let tile = TileID(z: 3, x: 1, y: 2)
        let image = try #require(TilePixels(width: 2, height: 2, argb: Array(repeating: 0x80FF_0000, count: 4), isOpaque: false))
        let drawing = TileDrawing(pixelSize: 8, operations: [
            .background(Color(hex: 0xFFFFFF)),
            .raster(source: "r", tile: tile, rect: Rect(x: 0, y: 0, width: 8, height: 8), opacity: 1, adjust: .none),
        ])
        let argb = try CairoRasterizer.render(drawing, rasters: [RasterTileName(source: "r", tile: tile): image]).argb
        let pixel = CairoRasterizerGradientHeatmapTests.channels(argb[4 * 8 + 4])
        // Half red over white: red stays full, green and blue halve (premultiplying once shifted red and green away).
        #expect(pixel.red == 255 && abs(pixel.green - 127) <= 1 && abs(pixel.blue - 127) <= 1, "\(pixel)")
    }

    @Test func nearestResamplingKeepsPixelsSharp() throws {
        let tile = TileID(z: 3, x: 1, y: 2)
        // Black left column, white right column, stretched four times.
        let image = try #require(TilePixels(width: 2, height: 2, argb: [0xFF00_0000, 0xFFFF_FFFF, 0xFF00_0000, 0xFFFF_FFFF], isOpaque: true))
        func red(nearest: Bool) throws -> Int {
            let drawing = TileDrawing(pixelSize: 8, operations: [
                .raster(source: "r", tile: tile, rect: Rect(x: 0, y: 0, width: 8, height: 8), opacity: 1, adjust: .none, nearest: nearest),
            ])
            let argb = try CairoRasterizer.render(drawing, rasters: [RasterTileName(source: "r", tile: tile): image]).argb
            return CairoRasterizerGradientHeatmapTests.channels(argb[1 * 8 + 3]).red
        }
        #expect(try red(nearest: true) == 0, "the black pixel, whole")
        #expect(try red(nearest: false) > 40, "blended towards the white one")
    }
}
