import Foundation
import Testing
@testable import MapEngine

@Suite struct ServerBackoffTests {
    let tile = TileID(z: 3, x: 1, y: 2)
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func eachFailureDoublesTheWaitUpToFifteenMinutes() {
        var backoff = ServerBackoff()
        #expect(backoff.wait(for: tile, at: now) == nil)
        var waits: [Double] = []
        for _ in 0..<9 {
            backoff.failed(tile, at: now)
            waits.append(backoff.wait(for: tile, at: now) ?? 0)
        }
        #expect(waits == [15, 30, 60, 120, 240, 480, 900, 900, 900])
        #expect(backoff.wait(for: TileID(z: 3, x: 0, y: 0), at: now) == nil, "other tiles are asked for")
        backoff.succeeded(tile)
        #expect(backoff.wait(for: tile, at: now) == nil)
        backoff.failed(tile, at: now)
        #expect(backoff.wait(for: tile, at: now) == 15, "and it starts afresh")
    }

    @Test func retryAfterQuietsTheWholeServer() {
        var backoff = ServerBackoff()
        backoff.failed(tile, at: now, retryAfter: "120")
        #expect(backoff.wait(for: TileID(z: 0, x: 0, y: 0), at: now) == 120)
        #expect(backoff.wait(for: TileID(z: 0, x: 0, y: 0), at: now.addingTimeInterval(121)) == nil)
    }

    @Test(arguments: [("120", 120.0), ("0", nil), (" 5 ", 5), ("999999", 3600), ("-3", nil), ("soon", nil), ("1e3", nil),
                      ("Tue, 14 Nov 2023 22:15:20 GMT", 120), ("Tue, 14 Nov 2023 22:00:00 GMT", nil)])
    func retryAfterIsSecondsOrADate(text: String, wait: Double?) {
        var backoff = ServerBackoff()
        backoff.failed(tile, at: now, retryAfter: text)
        let other = TileID(z: 0, x: 0, y: 0)
        #expect(backoff.wait(for: other, at: now).map { $0.rounded() } == wait, "\(text)")
    }
}
