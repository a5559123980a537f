import Foundation
@testable import MapEngine
@testable import MapKitLayer
@testable import MapSDL
import PinmapResources
import Testing

/// Painted pictures share atlas pages, and old ones go when there are too many.
@Suite(.serialized) struct PictureTexturesTests {
    func picture(_ number: Int, side: Double = 40) -> CanvasPicture {
        var canvas = AnnotationCanvas(scale: 1)
        canvas.fill(.roundedRect(Rect(x: 0, y: 0, width: side, height: side), cornerRadius: 6), color: Color(hex: 0x37474F))
        canvas.draw("\(number)", font: FontSpec(size: 12), color: Color(hex: 0xFFFFFF), at: Point(x: 4, y: 4))
        canvas.finishPicture()
        return canvas.items[0].picture!
    }

    func textures(pagesPerGeneration: Int = 1, generationLimit: Int = 2) throws -> (PictureTextures, OffscreenCanvas) {
        try SDLRuntime.start(video: false)
        let canvas = try OffscreenCanvas(size: Size(width: 64, height: 64))
        let fonts = try FontBook(files: FontFiles(), renderer: canvas.renderer)
        return (PictureTextures(fonts: fonts, renderer: canvas.renderer, pagesPerGeneration: pagesPerGeneration,
                                generationLimit: generationLimit), canvas)
    }

    @Test func picturesShareAPageAndAPictureIsPaintedOnce() throws {
        let (pictures, canvas) = try textures()
        pictures.beginFrame()
        let places = (0..<20).compactMap { pictures.place(for: picture($0)) }
        #expect(places.count == 20)
        #expect(Set(places.map { ObjectIdentifier($0.texture) }).count == 1, "twenty small pictures on one page")
        #expect(pictures.place(for: picture(3))?.source == places[3].source)
        #expect(pictures.count == 20)
        withExtendedLifetime(canvas) {}
    }

    @Test func aNewPictureEveryFrameKeepsFewPages() throws {
        let (pictures, canvas) = try textures()
        // 2,000 frames, each with a picture never seen before (a counter):
        // 2,000 pictures of 44 x 44 pixels would need a dozen pages.
        for frame in 0..<2000 {
            pictures.beginFrame()
            #expect(pictures.place(for: picture(frame)) != nil)
        }
        #expect(pictures.pageCount <= 3, "\(pictures.pageCount) pages")
        #expect(pictures.count < 2000)
        withExtendedLifetime(canvas) {}
    }

    @Test func picturesOnScreenAreNeverDropped() throws {
        let (pictures, canvas) = try textures()
        // One frame showing 1,000 distinct pictures: more generations than the
        // limit, but every one is in use, so every place stays valid.
        pictures.beginFrame()
        let shown = (0..<1000).map { picture($0) }
        let places = shown.compactMap { pictures.place(for: $0) }
        #expect(places.count == 1000 && pictures.count == 1000)
        // The next frame shows only the last one: the older generations go.
        pictures.beginFrame()
        _ = pictures.place(for: shown[999])
        _ = pictures.place(for: picture(5000))
        #expect(pictures.count < 1000)
        #expect(pictures.place(for: shown[999])?.source == places[999].source)
        withExtendedLifetime(canvas) {}
    }
}
