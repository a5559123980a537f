@testable import MapEngine
@testable import MapKitLayer
import Testing

@Suite struct CalloutPopTests {
    @Test func thePopGoesFromTinyPastFullSizeAndSettlesInAThirdOfASecond() {
        #expect(CalloutPop.scale(at: 0) == 0.05)
        #expect(abs(CalloutPop.scale(at: 1.0 / 6) - 1.11) < 1e-9)
        #expect(abs(CalloutPop.scale(at: 0.25) - 0.95) < 1e-9)
        #expect(CalloutPop.scale(at: 1.0 / 3) == 1)
        #expect(CalloutPop.scale(at: 2) == 1)
        // Growing, then overshooting, then coming back.
        #expect(CalloutPop.scale(at: 0.08) > 0.05 && CalloutPop.scale(at: 0.08) < 1.11)
        #expect(CalloutPop.scale(at: 0.3) > 0.95 && CalloutPop.scale(at: 0.3) < 1)
    }

    @Test func closingFadesOutIn200Milliseconds() {
        #expect(CalloutPop.alpha(closingFor: 0) == 1)
        #expect(abs(CalloutPop.alpha(closingFor: 0.1) - 0.5) < 1e-9)
        #expect(CalloutPop.alpha(closingFor: 0.2) == 0)
        #expect(CalloutPop.alpha(closingFor: 1) == 0)
    }
}
