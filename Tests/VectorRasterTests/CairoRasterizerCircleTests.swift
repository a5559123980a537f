import MapEngine
import MapKitLayer
import Testing
@testable import VectorRaster

/// Circles as MapLibre's shader draws them, and drawings moved within
/// their pixels.
@Suite struct CairoRasterizerCircleTests {
    static let white = Color(hex: 0xFFFFFF), black = Color(hex: 0x000000), red = Color(hex: 0xFF0000)

    static func render(_ operations: [PaintOperation], side: Int = 40, offset: Point = .zero, clip: Rect? = nil) throws -> [UInt32] {
        var drawing = TileDrawing(pixelSize: side, operations: [.background(white)] + operations)
        drawing.offset = offset
        drawing.clip = clip
        return try CairoRasterizer.render(drawing).argb
    }

    /// How dark each pixel is, 0 (white) to 1 (black), summed: the area covered.
    static func darkness(_ argb: [UInt32]) -> Double {
        argb.reduce(0) { $0 + (255 - Double($1 & 0xFF)) / 255 }
    }

    static func blue(_ argb: [UInt32], _ x: Int, _ y: Int, side: Int = 40) -> Int { Int(argb[y * side + x] & 0xFF) }

    @Test func aCircleFadesOverThePixelInsideItsRadius() throws {
        let argb = try Self.render([.circles(centers: [Point(x: 20, y: 20)], circle: CircleStyle(radius: 10, color: Self.black))])
        // The edge ramps from a pixel inside the radius to the radius: the area of a circle half a pixel smaller.
        let area = Self.darkness(argb)
        #expect(abs(area - Double.pi * 9.5 * 9.5) < 3, "\(area)")
        #expect(Self.blue(argb, 20, 20) == 0 && Self.blue(argb, 20, 11) == 0, "solid a pixel inside the edge")
        #expect(Self.blue(argb, 20, 9) == 255, "nothing past the radius")
    }

    @Test func theStrokeLiesOutsideTheRadius() throws {
        let circle = CircleStyle(radius: 6, color: Self.white, strokeWidth: 4, strokeColor: Self.black)
        let argb = try Self.render([.circles(centers: [Point(x: 20, y: 20)], circle: circle)])
        // Along the middle row: white fill to 6 pixels out, black stroke from 6 to 10.
        #expect(Self.blue(argb, 20, 20) == 255 && Self.blue(argb, 24, 20) == 255)
        #expect(Self.blue(argb, 27, 20) == 0 && Self.blue(argb, 28, 20) == 0)
        #expect(Self.blue(argb, 30, 20) == 255)
    }

    @Test func blurFadesTheWholeRadiusItCovers() throws {
        let sharp = try Self.render([.circles(centers: [Point(x: 20, y: 20)], circle: CircleStyle(radius: 10, color: Self.black))])
        let blurred = try Self.render([.circles(centers: [Point(x: 20, y: 20)],
                                                circle: CircleStyle(radius: 10, color: Self.black, blur: 1))])
        #expect(Self.blue(blurred, 20, 20) < 5, "the centre keeps its colour")
        #expect(Self.blue(blurred, 25, 20) > 100, "halfway out it has faded")
        #expect(Self.darkness(blurred) < Self.darkness(sharp) / 2)
    }

    @Test func aDrawingMovedWithinItsPixelsMovesEverything() throws {
        let square = [[Point(x: 10, y: 10), Point(x: 20, y: 10), Point(x: 20, y: 20), Point(x: 10, y: 20), Point(x: 10, y: 10)]]
        let moved = try Self.render([.fill(rings: square, color: Self.black, antialias: true)], offset: Point(x: 0.5, y: 0))
        // Half of the columns at each side edge is covered; the rows are whole.
        #expect(abs(Self.blue(moved, 10, 15) - 128) <= 2 && abs(Self.blue(moved, 20, 15) - 128) <= 2)
        #expect(Self.blue(moved, 15, 10) == 0 && Self.blue(moved, 15, 9) == 255)
        let circle = try Self.render([.circles(centers: [Point(x: 20, y: 20)], circle: CircleStyle(radius: 5, color: Self.black))],
                                     offset: Point(x: 0.5, y: 0))
        #expect(Self.blue(circle, 16, 20) == Self.blue(circle, 24, 20), "the circle's middle lies at 20.5, in the middle of pixel 20")
        #expect(Self.blue(circle, 17, 20) == Self.blue(circle, 23, 20) && Self.blue(circle, 17, 20) < Self.blue(circle, 16, 20))
    }

    @Test func aClipStopsTheDrawingOnAWholePixel() throws {
        let argb = try Self.render([.circles(centers: [Point(x: 20, y: 20)], circle: CircleStyle(radius: 10, color: Self.black))],
                                   offset: Point(x: 0, y: 0.3), clip: Rect(x: -40, y: 0.7, width: 120, height: 80))
        // Nothing above the clip's first row, the background included, so the picture is not opaque.
        #expect((0..<40).allSatisfy { argb[$0] >> 24 == 0 })
        #expect(argb[40 + 5] >> 24 == 255)
        #expect(Self.blue(argb, 20, 20) == 0)
    }
}
