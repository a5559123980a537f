import Testing
@testable import MapEngine

/// The controls in the dark: greys turned over, colours kept.
@Suite struct ChromeAppearanceTests {
    @Test func greysAreTurnedOverAndColoursAndShadowsKept() {
        #expect(ChromeAppearance.darkened(Color(hex: 0xFFFFFF)) == Color(rgba: 45, 45, 45), "a white card goes dark")
        let ink = ChromeAppearance.darkened(Color(hex: 0x202124))
        #expect(ink.red > 230 && ink.green > 230 && ink.blue > 230, "dark text goes light: \(ink)")
        let pick = ChromeAppearance.darkened(Color(hex: 0xE8F0FE))
        #expect(pick.blue > pick.red && ChromeAppearance.luminance(pick) < 0.3, "a light blue highlight goes dark blue: \(pick)")
        #expect(ChromeAppearance.darkened(Color(hex: 0x1A73E8)) == Color(hex: 0x1A73E8), "a blue button stays blue")
        #expect(ChromeAppearance.darkened(Color(hex: 0x000000, alpha8: 60)) == Color(hex: 0x000000, alpha8: 60), "a shadow stays")
        let veil = ChromeAppearance.darkened(Color(hex: 0xFFFFFF, alpha8: 190))
        #expect(veil.alpha == 190 && veil.red == 45, "the credit's veil keeps its see-through")
    }

    @Test func automaticFollowsTheStylesBackground() {
        #expect(ChromeAppearance.automatic.isDark(over: Color(hex: 0x1B1D22)))
        #expect(!ChromeAppearance.automatic.isDark(over: Color(hex: 0xF2EFE9)))
        #expect(!ChromeAppearance.automatic.isDark(over: nil), "no background: the light page")
        #expect(!ChromeAppearance.automatic.isDark(over: Color(hex: 0x000000, alpha8: 20)), "a faint veil is no dark map")
        #expect(ChromeAppearance.dark.isDark(over: nil) && !ChromeAppearance.light.isDark(over: Color(hex: 0x000000)))
    }
}
