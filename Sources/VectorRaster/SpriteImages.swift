import CCairo
import Foundation
import MapEngine

/// The images of a style's sprite as pixels Cairo can paint with, for
/// `fill-pattern`: the sprite PNG decoded once and cut into its images.
/// Immutable once made, so every painting thread may read it.
///
///     let images = try SpriteImages(png: pngBytes, sheet: sheet, file: "sprite.png")
///     options.rasterizer = CairoTileRasterizer(sprite: images)
package final class SpriteImages: Sendable {
    /// One image: premultiplied ARGB pixels, its size in pixels and how many pixels make a point.
    struct Image: Sendable {
        let pixels: [UInt32]
        let width: Int
        let height: Int
        let pixelRatio: Double
    }

    let images: [String: Image]

    /// The images `sheet` names, cut from the decoded `png`; `file` names it in errors.
    package init(png: Data, sheet: SpriteSheet, file: String) throws(CairoRasterizer.Failure) {
        let (pixels, width, height) = try SpriteImages.decode(png, file: file)
        var images: [String: Image] = [:]
        for (name, icon) in sheet.icons {
            let x = Int(icon.rect.minX), y = Int(icon.rect.minY), w = Int(icon.rect.width), h = Int(icon.rect.height)
            guard x + w <= width, y + h <= height else { continue }
            var cut = [UInt32](repeating: 0, count: w * h)
            for row in 0..<h {
                for column in 0..<w { cut[row * w + column] = pixels[(y + row) * width + x + column] }
            }
            images[name] = Image(pixels: cut, width: w, height: h, pixelRatio: icon.pixelRatio)
        }
        self.images = images
    }

    /// The names of the images held.
    package var names: Set<String> { Set(images.keys) }

    /// Decodes a PNG with Cairo into premultiplied ARGB words.
    private static func decode(_ png: Data, file: String) throws(CairoRasterizer.Failure) -> ([UInt32], Int, Int) {
        // The header first: a small file may declare billions of pixels.
        let header: ImageHeader
        do {
            header = try ImageHeader(png)
            try header.checkPixelBudget()
        } catch {
            throw CairoRasterizer.Failure(description: "\(file): \(error.description)")
        }
        guard header.format == .png else { throw CairoRasterizer.Failure(description: "\(file): a \(header.format.rawValue) image, not a PNG") }
        final class Reader {
            let bytes: Data
            var offset = 0
            init(_ bytes: Data) { self.bytes = bytes }
        }
        let reader = Reader(png)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream({ closure, buffer, length in
                let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
                let wanted = Int(length)
                guard reader.offset + wanted <= reader.bytes.count, let buffer else { return CAIRO_STATUS_READ_ERROR }
                reader.bytes.copyBytes(to: buffer, from: reader.offset..<(reader.offset + wanted))
                reader.offset += wanted
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let surface else { throw CairoRasterizer.Failure(description: "\(file): not a PNG image") }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw CairoRasterizer.Failure(description: "\(file): \(String(cString: cairo_status_to_string(status)))")
        }
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard width > 0, height > 0, width <= 16384, height <= 16384, let data = cairo_image_surface_get_data(surface),
              cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 || cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        else { throw CairoRasterizer.Failure(description: "\(file): not an image pinmap can read") }
        let opaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        var pixels = [UInt32](repeating: 0, count: width * height)
        for row in 0..<height {
            let line = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<width { pixels[row * width + column] = opaque ? line[column] | 0xFF00_0000 : line[column] }
        }
        return (pixels, width, height)
    }
}
