import MapEngine
import MapKitLayer

/// How far two images of the same size differ, with a picture of where:
/// for golden-screenshot tests of maps.
///
///     let result = ImageComparison(actual: shot, expected: golden, channelTolerance: 8)
///     result?.differingFraction   // 0.0 when every pixel is within tolerance
///     try result?.diff.savePNG(path: "diff.png")
package struct ImageComparison {
    /// How many pixels differ by more than the tolerance.
    package let differingPixels: Int
    /// How many pixels each image has.
    package let totalPixels: Int
    /// The largest difference in any channel of any pixel (0...255).
    package let largestChannelDifference: Int
    /// The expected image faded to grey, with differing pixels in red.
    package let diff: Surface

    /// The share of pixels that differ, 0 to 1.
    package var differingFraction: Double { Double(differingPixels) / Double(max(1, totalPixels)) }

    /// Compares pixel by pixel; a pixel differs when a channel is off by more
    /// than `channelTolerance`. Nil when the sizes differ.
    package init?(actual: Surface, expected: Surface, channelTolerance: Int) {
        guard actual.width == expected.width, actual.height == expected.height,
              let diff = try? Surface(width: expected.width, height: expected.height) else { return nil }
        var differing = 0
        var largest = 0
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let a = actual.pixel(x: x, y: y), e = expected.pixel(x: x, y: y)
                let delta = max(abs(Int(a.red) - Int(e.red)), abs(Int(a.green) - Int(e.green)),
                                abs(Int(a.blue) - Int(e.blue)), abs(Int(a.alpha) - Int(e.alpha)))
                largest = max(largest, delta)
                if delta > channelTolerance {
                    differing += 1
                    diff.setPixel(x: x, y: y, Color(rgba: 255, 0, 0))
                } else {
                    let grey = UInt8((Int(e.red) + Int(e.green) + Int(e.blue)) / 6 + 128)
                    diff.setPixel(x: x, y: y, Color(rgba: grey, grey, grey))
                }
            }
        }
        self.differingPixels = differing
        self.totalPixels = expected.width * expected.height
        self.largestChannelDifference = largest
        self.diff = diff
    }
}
