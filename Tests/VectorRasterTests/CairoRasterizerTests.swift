import CCairo
import Foundation
import MapEngine
import MapKitLayer
import Testing
@testable import VectorRaster

@Suite struct CairoRasterizerTests {
    /// A sprite PNG made here: "stripes" is 4 x 4 pixels, its left half red, its right half transparent.
    static func spritePNG() -> Data {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 4, 4)!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        cairo_set_source_rgba(cairo, 1, 0, 0, 1)
        cairo_rectangle(cairo, 0, 0, 2, 4)
        cairo_fill(cairo)
        cairo_destroy(cairo)
        final class Sink { var data = Data() }
        let sink = Sink()
        cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
            Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue().data.append(bytes!, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        return sink.data
    }

    static func sprite(pixelRatio: Double = 1) throws -> SpriteImages {
        let sheet = SpriteSheet(icons: ["stripes": .init(rect: Rect(x: 0, y: 0, width: 4, height: 4), pixelRatio: pixelRatio)])
        return try SpriteImages(png: spritePNG(), sheet: sheet, file: "sprite.png")
    }

    static let square = [[Point(x: 0, y: 0), Point(x: 16, y: 0), Point(x: 16, y: 16), Point(x: 0, y: 16), Point(x: 0, y: 0)]]

    static func drawing(_ operation: PaintOperation) -> TileDrawing {
        TileDrawing(pixelSize: 16, operations: [.background(Color(hex: 0xFFFFFF)), operation])
    }

    @Test func aPatternRepeatsTheSpritesImageAcrossTheArea() throws {
        let (argb, _) = try CairoRasterizer.render(
            Self.drawing(.pattern(rings: Self.square, image: "stripes", opacity: 1, scale: 1, phase: Point(x: 0, y: 0))),
            sprite: try Self.sprite())
        // Columns 0-1, 4-5, 8-9… red; 2-3, 6-7… the white beneath.
        for column in 0..<16 {
            #expect(argb[5 * 16 + column] == (column % 4 < 2 ? 0xFFFF_0000 : 0xFFFF_FFFF), "column \(column)")
        }
    }

    @Test func aPatternLinesUpWithTheWorldSoNeighbouringTilesMeet() throws {
        // A tile whose left edge is world pixel 1026 starts two pixels into the image: transparent first.
        let (argb, _) = try CairoRasterizer.render(
            Self.drawing(.pattern(rings: Self.square, image: "stripes", opacity: 1, scale: 1, phase: Point(x: 1026, y: 0))),
            sprite: try Self.sprite())
        #expect(Array(argb[80..<84]) == [0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_0000, 0xFFFF_0000])
    }

    @Test func aTwoTimesImageOnAOneTimesTileIsHalved() throws {
        let (argb, _) = try CairoRasterizer.render(
            Self.drawing(.pattern(rings: Self.square, image: "stripes", opacity: 1, scale: 1, phase: Point(x: 0, y: 0))),
            sprite: try Self.sprite(pixelRatio: 2))
        #expect(Array(argb[80..<84]) == [0xFFFF_0000, 0xFFFF_FFFF, 0xFFFF_0000, 0xFFFF_FFFF])
    }

    @Test func aPatternTheSpriteLacksOrAMissingSpriteDrawsNothingNotBlack() throws {
        let missing = Self.drawing(.pattern(rings: Self.square, image: "waves", opacity: 1, scale: 1, phase: Point(x: 0, y: 0)))
        #expect(try CairoRasterizer.render(missing, sprite: try Self.sprite()).argb.allSatisfy { $0 == 0xFFFF_FFFF })
        let any = Self.drawing(.pattern(rings: Self.square, image: "stripes", opacity: 1, scale: 1, phase: Point(x: 0, y: 0)))
        #expect(try CairoRasterizer.render(any).argb.allSatisfy { $0 == 0xFFFF_FFFF })
    }

    @Test func aPatternsOpacityLetsTheMapThrough() throws {
        let (argb, _) = try CairoRasterizer.render(
            Self.drawing(.pattern(rings: Self.square, image: "stripes", opacity: 0.5, scale: 1, phase: Point(x: 0, y: 0))),
            sprite: try Self.sprite())
        let green = (argb[80] >> 8) & 0xFF
        #expect((argb[80] >> 16) & 0xFF == 0xFF && (126...129).contains(green), "half red over white is pink")
    }

    @Test func aSpriteThatIsNotAPNGIsAFailureNamingTheFile() {
        #expect(throws: CairoRasterizer.Failure.self) {
            _ = try SpriteImages(png: Data("not a png".utf8), sheet: SpriteSheet(icons: [:]), file: "broken.png")
        }
        do {
            _ = try SpriteImages(png: Data("not a png".utf8), sheet: SpriteSheet(icons: [:]), file: "broken.png")
        } catch {
            #expect(error.description.contains("broken.png"))
        }
    }
}

extension CairoRasterizerTests {
    /// `line-pattern`: the image at its own size centred across the line
    /// (a line wider than it shows only the image's height), repeated
    /// along it and turned with it.
    @Test func aLinePatternRepeatsTheImageAlongTheLine() throws {
        var stroke = Stroke(color: Color(rgba: 0, 0, 0, 255), width: 10)
        stroke.pattern = "stripes"
        let across = Self.drawing(.stroke(lines: [[Point(x: 0, y: 8), Point(x: 16, y: 8)]], stroke: stroke))
        let (argb, _) = try CairoRasterizer.render(across, sprite: try Self.sprite())
        // Rows 6-9 (the image's 4 pixels about the middle): red for two columns, clear for two, along the line.
        for column in 0..<16 {
            #expect(argb[7 * 16 + column] == (column % 4 < 2 ? 0xFFFF_0000 : 0xFFFF_FFFF), "column \(column)")
        }
        #expect(argb[4 * 16 + 1] == 0xFFFF_FFFF && argb[11 * 16 + 1] == 0xFFFF_FFFF, "no wider than the image")
        // Down the tile: the stripes turn with the line, alternating row by row.
        let down = Self.drawing(.stroke(lines: [[Point(x: 8, y: 0), Point(x: 8, y: 16)]], stroke: stroke))
        let (turned, _) = try CairoRasterizer.render(down, sprite: try Self.sprite())
        for row in 0..<16 {
            #expect(turned[row * 16 + 8] == (row % 4 < 2 ? 0xFFFF_0000 : 0xFFFF_FFFF), "row \(row)")
        }
        // A corner (mitre join) is bevelled: the outer wedge between the two segments is drawn, not left as a notch.
        let corner = Self.drawing(.stroke(lines: [[Point(x: 0, y: 8), Point(x: 8, y: 8), Point(x: 8, y: 16)]], stroke: stroke))
        let (bent, _) = try CairoRasterizer.render(corner, sprite: try Self.sprite())
        #expect(bent[7 * 16 + 8] != 0xFFFF_FFFF, "the outer corner is filled")
        // A pattern the sprite lacks draws nothing, not the line's black.
        stroke.pattern = "waves"
        let (missing, _) = try CairoRasterizer.render(Self.drawing(.stroke(lines: [[Point(x: 0, y: 8), Point(x: 16, y: 8)]], stroke: stroke)),
                                                      sprite: try Self.sprite())
        #expect(missing.allSatisfy { $0 == 0xFFFF_FFFF })
    }
}
