@testable import MapCore
import Testing

/// Wrapping at line-break opportunities with fixed metrics (10 pixels a character).
@Suite struct TextWrappingTests {
    struct TenPerCharacter: TextMeasuring {
        func size(of text: String, font: FontSpec) -> Size { Size(width: Double(text.count * 10), height: 12) }
    }

    let metrics = TenPerCharacter()
    let font = FontSpec(size: 10)

    @Test func wordsWrapAtSpacesAndALongWordKeepsItsLine() {
        #expect(metrics.wrapped("Rheinfall bei Neuhausen", font: font, maxWidth: 130) == ["Rheinfall bei", "Neuhausen"])
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
