import Testing
@testable import MapEngine
@testable import MapKitLayer

/// The F1 card fits small windows: every line shows in a 480x360 view,
/// laid out smaller, and a large view keeps it at full size.
@Suite struct ShortcutSheetTests {
    /// Each character 7 points wide and a line 15 points high, times the font's size over 13.
    struct Metrics: TextMeasuring {
        func size(of text: String, font: FontSpec) -> Size {
            Size(width: Double(text.count) * 7 * font.size / 13, height: 15 * font.size / 13)
        }
    }

    func texts(_ viewport: Size, scale: Double = 1, recent: [String] = []) -> [TextDraw] {
        ShortcutSheet.commands(viewport: viewport, scale: scale, recent: recent, metrics: Metrics()).compactMap {
            if case .text(let text) = $0 { text } else { nil }
        }
    }

    @Test func everyLineShowsInASmallWindow() {
        let small = Size(width: 480, height: 360)
        let drawn = texts(small)
        #expect(drawn.count == 1 + 2 * ShortcutSheet.entries(recent: []).count, "the title and every line's two parts: \(drawn.count)")
        #expect(!drawn.contains { $0.text == "Ctrl+D" }, "no area downloads where the app offers none")
        let offered = ShortcutSheet.commands(viewport: small, scale: 1, downloadsAreas: true, metrics: Metrics()).compactMap {
            if case .text(let text) = $0 { text.text } else { nil }
        }
        #expect(offered.contains("Ctrl+D") && offered.contains { $0.hasPrefix("Download this area") })
        #expect(drawn.allSatisfy { $0.rect.minY >= 0 && $0.rect.maxY <= small.height }, "within the view")
        #expect(drawn.contains { $0.text == "Quit" })
    }

    /// The files opened lately close the card, each with the Ctrl+digit that opens it.
    @Test func theRecentFilesAreListedWithTheirKeys() {
        let drawn = texts(Size(width: 1280, height: 900), recent: ["walk.gpx", "tokyo.geojson"])
        let words = drawn.map(\.text)
        #expect(words.suffix(4) == ["Ctrl+1", "Open walk.gpx", "Ctrl+2", "Open tokyo.geojson"], "\(words.suffix(4))")
        let many = texts(Size(width: 1280, height: 900), recent: (1...9).map { "f\($0).gpx" })
        #expect(many.filter { $0.text.hasPrefix("Open f") }.count == ShortcutSheet.mostRecent)
    }

    @Test func aLargeWindowKeepsTheFullSize() {
        #expect(ShortcutSheet.layoutScale(viewport: Size(width: 1280, height: 800), scale: 1) == 1)
        #expect(ShortcutSheet.layoutScale(viewport: Size(width: 2560, height: 1600), scale: 2) == 2)
        #expect(ShortcutSheet.layoutScale(viewport: Size(width: 480, height: 360), scale: 1) < 1)
    }
}
