import Foundation
import MapEngine
import MapKitLayer
@testable import MapSDL
import Testing

/// Screenshots are written by libpng's simplified writer, set for speed:
/// every pixel must come back as it was, translucent ones too (straight
/// alpha), whatever the picture's size and its rows' padding.
@Suite struct PNGEncodingTests {
    @Test(arguments: [(1, 1), (3, 2), (257, 129), (640, 17)])
    func everyPixelComesBackAsItWas(width: Int, height: Int) throws {
        var random = SystemRandomNumberGenerator()
        // Noise (deflate cannot shrink it) with every alpha, and a run of one colour (it can).
        let words = (0..<width * height).map { i in i % 7 == 0 ? 0xFF20_4060 : UInt32.random(in: 0...UInt32.max, using: &random) }
        let image = try Surface(width: width, height: height, argb: words)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-png-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        try image.savePNG(path: file.path)
        let back = try Surface.load(path: file.path)
        #expect(back.width == width && back.height == height)
        var differing = 0
        for y in 0..<height { for x in 0..<width where back.pixel(x: x, y: y) != image.pixel(x: x, y: y) { differing += 1 } }
        #expect(differing == 0, "\(differing) of \(width * height) pixels changed")
    }

    @Test func theBytesAreAPNGFileWithItsSignature() throws {
        let bytes = try Surface(width: 4, height: 4).pngBytes()
        #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(bytes.suffix(8).prefix(4) == Array("IEND".utf8)[...])
    }
}
