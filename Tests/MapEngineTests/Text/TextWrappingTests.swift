@testable import MapEngine
import Testing

/// Wrapping at line-break opportunities with fixed metrics (10 pixels a character).
@Suite struct TextWrappingTests {
    struct TenPerCharacter: TextMeasuring {
        func size(of text: String, font: FontSpec) -> Size { Size(width: Double(text.count * 10), height: 12) }
    }

    let metrics = TenPerCharacter()
    let font = FontSpec(size: 10)

    @Test func wordsWrapAtSpacesIntoEvenLinesAndALongWordKeepsItsLine() {
        // 230 px in two lines of about 115: "Rheinfall bei" (130) over "Neuhausen" (90) is less even.
        #expect(metrics.wrapped("Rheinfall bei Neuhausen", font: font, maxWidth: 130) == ["Rheinfall", "bei Neuhausen"])
        #expect(metrics.wrapped("Test Test", font: font, maxWidth: 100) == ["Test Test"], "what fits stays one line")
        // Four words of 40 (with their spaces 190) need two lines of about 95, not a short last one.
        #expect(metrics.wrapped("Abcd Efgh Ijkl Mnop", font: font, maxWidth: 150) == ["Abcd Efgh", "Ijkl Mnop"])
        #expect(metrics.wrapped("Donaudampfschifffahrt", font: font, maxWidth: 50) == ["Donaudampfschifffahrt"])
        #expect(metrics.wrapped("a\nb c", font: font, maxWidth: 0) == ["a", "b c"])
    }

    @Test func japaneseWrapsBetweenCharactersButNotBeforeClosingMarks() {
        #expect(metrics.wrapped("東京スカイツリー", font: font, maxWidth: 40) == ["東京スカ", "イツリー"])
        #expect(metrics.wrapped("東京。大阪", font: font, maxWidth: 20) == ["東", "京。", "大阪"], "。 goes with 京, over the width")
    }

    @Test func breakOpportunitiesFollowTheShortRules() {
        let text = "Bad-Zurzach 東京"
        let offsets = LineBreakRules.opportunities(in: text).map { text.distance(from: text.startIndex, to: $0) }
        #expect(offsets == [4, 12, 13])
    }
}
