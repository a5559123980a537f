import Foundation
import Testing
@testable import MapEngine

@Suite struct TileFreshnessTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func maxAgeWinsOverExpires() {
        let rule = TileFreshness(headers: ["cache-control": "public, max-age=3600",
                                           "expires": "Thu, 01 Jan 2037 00:00:00 GMT"], receivedAt: now)
        #expect(rule.expires == now.addingTimeInterval(3600) && rule.mayStore)
    }

    @Test func expiresIsReadAsAnHTTPDate() {
        let rule = TileFreshness(headers: ["expires": "Sun, 06 Nov 1994 08:49:37 GMT"], receivedAt: now)
        #expect(rule.expires == Date(timeIntervalSince1970: 784_111_777))
        let broken = TileFreshness(headers: ["expires": "0"], receivedAt: now)
        #expect(broken.expires == now, "an Expires that is not a date means already expired")
    }

    @Test func silenceMeansSevenDays() {
        #expect(TileFreshness(headers: [:], receivedAt: now).expires == now.addingTimeInterval(7 * 24 * 3600))
        #expect(TileFreshness(headers: ["cache-control": "max-age=oops"], receivedAt: now).expires
                == now.addingTimeInterval(7 * 24 * 3600))
    }

    @Test func noCacheRevalidatesAndNoStoreKeepsNothing() {
        let noCache = TileFreshness(headers: ["cache-control": "no-cache"], receivedAt: now)
        #expect(noCache.expires == now && noCache.mayStore)
        let noStore = TileFreshness(headers: ["cache-control": "No-Store"], receivedAt: now)
        #expect(!noStore.mayStore)
    }
}
