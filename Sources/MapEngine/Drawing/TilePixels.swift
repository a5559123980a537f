/// A tile's image as a rasteriser or an image decoder gives it: 32-bit ARGB
/// words (alpha in the top byte, not premultiplied), rows top to bottom.
/// This is the one copy of the pixels between the painter and the texture.
package struct TilePixels: Sendable, Equatable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// `width` times `height` words, rows top to bottom.
    package let argb: [UInt32]
    /// Whether every pixel is opaque (a texture then needs no blending).
    package let isOpaque: Bool

    /// An image of these pixels; nil unless it has `width` times `height`
    /// of them and each side is 1 to `largestSide`.
    package init?(width: Int, height: Int, argb: [UInt32], isOpaque: Bool) {
        guard width > 0, height > 0, width <= TilePixels.largestSide, height <= TilePixels.largestSide,
              argb.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.argb = argb
        self.isOpaque = isOpaque
    }

    /// The largest side a tile image may have (a 2x screen's tile drawn
    /// again at rest is at most 2,048).
    package static let largestSide = 4096

    /// The bytes a texture of this image takes.
    package var byteCount: Int { width * height * 4 }

    /// The part of this image (an ancestor's) that lies under `tile`,
    /// enlarged back to this image's size with bilinear filtering: a tile
    /// deeper than a source holds, or a raster layer's tile past its
    /// source's deepest level.
    package func enlarged(from ancestor: TileID, to tile: TileID) -> TilePixels {
        guard tile.z > ancestor.z else { return self }
        let pixels = OverzoomSampler.enlarge(argb, width: width, height: height, from: ancestor, to: tile)
        return TilePixels(width: width, height: height, argb: pixels, isOpaque: isOpaque) ?? self
    }
}
