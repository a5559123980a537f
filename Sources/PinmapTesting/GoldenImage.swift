import Foundation
import MapSDL
#if canImport(Testing)
import Testing
#endif

/// A golden PNG beside a test file, `__Snapshots__/<test file name>/<name>.png`,
/// and the comparison of a frame with it.
///
/// - With `PINMAP_RECORD_GOLDENS=1` (or `RECORD_GOLDENS=1`) in the
///   environment, or `isRecording` set, it writes the golden. Under Swift
///   Testing the test goes on, so every golden of a test is written in one
///   run, and the test fails once for each, naming the file (elsewhere it
///   throws): a recording run never passes by accident. Look at the
///   pictures, then run again.
/// - A missing golden throws with the command that records it.
/// - On a difference it writes the actual frame and a picture of the
///   difference (the golden in grey, differing pixels red) to a folder in
///   the temporary directory, and throws naming both files.
/// - By default a pixel may be off by 8 in a channel (antialiasing), and
///   no pixel beyond that: a pin of another colour fails. A test that
///   needs more asks for it (`Tolerance(pixels:)` or `Tolerance(fraction:)`).
///
/// It reports by throwing, so it serves Swift Testing (`#expect(throws:)`
/// or a throwing `@Test`) and XCTest (a throwing test method) alike:
///
///     let golden = GoldenImage(named: "my-pin")
///     try golden.assertMatches(try MapSnapshotter(options: options).snapshot())
public struct GoldenImage {
    /// How much a frame may differ from its golden: a pixel differs when a
    /// channel is off by more than `channel` (of 255); the comparison fails
    /// when more pixels differ than `pixels`, or than `fraction` of them
    /// where that allows more.
    ///
    ///     try tester.assertMatchesGolden(named: "clouds", tolerance: GoldenImage.Tolerance(pixels: 20))
    public struct Tolerance: Sendable, Equatable {
        /// The largest difference in a channel that still counts as equal.
        public var channel: Int
        /// How many differing pixels are allowed.
        public var pixels: Int
        /// The share of differing pixels allowed (0.005: half a percent).
        public var fraction: Double

        /// A tolerance. The defaults absorb antialiasing (8 in a channel)
        /// and allow no differing pixel: a recoloured pin fails.
        public init(channel: Int = 8, pixels: Int = 0, fraction: Double = 0) {
            self.channel = channel
            self.pixels = pixels
            self.fraction = fraction
        }

        /// Whether `differing` of `total` pixels are within the tolerance.
        public func allows(_ differing: Int, of total: Int) -> Bool {
            differing <= max(pixels, Int((fraction * Double(total)).rounded(.down)))
        }
    }

    /// The golden's file.
    public let url: URL
    /// Where the actual and difference images of a failed comparison go.
    public let artifacts: URL
    private let name: String
    /// Whether the golden is written rather than compared: the
    /// environment's `PINMAP_RECORD_GOLDENS=1` unless set.
    public var isRecording = GoldenImage.isRecording

    /// The golden `name` for the test file `testFile` (the caller's, by
    /// default), in the folder named after the file or, given, after `suite`.
    public init(named name: String, suite: String? = nil, testFile: String = #filePath) {
        let test = URL(fileURLWithPath: testFile)
        let suite = suite ?? test.deletingPathExtension().lastPathComponent
        url = test.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(suite).appendingPathComponent(name + ".png")
        artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-golden-artifacts")
            .appendingPathComponent(suite)
        self.name = name
    }

    /// True when the environment asks for goldens to be written.
    public static var isRecording: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["PINMAP_RECORD_GOLDENS"] == "1" || environment["RECORD_GOLDENS"] == "1"
    }

    /// Compares a snapshot's picture with the golden, or records it.
    ///
    ///     let snapshot = try MapSnapshotter(options: options).snapshot()
    ///     try GoldenImage(named: "zurich-thumbnail").assertMatches(snapshot)
    public func assertMatches(_ snapshot: MapSnapshot, tolerance: Tolerance = Tolerance()) throws(GoldenImageError) {
        try assertMatches(snapshot.image, tolerance: tolerance)
    }

    /// Compares what an SDL renderer of yours has drawn (its whole target,
    /// before `SDL_RenderPresent`) with the golden, or records it: for apps
    /// that embed the map beside controls of their own.
    ///
    ///     app.draw(at: 0, waitingForTiles: true)
    ///     try GoldenImage(named: "stops-app").assertMatches(renderer: renderer)
    /// - Throws: `GoldenImageError` naming the files when they differ, or
    ///   when the renderer's pixels cannot be read.
    public func assertMatches(renderer: OpaquePointer, tolerance: Tolerance = Tolerance()) throws(GoldenImageError) {
        let image: Surface
        do {
            image = try Renderer(borrowing: renderer).readPixels()
        } catch {
            throw .cannotRead("the renderer's pixels", error.description)
        }
        try assertMatches(image, tolerance: tolerance)
    }

    /// Compares `image` with the golden (or records it); throws a
    /// `GoldenImageError` naming the files when they differ.
    package func assertMatches(_ image: Surface, tolerance: Tolerance = Tolerance()) throws(GoldenImageError) {
        if isRecording {
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try image.savePNG(path: url.path)
            } catch {
                throw .cannotWrite(url.path, "\(error)")
            }
            #if canImport(Testing)
            // The test goes on to its next golden, and fails at its end for this one.
            if Test.current != nil {
                Issue.record(Comment(rawValue: GoldenImageError.recorded(url.path).description))
                return
            }
            #endif
            throw .recorded(url.path)
        }
        guard FileManager.default.fileExists(atPath: url.path) else { throw .missing(url.path) }
        let expected: Surface
        do {
            expected = try Surface.load(path: url.path)
        } catch {
            throw .cannotRead(url.path, error.description)
        }
        let comparison = ImageComparison(actual: image, expected: expected, channelTolerance: tolerance.channel)
        if let comparison, tolerance.allows(comparison.differingPixels, of: image.width * image.height) { return }
        let actual = artifacts.appendingPathComponent(name + ".actual.png")
        let diff = artifacts.appendingPathComponent(name + ".diff.png")
        do {
            try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
            try image.savePNG(path: actual.path)
            try comparison?.diff.savePNG(path: diff.path)
        } catch {
            throw .cannotWrite(artifacts.path, "\(error)")
        }
        guard let comparison else {
            throw .sizeDiffers(url.path, actual: "\(image.width)x\(image.height)",
                               golden: "\(expected.width)x\(expected.height)", actualFile: actual.path)
        }
        throw .differs(url.path, pixels: comparison.differingPixels, fraction: comparison.differingFraction,
                       channel: tolerance.channel, actualFile: actual.path, diffFile: diff.path)
    }
}

/// Why a frame did not match its golden.
///
///     do { try tester.assertMatchesGolden(named: "cafe") } catch { print(error) }   // names the actual and diff files
public enum GoldenImageError: Error, CustomStringConvertible, Equatable {
    /// Recording: the golden was written (the comparison fails on purpose).
    case recorded(String)
    /// No golden yet.
    case missing(String)
    /// The golden or a picture of the failure could not be written.
    case cannotWrite(String, String)
    /// The golden could not be read.
    case cannotRead(String, String)
    /// The frame and the golden differ in size.
    case sizeDiffers(String, actual: String, golden: String, actualFile: String)
    /// Too many pixels differ.
    case differs(String, pixels: Int, fraction: Double, channel: Int, actualFile: String, diffFile: String)

    /// The failure in words, with the files to look at.
    public var description: String {
        switch self {
        case .recorded(let golden):
            return "recorded \(golden); look at it, then run again without PINMAP_RECORD_GOLDENS to compare"
        case .missing(let golden):
            return "no golden at \(golden); record it with PINMAP_RECORD_GOLDENS=1 swift test"
        case .cannotWrite(let path, let reason): return "\(path): cannot be written: \(reason)"
        case .cannotRead(let path, let reason): return "\(path): cannot be read: \(reason)"
        case .sizeDiffers(let golden, let actual, let expected, let file):
            return "the frame is \(actual), the golden \(golden) is \(expected); actual: \(file)"
        case .differs(let golden, let pixels, let fraction, let channel, let actual, let diff):
            let percent = (fraction * 10000).rounded() / 100
            return "\(pixels) pixels (\(percent)%) differ from \(golden) by more than \(channel); actual: \(actual); diff: \(diff)"
        }
    }
}
