import CSDL2
import MapEngine
import MapKitLayer
@testable import MapSDL
import Testing

/// Opaque tiles take the window's pixel format, so copying them to the
/// window copies memory; translucent ones stay ARGB, and offscreen all do.
@Suite(.serialized) struct OpaqueFormatTests {
    @Test func opaqueTilesTakeAWindowsRGBFormat() throws {
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen")
        try #require(SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) == 0, "SDL's offscreen video driver")
        defer { SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO)) }
        let window = try #require(SDL_CreateWindow("format", 0, 0, 64, 64, SDL_WINDOW_HIDDEN.rawValue))
        defer { SDL_DestroyWindow(window) }
        let drawer = try #require(SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue))
        defer { SDL_DestroyRenderer(drawer) }
        #expect(SDL_GetWindowPixelFormat(window) == SDL_PIXELFORMAT_RGB888.rawValue)
        let renderer = Renderer(borrowing: drawer)
        func format(_ texture: Texture) -> UInt32 {
            var format: UInt32 = 0
            SDL_QueryTexture(texture.pointer, &format, nil, nil, nil)
            return format
        }
        let opaque = try renderer.makeTexture(from: try #require(TilePixels(width: 4, height: 4, argb: [UInt32](repeating: 0xFF33_6699, count: 16), isOpaque: true)))
        let clear = try renderer.makeTexture(from: try #require(TilePixels(width: 4, height: 4, argb: [UInt32](repeating: 0x8033_6699, count: 16), isOpaque: false)))
        #expect(format(opaque) == SDL_PIXELFORMAT_RGB888.rawValue)
        #expect(format(clear) == SDL_PIXELFORMAT_ARGB8888.rawValue)
        #expect(format(try renderer.makeTargetTexture(width: 8, height: 8)) == SDL_PIXELFORMAT_RGB888.rawValue)

        let canvas = try OffscreenCanvas(size: Size(width: 8, height: 8))
        let offscreen = try canvas.renderer.makeTexture(from: try #require(TilePixels(width: 4, height: 4, argb: [UInt32](repeating: 0xFF33_6699, count: 16), isOpaque: true)))
        #expect(format(offscreen) == SDL_PIXELFORMAT_ARGB8888.rawValue)
    }
}
