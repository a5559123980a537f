@testable import MapEngine
@testable import MapKitLayer
import Testing

/// The standard callout's size and the place of its parts, with fixed
/// metrics: a character is 8.5 px wide in the 17 pt title, 6 px in the
/// 12 pt subtitle.
@Suite struct StandardCalloutLayoutTests {
    let metrics = HalfSizeMetrics()
    let detail = CalloutAccessory(.detailDisclosure, identifier: "details")
    let info = CalloutAccessory(.infoButton, identifier: "info")

    func body(_ title: String, _ subtitle: String? = nil, left: CalloutAccessory? = nil,
              right: CalloutAccessory? = nil, scale: Double = 1) -> CalloutBody {
        StandardCalloutLayout.body(title: title, subtitle: subtitle, left: left, right: right, metrics: metrics,
                                   scale: scale)
    }

    @Test func aTitleAloneIsPaddedAndCentredVertically() {
        let b = body("Greenwich Observatory")  // 21 characters: 178.5 px
        #expect(b.size == Size(width: 203, height: 56))  // 12 + 178.5 + 12, rounded
        #expect(b.texts.count == 1)
        #expect(b.texts[0].frame == Rect(x: 12, y: 18, width: 178.5, height: 20))
        #expect(b.background == .bubble)
    }

    @Test func theSubtitleSitsUnderTheTitleAndTheWiderSetsTheWidth() {
        let b = body("Paris", "Capital of France, on the Seine")  // 31 characters: 186 px
        #expect(b.size.width == 12 + 186 + 12)
        #expect(b.texts.map(\.text) == ["Paris", "Capital of France, on the Seine"])
        // Title 20 high, gap 2, subtitle 15 high: 37 in a body of 56.
        #expect(b.texts[0].frame.minY == 10)
        #expect(b.texts[1].frame.minY == 32)
    }

    @Test func aShortTitleGetsTheMinimumWidthAndStaysInTheMiddle() {
        let b = body("Rio")  // 25.5 px
        #expect(b.size.width == 75)
        #expect(b.texts[0].frame.minX == 25)  // (75 - 25.5) / 2, rounded
    }

    @Test func accessoriesSit14PointsInFromTheEndsAndTheTextBetween() {
        let b = body("Suva", "Fiji", left: info, right: detail)
        // 14 + 22 (info) + 8, text 34, 8 + 26 (detail) + 14.
        #expect(b.size.width == 44 + 34 + 48)
        let controls = b.controls
        #expect(controls.map(\.action) == ["info", "details"])
        // Title 20 + gap 2 + subtitle 15 + padding 2 x 10: 57 high; accessories centred in it.
        #expect(b.size.height == 57)
        #expect(controls[0].frame == Rect(x: 14, y: 18, width: 22, height: 22))
        #expect(controls[1].frame == Rect(x: b.size.width - 14 - 26, y: 16, width: 26, height: 26))
        #expect(b.texts[0].frame.minX == 44)
    }

    @Test func anImageAccessoryIsScaledDownTo32PointsTall() {
        let tall = CalloutAccessory(.image(AnnotationImage(name: "photo", size: Size(width: 60, height: 48))),
                                    identifier: "photo")
        let b = body("Tokyo", left: tall)
        #expect(b.controls[0].frame.size == Size(width: 40, height: 32))
    }

    @Test func longTextIsCutWithAnEllipsisToTheMaximumWidth() {
        let title = String(repeating: "W", count: 60)  // 510 px
        let b = body(title, String(repeating: "s", count: 80), right: detail)
        #expect(b.size.width <= 300)
        // Room for text: 300 - 12 - (8 + 26 + 14) = 240 px: 27 W's and the ellipsis (238 px).
        #expect(b.texts[0].text == String(repeating: "W", count: 27) + "…")
        #expect(b.texts[0].frame.width == 238)
        #expect(b.texts[1].text.hasSuffix("…"))
        #expect(b.texts[1].frame.width <= 240)
        #expect(b.controls[0].frame.maxX == b.size.width - 14)
    }

    @Test func truncationKeepsWholeCharactersAndDropsTrailingSpaces() {
        let cut = metrics.truncated("Royal Observatory", font: FontSpec(size: 10), maxWidth: 35)
        // 5 px a character: "Royal" and the ellipsis are 30 px; "Royal " would end in a space.
        #expect(cut.text == "Royal…")
        #expect(metrics.truncated("Short", font: FontSpec(size: 10), maxWidth: 35).text == "Short")
    }

    @Test func atScale2EverythingIsTwiceAsLarge() {
        let one = body("Paris", "France", right: detail)
        let two = body("Paris", "France", right: detail, scale: 2)
        // Each is rounded to whole pixels on its own, so allow one.
        #expect(abs(two.size.width - one.size.width * 2) <= 1)
        #expect(two.size.height == 112)
        #expect(two.controls[0].frame.size == Size(width: 52, height: 52))
    }
}
