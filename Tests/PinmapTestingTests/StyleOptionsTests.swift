import Foundation
import PinmapKit
import PinmapTesting
import Testing

/// A MapLibre style opened by an app, as `pinmap --style` opens it: its
/// own source, sprite and colours drawn in the app's map.
@Suite @MainActor struct StyleOptionsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../MapSDLTests/Fixtures/Vector").standardized

    /// How many pixels of every other row and column of `image` are within `tolerance` levels of `color`.
    func count(_ color: Color, in image: Surface, tolerance: Int = 0) -> Int {
        var count = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                let pixel = image.pixel(x: x, y: y)
                if abs(Int(pixel.red) - Int(color.red)) <= tolerance && abs(Int(pixel.green) - Int(color.green)) <= tolerance
                    && abs(Int(pixel.blue) - Int(color.blue)) <= tolerance { count += 1 }
            }
        }
        return count
    }

    @Test func aStyleOpensWithItsSourceSpriteAndColours() throws {
        var options = try MapOptions(style: Self.fixtures.appendingPathComponent("test-style.json"))
        #expect(options.vectorLayout != nil)
        #expect(options.sprite?.sheet.icons["town"] != nil, "the style's own sprite")
        #expect(options.attribution?.contains("Natural Earth") == true)
        options.center = Coordinate(latitude: 47.25, longitude: 8.7)
        options.zoom = 9
        options.size = Size(width: 400, height: 300)
        let tester = try MapTester(options: options)
        tester.settle()
        let image = try tester.image()
        // The style's land (#f4f1ea, where the bundled style's is #f2efe9) and its purple state borders.
        #expect(count(Color(hex: 0xF4F1EA), in: image) > 5000)
        #expect(count(Color(hex: 0xF2EFE9), in: image) * 20 < count(Color(hex: 0xF4F1EA), in: image))
        #expect(count(Color(hex: 0xA48FB3), in: image, tolerance: 24) > 20)
    }

    @Test func aBrokenStyleSaysWhereAndAVectorFileOpensWithTheBundledStyle() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("style-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let broken = folder.appendingPathComponent("broken.json")
        try Data(#"{"version": 8, "sources": {}, "layers": [{"id": "x", "type": "line", "source": "nope"}]}"#.utf8).write(to: broken)
        #expect {
            _ = try MapOptions(style: broken)
        } throws: { error in
            "\(error)".contains("broken.json:1:") && "\(error)".contains("no source called \"nope\"")
        }
        let options = try MapOptions(tiles: Self.fixtures.appendingPathComponent("swiss.pmtiles").path)
        #expect(options.vectorLayout != nil && options.attribution?.contains("Natural Earth") == true)
    }
}
