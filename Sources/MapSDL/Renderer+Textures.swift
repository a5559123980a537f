import CSDL2
import MapEngine
import MapKitLayer

/// The textures a renderer makes: from pictures and tiles, blank, to draw
/// into (opaque, transparent, or a layer laid with a premultiplied blend),
/// and streamed.
extension Renderer {
    /// Uploads an image; opaque images are drawn without blending (faster),
    /// and all are filtered smoothly when scaled.
    package func makeTexture(from surface: Surface, opaque: Bool) throws(SDLError) -> Texture {
        guard let made = SDL_CreateTextureFromSurface(pointer, surface.pointer) else {
            throw .last("uploading a \(surface.width)x\(surface.height) image")
        }
        SDL_SetTextureScaleMode(made, SDL_ScaleModeLinear)
        SDL_SetTextureBlendMode(made, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        return Texture(owning: made, renderer: self, width: surface.width, height: surface.height, isOpaque: opaque)
    }

    /// Uploads a tile's pixels straight from the array the painter or
    /// decoder made (no surface in between), blended unless opaque.
    func makeTexture(from pixels: TilePixels) throws(SDLError) -> Texture {
        let format = pixels.isOpaque ? opaqueFormat : SDL_PIXELFORMAT_ARGB8888.rawValue
        guard let made = SDL_CreateTexture(pointer, format,
                                           Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(pixels.width), Int32(pixels.height)) else {
            throw .last("making a \(pixels.width)x\(pixels.height) texture")
        }
        guard SDL_UpdateTexture(made, nil, pixels.argb, Int32(pixels.width * 4)) == 0 else {
            SDL_DestroyTexture(made)
            throw .last("uploading a \(pixels.width)x\(pixels.height) image")
        }
        SDL_SetTextureScaleMode(made, SDL_ScaleModeLinear)
        SDL_SetTextureBlendMode(made, pixels.isOpaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        return Texture(owning: made, renderer: self, width: pixels.width, height: pixels.height, isOpaque: pixels.isOpaque)
    }

    /// A transparent texture that images are copied into later
    /// (`Texture.update`), blended and smoothly scaled like the others.
    func makeBlankTexture(width: Int, height: Int) throws(SDLError) -> Texture {
        guard let made = SDL_CreateTexture(pointer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                           Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(width), Int32(height)) else {
            throw .last("making a \(width)x\(height) texture")
        }
        SDL_SetTextureScaleMode(made, SDL_ScaleModeLinear)
        SDL_SetTextureBlendMode(made, SDL_BLENDMODE_BLEND)
        let clear = [UInt32](repeating: 0, count: width * height)
        SDL_UpdateTexture(made, nil, clear, Int32(width * 4))
        return Texture(owning: made, renderer: self, width: width, height: height)
    }

    /// An opaque texture drawn into (see `drawing(into:)`) and copied
    /// without blending or smoothing: a picture kept between frames.
    func makeTargetTexture(width: Int, height: Int) throws(SDLError) -> Texture {
        guard let made = SDL_CreateTexture(pointer, opaqueFormat,
                                           Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(width), Int32(height)) else {
            throw .last("making a \(width)x\(height) picture to draw into")
        }
        SDL_SetTextureScaleMode(made, SDL_ScaleModeNearest)
        SDL_SetTextureBlendMode(made, SDL_BLENDMODE_NONE)
        return Texture(owning: made, renderer: self, width: width, height: height, isOpaque: true)
    }

    /// A picture with an alpha channel to draw into (`drawing(into:)`), for
    /// commands read back on their own over transparency.
    func makeTransparentTargetTexture(width: Int, height: Int) throws(SDLError) -> Texture {
        guard let made = SDL_CreateTexture(pointer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                           Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(width), Int32(height)) else {
            throw .last("making a \(width)x\(height) transparent picture to draw into")
        }
        SDL_SetTextureBlendMode(made, SDL_BLENDMODE_BLEND)
        return Texture(owning: made, renderer: self, width: width, height: height, isOpaque: false)
    }

    /// A transparent picture to draw into (`drawing(into:)`, cleared with a
    /// transparent colour) that is then laid over another as one layer:
    /// drawn into with ordinary blending it holds premultiplied colours, and
    /// it is copied with the blend that lays those over a picture, so the
    /// result is what drawing its contents there would give (to a unit of
    /// rounding). Nil when the renderer has no such blend (SDL's software
    /// renderer has none; its OpenGL ones have).
    func makeLayerTexture(width: Int, height: Int) -> Texture? {
        guard let made = SDL_CreateTexture(pointer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                           Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(width), Int32(height)) else { return nil }
        let texture = Texture(owning: made, renderer: self, width: width, height: height, isOpaque: false)
        let overPremultiplied = SDL_ComposeCustomBlendMode(SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD,
                                                           SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD)
        guard SDL_SetTextureBlendMode(made, overPremultiplied) == 0 else { return nil }
        SDL_SetTextureScaleMode(made, SDL_ScaleModeNearest)
        return texture
    }

    /// A transparent texture whose pixels are replaced every frame
    /// (`Texture.update(columns:rows:from:width:)`), copied blended and unscaled.
    func makeStreamingTexture(width: Int, height: Int) throws(SDLError) -> Texture {
        guard let made = SDL_CreateTexture(pointer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                           Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(width), Int32(height)) else {
            throw .last("making a \(width)x\(height) layer to draw into")
        }
        SDL_SetTextureScaleMode(made, SDL_ScaleModeNearest)
        SDL_SetTextureBlendMode(made, SDL_BLENDMODE_BLEND)
        return Texture(owning: made, renderer: self, width: width, height: height)
    }
}
