import Foundation
@testable import MapEngine
@testable import MapKitLayer
@testable import LocationProviders
import Testing

@Suite(.serialized) struct GPSDProviderTests {
    static func fixes(_ reports: [LocationReport]) -> [LocationFix] {
        reports.compactMap { if case .fix(let fix) = $0 { return fix } else { return nil } }
    }

    /// The walk in the log: 37.8590° N to 37.8601° N along 122.4852° W.
    static func isOnTheWalk(_ fix: LocationFix) -> Bool {
        (37.8589...37.8602).contains(fix.coordinate.latitude) && abs(fix.coordinate.longitude + 122.4852) < 1e-6
    }

    @Test func readsFixesFromARealGpsd() throws {
        let gpsd = try GPSFake(port: freePort())
        defer { gpsd.stop() }
        // gpsfake can take seconds to start its gpsd on a busy machine: the provider keeps asking every
        // half second meanwhile (not after a wait grown past the test's), and the test waits up to a minute.
        let provider = GPSDProvider(host: "127.0.0.1", port: gpsd.port, initialBackoff: 0.1, maximumBackoff: 0.5)
        let feed = LocationFeed()
        provider.start(reporting: feed)
        defer { provider.stop() }
        let reports = feed.collect(timeout: 60) { GPSDProviderTests.fixes($0).count >= 3 }
        let fixes = GPSDProviderTests.fixes(reports)
        #expect(fixes.count >= 3, "\(reports)")
        #expect(fixes.allSatisfy(GPSDProviderTests.isOnTheWalk), "\(fixes)")
        // gpsd's horizontal error estimate (eph, for 3-D fixes) comes through, in metres.
        let accuracies = fixes.compactMap(\.accuracy)
        #expect(!accuracies.isEmpty && accuracies.allSatisfy { $0 > 1 && $0 < 100 }, "\(fixes)")
    }

    @Test func reconnectsWhenGpsdComesBack() throws {
        let port = freePort()
        let provider = GPSDProvider(host: "127.0.0.1", port: port, initialBackoff: 0.1, maximumBackoff: 0.4)
        let feed = LocationFeed()
        provider.start(reporting: feed)
        defer { provider.stop() }
        // Nobody there yet: it says so and keeps trying.
        let early = feed.collect(timeout: 5) { $0.count >= 2 }
        #expect(early.first.map { if case .unavailable(let text) = $0 { text } else { "" } }?
            .hasPrefix("gpsd at 127.0.0.1:\(port): connection refused; trying again in 0.1 s") == true, "\(early)")
        var gpsd = try GPSFake(port: port)
        #expect(GPSDProviderTests.fixes(feed.collect(timeout: 60) { !GPSDProviderTests.fixes($0).isEmpty }).count > 0)
        // gpsd goes away…
        gpsd.stop()
        let gone = feed.collect(timeout: 10) { $0.contains { if case .unavailable = $0 { true } else { false } } }
        #expect(gone.contains { if case .unavailable = $0 { true } else { false } }, "\(gone)")
        // …and comes back on the same port: fixes flow again without help
        // from us. (A gpsd started while the old one's port is still being
        // let go can fail to listen; the server is started again then, the
        // client never is.)
        var again: [LocationReport] = []
        for _ in 0..<3 where GPSDProviderTests.fixes(again).isEmpty {
            gpsd.stop()
            gpsd = try GPSFake(port: port)
            again = feed.collect(timeout: 10) { !GPSDProviderTests.fixes($0).isEmpty }
        }
        defer { gpsd.stop() }
        #expect(GPSDProviderTests.fixes(again).allSatisfy(GPSDProviderTests.isOnTheWalk))
        #expect(!GPSDProviderTests.fixes(again).isEmpty, "\(again)")
    }

    @Test func skipsLinesItDoesNotUnderstand() {
        let server = LineServer(lines: [
            "garbage \u{7}\u{1}",
            #"{"class":"VERSION","release":"3.22"}"#,
            #"{"class":"TPV","mode":1}"#,
            #"{"class":"TPV","mode":3,"lat":"north","lon":2}"#,
            "{\"class\":\"TPV\",\"mode\":3,\"lat\":48.8566,",  // cut short
            #"{"class":"TPV","mode":2,"lat":95,"lon":2}"#,
            #"{"class":"TPV","mode":3,"lat":48.8566,"lon":2.3522,"epx":12.5,"epy":20}"#,
        ])
        defer { server.close() }
        let provider = GPSDProvider(host: "127.0.0.1", port: server.port)
        let feed = LocationFeed()
        provider.start(reporting: feed)
        let reports = feed.collect(timeout: 10) { !GPSDProviderTests.fixes($0).isEmpty }
        provider.stop()
        #expect(reports == [.noFix, .noFix, .noFix, .fix(LocationFix(
            coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522), accuracy: 20))])
        #expect(server.request == "?WATCH={\"enable\":true,\"json\":true}\n")
    }

    @Test func postsNothingAfterStop() {
        let server = LineServer(lines: [#"{"class":"TPV","mode":3,"lat":1,"lon":2}"#], closes: true)
        defer { server.close() }
        let provider = GPSDProvider(host: "127.0.0.1", port: server.port, initialBackoff: 0.01, maximumBackoff: 0.01)
        let feed = LocationFeed()
        provider.start(reporting: feed)
        #expect(feed.waitForFix(timeout: 10))
        provider.stop()
        _ = feed.take()
        Thread.sleep(forTimeInterval: 0.2)  // it would have reconnected many times by now
        #expect(feed.take().isEmpty)
    }

    @Test func anUnknownHostIsReported() {
        let provider = GPSDProvider(host: "no-such-host.invalid", port: 2947, initialBackoff: 5)
        let feed = LocationFeed()
        provider.start(reporting: feed)
        defer { provider.stop() }
        let reports = feed.collect(timeout: 10) { !$0.isEmpty }
        guard case .unavailable(let text)? = reports.first else {
            Issue.record("expected an unavailable report, got \(reports)")
            return
        }
        #expect(text.hasPrefix("gpsd at no-such-host.invalid:2947: cannot find host no-such-host.invalid ("))
        #expect(text.hasSuffix("; trying again in 5 s"))
    }
}

@Suite struct GPSDReportTests {
    @Test(arguments: [
        (#"{"class":"TPV","mode":3,"lat":-33.9,"lon":18.4,"eph":8.5}"#,
         GPSDReport.position(LocationFix(coordinate: Coordinate(latitude: -33.9, longitude: 18.4), accuracy: 8.5))),
        (#"{"class":"TPV","mode":2,"lat":0,"lon":0}"#,
         GPSDReport.position(LocationFix(coordinate: Coordinate(latitude: 0, longitude: 0)))),
        (#"{"class":"TPV","mode":0}"#, GPSDReport.noFix),
        (#"{"class":"TPV","lat":1,"lon":2}"#, GPSDReport.noFix),
        (#"{"class":"SKY","satellites":[]}"#, GPSDReport.ignored),
        ("", GPSDReport.ignored),
        ("[1,2,3]", GPSDReport.ignored),
    ])
    func readsOneLine(line: String, expected: GPSDReport) {
        #expect(GPSDReport(line: line) == expected)
    }
}
