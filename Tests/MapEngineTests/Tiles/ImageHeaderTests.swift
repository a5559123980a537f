import Testing
@testable import MapEngine

/// Image headers read before decoding: sizes of every known format, and
/// refusals for what is not a sane tile.
@Suite struct ImageHeaderTests {
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0, 0, 0, 0, 0]
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func jpeg(width: UInt16, height: UInt16) -> [UInt8] {
        // SOI, an APP0 segment to skip, then SOF2 (progressive).
        [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]
            + [0xFF, 0xC2, 0, 17, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3]
            + [UInt8](repeating: 0, count: 9)
    }

    @Test func readsTheSizeOfEachFormat() throws {
        #expect(try ImageHeader(ImageHeaderTests.png(width: 256, height: 512))
                == ImageHeader(format: .png, width: 256, height: 512))
        #expect(try ImageHeader(ImageHeaderTests.jpeg(width: 640, height: 480))
                == ImageHeader(format: .jpeg, width: 640, height: 480))
        let gif = Array("GIF89a".utf8) + [0x00, 0x01, 0x80, 0x00] + [UInt8](repeating: 0, count: 10)
        #expect(try ImageHeader(gif) == ImageHeader(format: .gif, width: 256, height: 128))
        var bmp = [UInt8](repeating: 0, count: 54)
        bmp[0] = 0x42; bmp[1] = 0x4D; bmp[18] = 0x00; bmp[19] = 0x02; bmp[22] = 0x00; bmp[23] = 0xFF; bmp[24] = 0xFF; bmp[25] = 0xFF
        #expect(try ImageHeader(bmp) == ImageHeader(format: .bmp, width: 512, height: 256), "a top-down BMP has a negative height")
        let lossless = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8L".utf8) + [0, 0, 0, 0, 0x2F]
            + [0xFF, 0xC0, 0x3F, 0x00]  // 256 x 256: (255) | (255 << 14)
        #expect(try ImageHeader(lossless) == ImageHeader(format: .webp, width: 256, height: 256))
    }

    @Test func hugeDeclaredSizesAreRefusedBeforeDecoding() throws {
        let bomb = try ImageHeader(ImageHeaderTests.png(width: 60000, height: 60000))
        #expect(throws: ImageHeaderError.tooLarge(.png, width: 60000, height: 60000)) { try bomb.checkTileSize() }
        #expect(throws: ImageHeaderError.self) { try ImageHeader(ImageHeaderTests.jpeg(width: 16000, height: 16000)).checkTileSize() }
        try ImageHeader(ImageHeaderTests.png(width: 4096, height: 4096)).checkTileSize()
        try ImageHeader(ImageHeaderTests.png(width: 1024, height: 1024)).checkTileSize()
    }

    @Test(arguments: [
        ([UInt8](), "not a PNG, JPEG, WebP, GIF or BMP image"),
        (Array("<html>not found</html>".utf8), "not a PNG, JPEG, WebP, GIF or BMP image"),
        (Array(ImageHeaderTests.png(width: 256, height: 256).prefix(18)), "a PNG file whose header is cut short or damaged"),
        ([0xFF, 0xD8, 0xFF, 0xE0, 0x00], "a JPEG file whose header is cut short or damaged"),
        (ImageHeaderTests.png(width: 0, height: 256), "a PNG image of no pixels"),
    ])
    func brokenHeadersSayWhatIsWrong(bytes: [UInt8], message: String) {
        do {
            _ = try ImageHeader(bytes)
            Issue.record("accepted")
        } catch {
            #expect(error.description == message)
        }
    }
}
