import CSDL2

/// An image uploaded to a renderer (an `SDL_Texture`), destroyed with this
/// object. It keeps its renderer alive: SDL frees a renderer's textures with
/// it, so a texture outliving its renderer would be freed twice.
package final class Texture {
    let pointer: OpaquePointer
    let renderer: Renderer
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// Bytes it takes, for the tile cache's budget.
    package var byteCount: Int { width * height * 4 }
    /// Whether every pixel is opaque (it is drawn without blending).
    let isOpaque: Bool

    init(owning pointer: OpaquePointer, renderer: Renderer, width: Int, height: Int, isOpaque: Bool = false) {
        self.pointer = pointer
        self.renderer = renderer
        self.width = width
        self.height = height
        self.isOpaque = isOpaque
    }

    deinit { SDL_DestroyTexture(pointer) }

    /// Whether it is blended over the target when copied (else its pixels replace the target's).
    var blends: Bool {
        get {
            var mode = SDL_BLENDMODE_NONE
            SDL_GetTextureBlendMode(pointer, &mode)
            return mode != SDL_BLENDMODE_NONE
        }
        set { SDL_SetTextureBlendMode(pointer, newValue ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE) }
    }

    /// Replaces the pixels of a rectangle at (x, y) with an image's.
    func update(x: Int, y: Int, from image: Surface) throws(SDLError) {
        var rect = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(image.width), h: Int32(image.height))
        guard SDL_UpdateTexture(pointer, &rect, image.pointer.pointee.pixels, image.pointer.pointee.pitch) == 0 else {
            throw .last("copying a \(image.width)x\(image.height) image into the atlas")
        }
    }

    /// Replaces the pixels of these columns and rows with those of an
    /// `ARGB` picture `width` pixels wide at the same place; nothing when
    /// they do not lie within both.
    func update(columns: Range<Int>, rows: Range<Int>, from pixels: [UInt32], width pictureWidth: Int) {
        guard columns.lowerBound >= 0, rows.lowerBound >= 0, columns.upperBound <= min(width, pictureWidth),
              rows.upperBound <= height, rows.upperBound * pictureWidth <= pixels.count, !columns.isEmpty, !rows.isEmpty else { return }
        var rect = SDL_Rect(x: Int32(columns.lowerBound), y: Int32(rows.lowerBound), w: Int32(columns.count), h: Int32(rows.count))
        pixels.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            SDL_UpdateTexture(pointer, &rect, base + rows.lowerBound * pictureWidth + columns.lowerBound, Int32(pictureWidth * 4))
        }
    }
}
