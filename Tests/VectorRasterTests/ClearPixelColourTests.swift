import Foundation
import MapEngine
import MapKitLayer
import Testing
@testable import VectorRaster

/// Clear pixels take the colour beside them, so a picture turned or scaled
/// by a renderer that blends neighbours fades out in its own colour.
@Suite struct ClearPixelColourTests {
    @Test func aClearPixelTakesTheColourBesideItWeightedByAlphaAndStaysClear() {
        // 4x3: an opaque red pixel and a half-clear blue one side by side in the middle row; the rest clear.
        var pixels = [UInt32](repeating: 0, count: 12)
        pixels[5] = 0xFFFF_0000
        pixels[6] = 0x8000_00FF
        ClearPixelColour.bleed(&pixels, width: 4, height: 3)
        #expect(pixels[5] == 0xFFFF_0000 && pixels[6] == 0x8000_00FF, "pixels that are not clear keep their colour")
        #expect(pixels[4] == 0x00FF_0000, "beside the red one alone: red, still clear")
        #expect(pixels[7] == 0x0000_00FF, "beside the blue one alone: blue")
        // Beside both: red weighted 255, blue 128.
        let red = 255 * 255 / (255 + 128), blue = 255 * 128 / (255 + 128)
        #expect(pixels[1] == UInt32(red) << 16 | UInt32(blue), "\(String(pixels[1], radix: 16))")
        #expect(pixels.allSatisfy { $0 >> 24 == 0 || $0 == 0xFFFF_0000 || $0 == 0x8000_00FF }, "no clear pixel became visible")
    }

    @Test func aLabelsClearPixelsBesideItsHaloHoldTheHalosColour() throws {
        let engine = try TextEngineTests.engine()
        let image = try #require(engine.image(of: "Bern", font: FontSpec(size: 20, stack: ["Noto Sans Regular"]), color: Color(hex: 0x333333),
                                              halo: Color(hex: 0xFFEE00), haloWidth: 2))
        let (width, argb) = (image.pixels.width, image.pixels.argb)
        var checked = 0
        for (index, pixel) in argb.enumerated() where pixel >> 24 == 0 {
            let x = index % width, y = index / width
            let besideHalo = [(-1, 0), (1, 0), (0, -1), (0, 1)].contains { dx, dy in
                let (nx, ny) = (x + dx, y + dy)
                guard nx >= 0, nx < width, ny >= 0, ny < image.pixels.height else { return false }
                return argb[ny * width + nx] >> 24 > 0
            }
            guard besideHalo else { continue }
            // The halo's edge pixels are faint, so their colour comes back from premultiplied within a few levels.
            let near = [16, 8, 0].allSatisfy { abs(Int(pixel >> UInt32($0) & 0xFF) - Int(UInt32(0xFFEE00) >> UInt32($0) & 0xFF)) <= 6 }
            #expect(near, "a clear pixel beside the halo at \(x),\(y): \(String(pixel, radix: 16))")
            checked += 1
        }
        #expect(checked > 20)
    }
}
