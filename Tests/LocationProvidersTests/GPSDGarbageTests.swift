import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer
@testable import LocationProviders

/// A gpsd that talks nonsense: seeded random bytes (NULs, broken UTF-8,
/// lines cut short, a line of a megabyte), then hangs up mid-line, again
/// and again. The client must keep its footing and take the one good fix.
@Suite struct GPSDGarbageTests {
    static func noise(seed: UInt64) -> [String] {
        var random = SeededGenerator(seed: seed)
        var lines: [String] = []
        for _ in 0..<200 {
            let length = Int.random(in: 0..<300, using: &random)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }.filter { $0 != 0x0A }
            lines.append(String(decoding: bytes, as: UTF8.self))
        }
        lines.append(String(repeating: "{\"class\":\"TPV\",", count: 70_000))  // about a megabyte, no end
        lines.append(#"{"class":"TPV","mode":3,"lat":1e400,"lon":-1e400}"#)
        lines.append(#"{"class":"TPV","mode":3,"lat":null,"lon":[]}"#)
        return lines
    }

    @Test func randomBytesAndHangUpsNeverBreakTheClient() {
        let good = #"{"class":"TPV","mode":3,"lat":-33.8688,"lon":151.2093,"eph":9}"#
        let server = LineServer(lines: GPSDGarbageTests.noise(seed: 42) + [good] + ["{\"class\":\"TPV\",\"mo"],
                                closes: true)
        defer { server.close() }
        let provider = GPSDProvider(host: "127.0.0.1", port: server.port, initialBackoff: 0.01, maximumBackoff: 0.05)
        let feed = LocationFeed()
        provider.start(reporting: feed)
        let reports = feed.collect(timeout: 10) { reports in
            reports.filter { if case .fix = $0 { return true } else { return false } }.count >= 2
        }
        provider.stop()
        let fixes = reports.compactMap { report -> LocationFix? in
            if case .fix(let fix) = report { return fix } else { return nil }
        }
        #expect(fixes.count >= 2, "the good line is read on every reconnection")
        #expect(fixes.allSatisfy { $0 == LocationFix(coordinate: Coordinate(latitude: -33.8688, longitude: 151.2093),
                                                     accuracy: 9) })
    }
}
