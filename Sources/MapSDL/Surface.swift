import CSDL2
import MapEngine
import MapKitLayer
import Foundation
import FileAccess

/// An image in memory (an `SDL_Surface`) in 32-bit ARGB, owned by this object
/// and freed with it. Used for decoded tiles, offscreen frames and PNG files.
///
///     let image = try Surface.load(path: "golden.png")
///     image.pixel(x: 0, y: 0)   // Color
package final class Surface {
    let pointer: UnsafeMutablePointer<SDL_Surface>

    init(owning pointer: UnsafeMutablePointer<SDL_Surface>) {
        self.pointer = pointer
    }

    deinit { SDL_FreeSurface(pointer) }

    /// A blank (transparent black) image.
    package convenience init(width: Int, height: Int) throws(SDLError) {
        guard let created = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32,
                                                          SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw .last("creating a \(width)x\(height) image")
        }
        self.init(owning: created)
    }

    /// Width in pixels.
    package var width: Int { Int(pointer.pointee.w) }
    /// Height in pixels.
    package var height: Int { Int(pointer.pointee.h) }

    /// Reads a PNG or JPEG file; its header is read first, so a FIFO, a
    /// folder or an image declaring more pixels than any may have
    /// (`ImageHeader.checkPixelBudget`) is refused before a decoder sees it.
    package static func load(path: String) throws(SDLError) -> Surface {
        do {
            if try ImageHeader.checkFile(path).format == .png { try PNGChunks.check(try FileReader.read(path, limit: 1 << 30)) }
        } catch let error as FileReadError {
            throw SDLError("reading \(path)", reason: error.reason)
        } catch {
            throw SDLError("reading \(path)", reason: "\(error)")
        }
        guard let loaded = IMG_Load(path) else { throw .last("reading \(path)") }
        return try converted(loaded, what: path)
    }

    /// Decodes PNG or JPEG bytes; `name` is used in the error.
    package static func decode(_ data: Data, name: String) throws(SDLError) -> Surface {
        guard !data.isEmpty else { throw SDLError("decoding \(name)", reason: "the file is empty") }
        do {
            let header = try ImageHeader(data)
            try header.checkPixelBudget()
            if header.format == .png { try PNGChunks.check(Array(data)) }
        } catch let error as ImageHeaderError {
            throw SDLError("decoding \(name)", reason: error.description)
        } catch {
            throw SDLError("decoding \(name)", reason: "\(error)")
        }
        let loaded: UnsafeMutablePointer<SDL_Surface>? = data.withUnsafeBytes { bytes in
            guard let stream = SDL_RWFromConstMem(bytes.baseAddress, Int32(bytes.count)) else { return nil }
            return IMG_Load_RW(stream, 1)
        }
        guard let loaded else { throw .last("decoding \(name)") }
        return try converted(loaded, what: name)
    }

    /// Writes the image as a PNG file, whole or not at all; a FIFO, a
    /// device or a read-only file at `path` is refused (`AtomicFile`).
    package func savePNG(path: String) throws(SDLError) {
        let bytes = try pngBytes()
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw SDLError("writing \(path)", reason: error.reason)
        }
    }

    /// The image encoded as PNG.
    package func pngBytes() throws(SDLError) -> [UInt8] {
        try PNGEncoding.encode(pointer)
    }

    /// The colour at a pixel (straight alpha).
    package func pixel(x: Int, y: Int) -> Color {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the image")
        let row = pointer.pointee.pixels.advanced(by: y * Int(pointer.pointee.pitch))
        return Color(argb: row.assumingMemoryBound(to: UInt32.self)[x])
    }

    /// Sets a pixel (used to draw difference images).
    package func setPixel(x: Int, y: Int, _ color: Color) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the image")
        let row = pointer.pointee.pixels.advanced(by: y * Int(pointer.pointee.pitch))
        row.assumingMemoryBound(to: UInt32.self)[x] = color.argb
    }

    /// The pixels as ARGB words (straight alpha), row by row, without the rows' padding.
    package func argbPixels() -> [UInt32] {
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            let row = pointer.pointee.pixels.advanced(by: y * Int(pointer.pointee.pitch))
                .assumingMemoryBound(to: UInt32.self)
            pixels.append(contentsOf: UnsafeBufferPointer(start: row, count: width))
        }
        return pixels
    }

    /// An image made of ARGB words, row by row.
    convenience init(width: Int, height: Int, argb pixels: [UInt32]) throws(SDLError) {
        precondition(pixels.count == width * height, "\(pixels.count) pixels for a \(width)x\(height) image")
        try self.init(width: width, height: height)
        for y in 0..<height {
            let row = pointer.pointee.pixels.advanced(by: y * Int(pointer.pointee.pitch))
                .assumingMemoryBound(to: UInt32.self)
            pixels.withUnsafeBufferPointer { source in
                row.update(from: source.baseAddress! + y * width, count: width)
            }
        }
    }

    /// The image shrunk (smoothly) so that neither side exceeds `side`;
    /// itself when it already fits.
    func fitting(side: Int) throws(SDLError) -> Surface {
        guard width > side || height > side else { return self }
        let scale = Double(side) / Double(max(width, height))
        let smaller = try Surface(width: max(1, Int((Double(width) * scale).rounded())),
                                  height: max(1, Int((Double(height) * scale).rounded())))
        guard SDL_SoftStretchLinear(pointer, nil, smaller.pointer, nil) == 0 else {
            throw .last("shrinking a \(width)x\(height) image")
        }
        return smaller
    }

    /// True when every pixel is fully opaque (such images are drawn without blending).
    var isOpaque: Bool {
        for y in 0..<height {
            let row = pointer.pointee.pixels.advanced(by: y * Int(pointer.pointee.pitch))
                .assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where row[x] >> 24 != 0xFF { return false }
        }
        return true
    }

    /// Takes ownership of `loaded` and returns it as 32-bit ARGB.
    static func converted(_ loaded: UnsafeMutablePointer<SDL_Surface>, what: String) throws(SDLError) -> Surface {
        let original = Surface(owning: loaded)
        if loaded.pointee.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue { return original }
        guard let argb = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw .last("converting \(what)")
        }
        return Surface(owning: argb)
    }
}

extension Color {
    init(argb: UInt32) {
        self.init(rgba: UInt8((argb >> 16) & 0xFF), UInt8((argb >> 8) & 0xFF),
                  UInt8(argb & 0xFF), UInt8(argb >> 24))
    }

    var argb: UInt32 {
        UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }
}
