import Testing
@testable import MapEngine
@testable import MapKitLayer

/// The credit line: one line, cut to what the screen can show.
@Suite @MainActor struct AttributionOverlayTests {
    /// 6 points a character, 14 high.
    struct FixedMetrics: TextMeasuring {
        func size(of text: String, font: FontSpec) -> Size { Size(width: Double(text.count) * 6, height: 14) }
    }

    func drawnText(_ text: String, width: Double) -> String? {
        AttributionOverlay.commands(text: text, viewport: Size(width: width, height: 300), metrics: FixedMetrics())
            .compactMap { if case .text(let draw) = $0 { draw.text } else { nil } }.first
    }

    /// Text a font's size wide a character and 1.3 of it high.
    struct ScalingMetrics: TextMeasuring {
        func size(of text: String, font: FontSpec) -> Size { Size(width: Double(text.count) * font.size, height: font.size * 1.3) }
    }

    @Test func onA2xScreenTheLabelKeepsItsSizeInPoints() {
        func label(scale: Double) -> (Rect, FontSpec)? {
            let commands = AttributionOverlay.commands(text: "© Example", viewport: Size(width: 800 * scale, height: 600 * scale),
                                                       scale: scale, metrics: ScalingMetrics())
            guard case .rect(let box, _)? = commands.first, case .text(let draw)? = commands.last else { return nil }
            return (box, draw.font)
        }
        guard let (one, oneFont) = label(scale: 1), let (two, twoFont) = label(scale: 2) else {
            Issue.record("no label")
            return
        }
        #expect(twoFont.size == 2 * oneFont.size)
        #expect(two.width == 2 * one.width && two.height == 2 * one.height)
        #expect(two.maxX == 1600 && two.maxY == 1200, "in the corner of the 2x view")
    }

    @Test func aShortCreditIsDrawnAsItIs() {
        #expect(drawnText("© Natural Earth", width: 800) == "© Natural Earth")
    }

    @Test func anEmptyCreditDrawsNoLabel() {
        for blank in ["", "  ", "\t"] {
            #expect(AttributionOverlay.commands(text: blank, viewport: Size(width: 64, height: 64), metrics: FixedMetrics()).isEmpty,
                    "\"\(blank)\" draws no box in the corner")
        }
    }

    @Test func aLongCreditIsCutWithAnEllipsisToTheScreensWidth() throws {
        let text = try #require(drawnText(String(repeating: "OpenStreetMap contributors ", count: 40), width: 400))
        #expect(text.hasSuffix("…"))
        let room = 400 - 10.0
        #expect(Double(text.count) * 6 <= room, "\(text.count) characters")
        #expect(Double(text.count + 1) * 6 > room, "as much as fits")
    }

    @Test func aMegabyteOfCreditIsCutBeforeAnythingMeasuresIt() {
        let huge = String(repeating: "x", count: 1 << 20) + "\nsecond line"
        let bounded = AttributionOverlay.bounded(huge)
        #expect(bounded.count == AttributionOverlay.longestText)
        #expect(!AttributionOverlay.bounded("a\nb").contains("\n"))
        let map = MapController(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 2,
                                               viewportSize: Size(width: 800, height: 600)),
                                levels: 0...5, attribution: huge)
        #expect(map.attribution?.count == AttributionOverlay.longestText)
    }
}
