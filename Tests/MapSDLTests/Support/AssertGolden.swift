import Foundation
import MapSDL
import PinmapTesting
import Testing

/// How much a screenshot may differ from its golden image (OpenLayers'
/// rendering tests allow 0.5 % of the pixels).
typealias GoldenTolerance = GoldenImage.Tolerance

/// Compares `image` with `__Snapshots__/<suite>/<name>.png` beside the test
/// file through the testing product's `GoldenImage` (record mode with
/// `RECORD_GOLDENS=1`, the actual and diff images named on a mismatch),
/// recording any failure as an issue of the calling test.
func assertGolden(_ image: Surface, named name: String, suite: String,
                  tolerance: GoldenTolerance = GoldenTolerance(),
                  filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        try GoldenImage(named: name, suite: suite, testFile: filePath).assertMatches(image, tolerance: tolerance)
    } catch {
        Issue.record(Comment(rawValue: error.description), sourceLocation: sourceLocation)
    }
}
