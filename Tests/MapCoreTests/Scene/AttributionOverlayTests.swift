import Testing
@testable import MapCore

/// The credit line: one line, cut to what the screen can show.
@Suite struct AttributionOverlayTests {
    /// 6 points a character, 14 high.
    struct FixedMetrics: TextMeasuring {
        func size(of text: String, font: FontSpec) -> Size { Size(width: Double(text.count) * 6, height: 14) }
    }

    func drawnText(_ text: String, width: Double) -> String? {
        AttributionOverlay.commands(text: text, viewport: Size(width: width, height: 300), metrics: FixedMetrics())
            .compactMap { if case .text(let draw) = $0 { draw.text } else { nil } }.first
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
