import MapCore
@_spi(PinmapApp) @testable import MapSDL
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
