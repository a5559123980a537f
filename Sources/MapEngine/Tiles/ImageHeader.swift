/// The format and pixel size an encoded image declares in its first bytes,
/// read before anything is decoded, so that a tile claiming 60000×60000
/// pixels is refused instead of handed to a decoder that would try to
/// allocate it. PNG, JPEG, WebP, GIF and BMP are known; anything else is
/// not taken as a tile.
///
///     let header = try ImageHeader(bytes)      // .png, 256 × 256
///     try header.checkTileSize()               // throws past 4096 px a side
package struct ImageHeader: Equatable, Sendable {
    /// The image formats a tile may come in.
    package enum Format: String, Sendable { case png = "PNG", jpeg = "JPEG", webp = "WebP", gif = "GIF", bmp = "BMP" }

    /// The image format.
    package let format: Format
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int

    /// The largest side a tile may have: 4096 px is 64 MB decoded, already
    /// sixteen times a retina tile.
    package static let largestTileSide = 4096

    /// A header saying `format`, `width` and `height`.
    package init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// Reads the format and size from an image's first bytes; throws when they are not a PNG, JPEG
    /// or WebP of a sane size.
    package init<Bytes: RandomAccessCollection>(_ bytes: Bytes) throws(ImageHeaderError)
    where Bytes.Element == UInt8, Bytes.Index == Int {
        let b = ByteView(bytes: bytes)
        if b.matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            // The IHDR chunk must come first: length, "IHDR", width, height.
            guard b.ascii(12, 4) == "IHDR" else { throw .truncated(.png) }
            self.init(format: .png, width: try b.bigEndian32(16, .png), height: try b.bigEndian32(20, .png))
        } else if b.matches([0xFF, 0xD8]) {
            let (width, height) = try ImageHeader.jpegSize(b)
            self.init(format: .jpeg, width: width, height: height)
        } else if b.ascii(0, 4) == "RIFF" && b.ascii(8, 4) == "WEBP" {
            let (width, height) = try ImageHeader.webpSize(b)
            self.init(format: .webp, width: width, height: height)
        } else if b.ascii(0, 6) == "GIF87a" || b.ascii(0, 6) == "GIF89a" {
            self.init(format: .gif, width: try b.littleEndian(6, 2, .gif), height: try b.littleEndian(8, 2, .gif))
        } else if b.ascii(0, 2) == "BM" {
            let width = Int32(truncatingIfNeeded: try b.littleEndian(18, 4, .bmp))
            let height = Int32(truncatingIfNeeded: try b.littleEndian(22, 4, .bmp))
            self.init(format: .bmp, width: Int(width.magnitude), height: Int(height.magnitude))
        } else {
            throw .unknownFormat
        }
        guard width > 0, height > 0 else { throw .empty(format) }
    }

    /// The most pixels any image pinmap decodes may have (a sprite sheet, an
    /// icon, an image a view draws): 32 million, 128 MB decoded, eight
    /// times the largest published @2x sprite sheet. A PNG of half a
    /// megabyte can declare 60000x60000 pixels; it is refused before a
    /// decoder tries to allocate 14 GB for it.
    package static let mostPixels = 32 << 20
    /// The longest side any image may have.
    package static let longestSide = 16384

    /// Throws when decoding the image would take more memory than any image may.
    package func checkPixelBudget() throws(ImageHeaderError) {
        guard width <= ImageHeader.longestSide, height <= ImageHeader.longestSide, width * height <= ImageHeader.mostPixels else {
            throw .overBudget(format, width: width, height: height)
        }
    }

    /// Throws when the image is too large to be a tile.
    package func checkTileSize() throws(ImageHeaderError) {
        guard width <= ImageHeader.largestTileSide, height <= ImageHeader.largestTileSide else {
            throw .tooLarge(format, width: width, height: height)
        }
    }

    /// Walks the JPEG markers to the first start-of-frame segment.
    private static func jpegSize(_ b: ByteView) throws(ImageHeaderError) -> (Int, Int) {
        var i = 2
        while true {
            guard let marker = b.byte(i), marker == 0xFF, let kind = b.byte(i + 1) else { throw .truncated(.jpeg) }
            if kind == 0xFF { i += 1; continue }  // fill bytes
            if kind == 0xD8 || kind == 0x01 || (0xD0...0xD7).contains(kind) { i += 2; continue }
            let length = try b.bigEndian(i + 2, 2, .jpeg)
            guard length >= 2 else { throw .truncated(.jpeg) }
            // SOF0…SOF15 carry the size; C4 (DHT), C8 (JPG) and CC (DAC) are not frames.
            if (0xC0...0xCF).contains(kind) && kind != 0xC4 && kind != 0xC8 && kind != 0xCC {
                return (try b.bigEndian(i + 7, 2, .jpeg), try b.bigEndian(i + 5, 2, .jpeg))
            }
            i += 2 + length
        }
    }

    private static func webpSize(_ b: ByteView) throws(ImageHeaderError) -> (Int, Int) {
        switch b.ascii(12, 4) {
        case "VP8 ":
            // Lossy: a frame tag, the start code, then 14-bit sizes.
            return (try b.littleEndian(26, 2, .webp) & 0x3FFF, try b.littleEndian(28, 2, .webp) & 0x3FFF)
        case "VP8L":
            let bits = try b.littleEndian(21, 4, .webp)
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return (try b.littleEndian(24, 3, .webp) + 1, try b.littleEndian(27, 3, .webp) + 1)
        default:
            throw .truncated(.webp)
        }
    }
}

/// Why bytes were not taken as a tile image.
package enum ImageHeaderError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownFormat
    case truncated(ImageHeader.Format)
    case empty(ImageHeader.Format)
    case tooLarge(ImageHeader.Format, width: Int, height: Int)
    case overBudget(ImageHeader.Format, width: Int, height: Int)

    /// Why the bytes were refused, in words.
    package var description: String {
        switch self {
        case .unknownFormat: return "not a PNG, JPEG, WebP, GIF or BMP image"
        case .truncated(let format): return "a \(format.rawValue) file whose header is cut short or damaged"
        case .empty(let format): return "a \(format.rawValue) image of no pixels"
        case .tooLarge(let format, let width, let height):
            return "a \(format.rawValue) image of \(width)x\(height) pixels, larger than the "
                + "\(ImageHeader.largestTileSide) px a side a tile may have"
        case .overBudget(let format, let width, let height):
            return "a \(format.rawValue) image of \(width)x\(height) pixels, more than the \(ImageHeader.mostPixels >> 20) million pixels "
                + "(\(ImageHeader.longestSide) a side) an image may have"
        }
    }
}

/// Bounds-checked reads from the start of a file.
private struct ByteView {
    let bytes: [UInt8]

    init<Bytes: RandomAccessCollection>(bytes: Bytes) where Bytes.Element == UInt8, Bytes.Index == Int {
        // Headers live in the first few kilobytes; JPEG may put EXIF first.
        self.bytes = Array(bytes.prefix(256 << 10))
    }

    func byte(_ i: Int) -> UInt8? { i >= 0 && i < bytes.count ? bytes[i] : nil }

    func matches(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }

    func ascii(_ at: Int, _ count: Int) -> String? {
        guard at + count <= bytes.count else { return nil }
        return String(decoding: bytes[at..<at + count], as: UTF8.self)
    }

    func bigEndian(_ at: Int, _ count: Int, _ format: ImageHeader.Format) throws(ImageHeaderError) -> Int {
        guard at >= 0, at + count <= bytes.count else { throw .truncated(format) }
        return bytes[at..<at + count].reduce(0) { $0 << 8 | Int($1) }
    }

    func bigEndian32(_ at: Int, _ format: ImageHeader.Format) throws(ImageHeaderError) -> Int {
        try bigEndian(at, 4, format)
    }

    func littleEndian(_ at: Int, _ count: Int, _ format: ImageHeader.Format) throws(ImageHeaderError) -> Int {
        guard at >= 0, at + count <= bytes.count else { throw .truncated(format) }
        return bytes[at..<at + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
