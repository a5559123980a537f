import Foundation
@_spi(PinmapApp) import MapSDL
import Testing

/// How much a screenshot may differ from its golden image: a pixel counts as
/// different when a channel is off by more than `channel`; the test fails when
/// more than `fraction` of the pixels differ (OpenLayers' rendering tests
/// allow 0.5%).
struct GoldenTolerance {
    var channel = 8
    var fraction = 0.005
}

/// Compares `image` with `__Snapshots__/<suite>/<name>.png` beside the test file.
///
/// With `RECORD_GOLDENS=1` it writes the golden and fails, so a recording run
/// can never pass by accident. On a mismatch it writes the actual image and a
/// difference image to a folder outside the source tree and names them.
func assertGolden(_ image: Surface, named name: String, suite: String,
                  tolerance: GoldenTolerance = GoldenTolerance(),
                  filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
    func fail(_ message: String) { Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation) }
    let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__").appendingPathComponent(suite)
    let golden = folder.appendingPathComponent(name + ".png")
    if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try image.savePNG(path: golden.path)
            fail("recorded \(golden.path); run again without RECORD_GOLDENS to compare")
        } catch {
            fail("cannot record \(golden.path): \(error)")
        }
        return
    }
    guard FileManager.default.fileExists(atPath: golden.path) else {
        fail("no golden at \(golden.path); record it with RECORD_GOLDENS=1 make test")
        return
    }
    let artifacts = FileManager.default.temporaryDirectory
        .appendingPathComponent("pinmap-golden-artifacts").appendingPathComponent(suite)
    do {
        let expected = try Surface.load(path: golden.path)
        let comparison = ImageComparison(actual: image, expected: expected, channelTolerance: tolerance.channel)
        if let comparison, comparison.differingFraction <= tolerance.fraction { return }
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let actualPath = artifacts.appendingPathComponent(name + ".actual.png").path
        try image.savePNG(path: actualPath)
        guard let comparison else {
            fail("\(name): size \(image.width)x\(image.height) differs from the golden's "
                             + "\(expected.width)x\(expected.height); actual: \(actualPath)")
            return
        }
        let diffPath = artifacts.appendingPathComponent(name + ".diff.png").path
        try comparison.diff.savePNG(path: diffPath)
        let percent = (comparison.differingFraction * 10000).rounded() / 100
        fail("\(name): \(comparison.differingPixels) pixels (\(percent)%) differ from \(golden.path) "
                         + "by more than \(tolerance.channel); actual: \(actualPath); diff: \(diffPath)")
    } catch {
        fail("\(name): \(error)")
    }
}
