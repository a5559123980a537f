import MapEngine
import MapKitLayer
import Testing
@testable import VectorRaster

/// Triangles covered with an image repeated (`fill-extrusion-pattern`):
/// each pixel its texel, wrapped, times the shade, true in perspective.
@Suite struct TrianglePatternFillTests {
    /// A 2 x 2 image: red, green on top; blue, half-clear white below.
    let image = TrianglePicture.RepeatedImage(pixels: [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0x80FF_FFFF], width: 2, height: 2)!
    let square = [Point(x: 0, y: 0), Point(x: 8, y: 0), Point(x: 8, y: 8), Point(x: 0, y: 8)]

    func fill(texels: [Point], scales: [Double] = [1, 1, 1, 1], shade: UInt8 = 255, under: Color? = nil) -> TrianglePicture {
        var picture = TrianglePicture(width: 8, height: 8)
        if let under { picture.cover(with: under) }
        let grey = Color(rgba: shade, shade, shade, 255)
        picture.fill(points: square, colors: Array(repeating: grey, count: 4), indices: [0, 1, 2, 0, 2, 3],
                     pattern: TrianglePattern(images: ["i"], texels: texels, scales: scales, image: [0, 0, 0, 0]), images: [image])
        return picture
    }

    @Test func theImageRepeatsAcrossTheFaceAPixelATexel() {
        // Texels 0 to 8 over 8 pixels: the 2 x 2 image four times each way.
        let picture = fill(texels: [Point(x: 0, y: 0), Point(x: 8, y: 0), Point(x: 8, y: 8), Point(x: 0, y: 8)],
                           under: Color(rgba: 0, 0, 0, 255))
        for (x, y) in [(0, 0), (2, 0), (6, 4)] { #expect(picture.pixels[y * 8 + x] == 0xFFFF_0000, "red at \(x), \(y)") }
        #expect(picture.pixels[0 * 8 + 3] == 0xFF00_FF00)
        #expect(picture.pixels[5 * 8 + 4] == 0xFF00_00FF)
        // Half-clear white over black: half grey.
        let grey = picture.pixels[7 * 8 + 7]
        #expect(grey >> 24 == 255 && abs(Int((grey >> 16) & 255) - 128) <= 1, "\(String(grey, radix: 16))")
    }

    @Test func placesBelowZeroWrapAndTheShadeDarkens() {
        let picture = fill(texels: [Point(x: -2, y: -2), Point(x: 6, y: -2), Point(x: 6, y: 6), Point(x: -2, y: 6)], shade: 128)
        // Texel (-2, -2) is (0, 0) of the image, red, at half light.
        #expect(picture.pixels[0] == 0xFF80_0000, "\(String(picture.pixels[0], radix: 16))")
        #expect(picture.pixels[1] == 0xFF00_8000)
    }

    @Test func aFarSideIsReadTrueInPerspective() {
        // The bottom edge three times nearer (scale 3) than the top (scale 1), texels 0 to 6 down the face, spread as
        // place × scale: a texel's row lies where (v·s) / s says, not halfway. Halfway down the screen:
        // v = (0·1 + 6·3)/2 / ((1 + 3)/2) = 4.5 (a linear spread would say 3).
        let picture = fill(texels: [Point(x: 0, y: 0), Point(x: 8, y: 0), Point(x: 8, y: 6), Point(x: 0, y: 6)],
                           scales: [1, 1, 3, 3].map { $0 }, under: Color(rgba: 0, 0, 0, 255))
        func row(_ y: Int) -> Int {
            // Red or green is an even row of the image, blue or grey an odd one.
            let p = picture.pixels[y * 8]
            return p == 0xFFFF_0000 || p == 0xFF00_FF00 ? 0 : 1
        }
        // Pixel row 4 (centre 4.5 of 8): s = 1 + 2·(4.5/8) = 2.125, v·s = 6·3·(4.5/8)... v = 10.125 / 2.125 ≈ 4.76: row 4, even.
        #expect(row(4) == 0)
        // Row 2 (centre 2.5): s = 1.625, v·s = 5.625, v ≈ 3.46: odd; linear would give 1.875: odd too, so row 3 tells them apart:
        // centre 3.5: s = 1.875, v·s = 7.875, v = 4.2: even; linear 2.625: even. Row 1 (1.5): s = 1.375, v = 3.375/1.375 ≈ 2.45: even; linear 1.125: odd.
        #expect(row(1) == 0, "a linear spread would read the image's odd row here")
    }
}
