import CSDL2
import Foundation
import MapEngine
@testable import MapSDL
import Testing

/// A shape laid from its kept picture looks as the shape filled in place:
/// the same pixels within a few levels (the coverage is rounded to a byte
/// in the picture, then blended), over any background; a shape drawn again
/// in its place gets a picture, one that moves does not.
@Suite(.serialized) struct ShapePicturesTests {
    /// A background with every kind of pixel under the shape: stripes of
    /// three colours.
    func background(_ width: Int, _ height: Int) throws -> Surface {
        let colours: [UInt32] = [0xFFAE_CDE3, 0xFFF4_F0E8, 0xFF20_2124]
        return try Surface(width: width, height: height, argb: (0..<(width * height)).map { colours[($0 % width) / 7 % 3] })
    }

    func disc(at center: Point, radius: Double) -> [Point] {
        (0..<40).map { i in
            let angle = Double(i) / 40 * 2 * .pi
            return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
    }

    /// The largest difference of a channel between two images of one size.
    func largestDifference(_ one: [UInt32], _ other: [UInt32]) -> Int {
        zip(one, other).map { a, b in
            [0, 8, 16, 24].map { abs(Int((a >> UInt32($0)) & 0xFF) - Int((b >> UInt32($0)) & 0xFF)) }.max() ?? 0
        }.max() ?? 0
    }

    @Test(arguments: [Color(rgba: 255, 255, 255, 255), Color(rgba: 0, 0, 0, 178), Color(rgba: 217, 48, 37, 200)])
    func aKeptPictureLooksLikeTheShapeFilledInPlace(color: Color) throws {
        let filled = try background(120, 90), laid = try background(120, 90)
        let direct = try Renderer.software(drawingInto: filled)
        let outline = disc(at: Point(x: 40.3, y: 37.6), radius: 22)
        direct.fillShape(outline, center: Point(x: 40.3, y: 37.6), color: color, feather: 1.5)
        direct.flush()
        let renderer = try Renderer.software(drawingInto: laid)
        let pictures = ShapePictures(renderer: renderer)
        #expect(pictures.isEnabled, "a software renderer keeps pictures")
        #expect(!pictures.draw(outline, center: Point(x: 40.3, y: 37.6), color: color, feather: 1.5), "seen once: filled in place")
        #expect(pictures.draw(outline, center: Point(x: 40.3, y: 37.6), color: color, feather: 1.5), "seen again: from its picture")
        renderer.flush()
        let difference = largestDifference(filled.argbPixels(), laid.argbPixels())
        #expect(difference <= 4, "\(difference) levels apart")
        #expect(laid.argbPixels() != (try background(120, 90)).argbPixels(), "the shape was drawn")
    }

    @Test func theSameShapeInTheSamePlaceIsFilledOnce() throws {
        let surface = try background(200, 100)
        let renderer = try Renderer.software(drawingInto: surface)
        let pictures = ShapePictures(renderer: renderer)
        let color = Color(rgba: 32, 33, 36, 255)
        let drawn = (0..<4).map { _ in
            pictures.draw(disc(at: Point(x: 30.25, y: 40.5), radius: 12), center: Point(x: 30.25, y: 40.5), color: color, feather: 1)
        }
        #expect(drawn == [false, true, true, true], "filled the first time, laid from its picture after")
        #expect(pictures.count == 1, "one picture, laid three times")
        // A shape moving by part of a pixel each frame (a location disc in a pan) is filled each time and never kept.
        for step in 0..<5 {
            let center = Point(x: 80.5 + Double(step) * 0.3, y: 40.5)
            #expect(!pictures.draw(disc(at: center, radius: 12), center: center, color: color, feather: 1))
        }
        #expect(pictures.count == 1, "no picture for a moving shape")
        #expect(!pictures.draw(disc(at: Point(x: 300, y: 300), radius: 400), center: Point(x: 300, y: 300), color: color, feather: 1),
                "a shape larger than a picture may be is filled in place")
    }
}
