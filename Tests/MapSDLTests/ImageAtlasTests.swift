import CSDL2
import Foundation
import MapEngine
import MapKitLayer
@testable import MapSDL
import Testing

/// The atlas starts small and grows page by page: a map showing a few
/// images holds a 256-pixel page, not a 4 MB one.
@Suite(.serialized) struct ImageAtlasTests {
    func image(_ width: Int, _ height: Int) throws -> Surface {
        try Surface(width: width, height: height, argb: [UInt32](repeating: 0xFF33_6699, count: width * height))
    }

    @Test func aFewImagesShareOneSmallPage() throws {
        let canvas = try OffscreenCanvas(size: Size(width: 64, height: 64))
        let atlas = ImageAtlas(renderer: canvas.renderer)
        let places = try (0..<4).map { _ in try #require(try atlas.add(try image(46, 46))) }
        #expect(atlas.pages.count == 1)
        #expect(atlas.pages[0].width == ImageAtlas.firstPageSide)
        #expect(Set(places.map(\.page)) == [0])
        // Side by side, none overlapping, each inside the page with its gutter.
        for (i, a) in places.enumerated() {
            #expect(a.rect.minX >= Double(ImageAtlas.gutter) && a.rect.maxX <= Double(ImageAtlas.firstPageSide))
            for b in places[(i + 1)...] { #expect(!a.rect.intersects(b.rect)) }
        }
    }

    @Test func eachFullPageIsFollowedByOneTwiceItsSide() throws {
        let canvas = try OffscreenCanvas(size: Size(width: 64, height: 64))
        let atlas = ImageAtlas(renderer: canvas.renderer)
        // 100-pixel images: two fit across a 256 page, so four fill it.
        for _ in 0..<5 { _ = try atlas.add(try image(96, 96)) }
        #expect(atlas.pages.map(\.width) == [256, 512])
        for _ in 0..<40 { _ = try atlas.add(try image(96, 96)) }
        #expect(atlas.pages.map(\.width) == [256, 512, 1024])
    }

    @Test func anImageWiderThanTheNextPageGetsAPageThatFitsIt() throws {
        let canvas = try OffscreenCanvas(size: Size(width: 64, height: 64))
        let atlas = ImageAtlas(renderer: canvas.renderer)
        _ = try atlas.add(try image(10, 10))
        let wide = try #require(try atlas.add(try image(600, 20)))
        #expect(wide.page == 1)
        #expect(atlas.pages[1].width == 1024)
        #expect(try atlas.add(try image(1100, 10)) == nil)  // drawn from a texture of its own
    }
}

/// A tinted image is drawn from a copy tinted once, and looks as SDL's
/// colour modulation made it look each frame.
@Suite(.serialized) struct TintedImageTests {
    @Test func aTintedCopyDrawsAsTheModulatedImage() throws {
        let side = 8
        // Opaque, half-transparent and clear pixels of several colours.
        let words: [UInt32] = (0..<(side * side)).map { i in
            let alpha: UInt32 = [0xFF, 0x80, 0x00, 0xC0][i % 4]
            return alpha << 24 | UInt32(i * 37 % 256) << 16 | UInt32(i * 91 % 256) << 8 | UInt32(255 - i * 13 % 256)
        }
        let png = try Surface(width: side, height: side, argb: words)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tint-\(UUID().uuidString).png").path
        try png.savePNG(path: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var resources = MapResources()
        resources.addImage(named: "face", file: URL(fileURLWithPath: path))
        let tint = Color(rgba: 197, 34, 31)
        func drawn(tinted: Bool) throws -> [UInt32] {
            let canvas = try OffscreenCanvas(size: Size(width: Double(side), height: Double(side)))
            canvas.renderer.clear(Color(hex: 0x3C8A5E))
            let images = ImageLibrary(resources: resources, renderer: canvas.renderer)
            let place = try #require(tinted ? images.atlasImage(named: "face", tint: tint) : images.atlasImage(named: "face"))
            let colour = tinted ? SDL_Color(r: 255, g: 255, b: 255, a: 255) : SDL_Color(r: tint.red, g: tint.green, b: tint.blue, a: 255)
            canvas.renderer.drawQuads(place.texture, [(Rect(x: 0, y: 0, width: Double(side), height: Double(side)), place.source, colour)])
            canvas.renderer.present()
            return canvas.surface.argbPixels()
        }
        let modulated = try drawn(tinted: false), copied = try drawn(tinted: true)
        #expect(modulated.count == side * side)
        // Both are the tinted face over the green: the same within one level per channel.
        for (a, b) in zip(modulated, copied) {
            for shift in [0, 8, 16] as [UInt32] {
                let x = Int(a >> shift & 0xFF), y = Int(b >> shift & 0xFF)
                #expect(abs(x - y) <= 1, "\(String(a, radix: 16)) vs \(String(b, radix: 16))")
            }
        }
        // And not the untinted face: the tint is there.
        #expect(copied[0] & 0xFF != words[0] & 0xFF)
    }
}
