import Foundation
import PinmapKit
import PinmapTesting
import Testing

/// Goldens as strict as a reviewer would have them: a pin of another
/// colour fails by default, and one recording run writes every golden.
@Suite @MainActor struct GoldenImageTests {
    let zurich = Coordinate(latitude: 47.3769, longitude: 8.5417)

    final class Stop: Annotation {
        let coordinate: Coordinate
        let title: String? = "Bellevue"
        let subtitle: String? = nil
        let changes = AnnotationChanges()
        init(_ coordinate: Coordinate) { self.coordinate = coordinate }
    }

    final class Colours: MapViewDelegate {
        var color = PinColor.purple
        func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
            let view = PinAnnotationView(annotation: annotation)
            view.pinColor = color
            return view
        }
    }

    private func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-golden-\(UUID().uuidString)")
    }

    @Test func aPinOfAnotherColourFailsTheDefaultToleranceAndPassesALooseOne() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let colours = Colours()
        let tester = try MapTester(size: Size(width: 400, height: 300), center: zurich, zoom: 11, delegate: colours)
        tester.map.addAnnotation(Stop(zurich))
        var golden = GoldenImage(named: "purple", testFile: folder.appendingPathComponent("PinTests.swift").path)
        golden.isRecording = false
        try FileManager.default.createDirectory(at: golden.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try tester.image().savePNG(path: golden.url.path)
        try golden.assertMatches(try tester.image())
        // The same pin in green: a small share of the frame (well under half a percent), and still a failure.
        colours.color = .green
        tester.map.removeAnnotations(tester.map.annotations)
        tester.map.addAnnotation(Stop(zurich))
        let green = try tester.image()
        do {
            try golden.assertMatches(green)
            Issue.record("a green pin passed a purple pin's golden")
        } catch {
            if case .differs(_, let pixels, let fraction, _, _, _) = error {
                #expect(pixels > 20 && fraction < 0.005, "\(pixels) pixels, \(fraction)")
            } else {
                Issue.record("unexpected \(error)")
            }
        }
        // A test that allows it says so.
        try golden.assertMatches(green, tolerance: GoldenImage.Tolerance(fraction: 0.005))
        #expect(GoldenImage.Tolerance().allows(0, of: 100) && !GoldenImage.Tolerance().allows(1, of: 100))
        #expect(GoldenImage.Tolerance(pixels: 3).allows(3, of: 100) && !GoldenImage.Tolerance(pixels: 3).allows(4, of: 100))
    }

    @Test func oneRecordingRunWritesEveryGoldenOfATestAndFailsForEach() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tester = try MapTester(size: Size(width: 160, height: 120), center: zurich, zoom: 9)
        let file = folder.appendingPathComponent("TwoGoldenTests.swift").path
        var first = GoldenImage(named: "first", testFile: file), second = GoldenImage(named: "second", testFile: file)
        first.isRecording = true
        second.isRecording = true
        // Each recording is an issue of this test (so a recording run never passes), and the test goes on to the next.
        try withKnownIssue("recording fails the test once for each golden") {
            try first.assertMatches(try tester.image())
            try second.assertMatches(try tester.image())
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("recorded") }
        }
        #expect(FileManager.default.fileExists(atPath: first.url.path) && FileManager.default.fileExists(atPath: second.url.path),
                "both goldens written in one run")
        first.isRecording = false
        try first.assertMatches(try tester.image())
        // A golden not yet recorded names the command that records it.
        let missing = GoldenImage(named: "third", testFile: file)
        #expect(throws: GoldenImageError.missing(missing.url.path)) { try missing.assertMatches(try tester.image()) }
        #expect(GoldenImageError.missing(missing.url.path).description.contains("PINMAP_RECORD_GOLDENS=1 swift test"))
    }
}
