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

/// What a producer made of one tile key: its pixels, and for the map's own
/// vector tiles the labels it offers and what was wrong with its data.
package struct TileProduct: Sendable {
    /// The image.
    package var pixels: TilePixels
    /// The labels the tile offers, in its pixels (only the map's own tiles at their own size).
    package var labels: [LabelCandidate]
    /// The areas it raises in 3D (likewise).
    package var extrusions: [Extrusion] = []
    /// Problems met while laying it out, each naming the stored tile they were met in.
    package var problems: [TileProblem]
    /// Whether a source it draws from could not give its part now (a server
    /// away): it is drawn without that part and made again later.
    package var isIncomplete = false

    package init(pixels: TilePixels, labels: [LabelCandidate] = [], problems: [TileProblem] = []) {
        self.pixels = pixels
        self.labels = labels
        self.problems = problems
    }
}

/// Something wrong in a tile that was drawn anyway (a geometry that cannot
/// be read, a label cut): said once per reason, with the stored tile it was first met in.
package struct TileProblem: Sendable, Equatable {
    /// The stored tile ("world.mbtiles tile 5/16/11").
    package var location: String
    /// What was wrong.
    package var reason: String
}
