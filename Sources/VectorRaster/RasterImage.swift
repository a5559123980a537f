/// A decoded raster tile for a style's `raster` layer: pixels as ARGB words
/// (straight alpha, as image decoders give them), rows top to bottom.
///
///     let image = RasterImage(width: 256, height: 256, argb: pixels)
///     CairoRasterizer.render(drawing) { source, tile in image }
public struct RasterImage: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixels, `width` times `height` words.
    public let argb: [UInt32]

    /// An image of these pixels; nil when there are not `width` times `height` of them.
    public init?(width: Int, height: Int, argb: [UInt32]) {
        guard width > 0, height > 0, width <= 4096, height <= 4096, argb.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.argb = argb
    }

    /// The pixels with their colours premultiplied by alpha, as Cairo keeps them.
    var premultipliedARGB: [UInt32] {
        argb.map { pixel in
            let alpha = pixel >> 24
            guard alpha != 255 else { return pixel }
            func channel(_ shift: UInt32) -> UInt32 { ((pixel >> shift) & 0xFF) * alpha / 255 << shift }
            return alpha << 24 | channel(16) | channel(8) | channel(0)
        }
    }
}
