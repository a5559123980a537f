import Testing
@testable import MapEngine
@testable import MapKitLayer

/// The notice that street detail cannot be had: once per trip past the
/// world's depth, only while the detail's source is away.
@Suite struct DetailNoticeTests {
    @Test func saidOncePastTheDepthWhileTheSourceIsAwayAndAgainAfterGoingBackUp() {
        var notice = DetailNotice(source: "streets", fromZoom: 10)
        #expect(notice.message(zoom: 9.9, reachable: false) == nil, "the world has detail here")
        #expect(notice.message(zoom: 10, reachable: false) == DetailNotice.text)
        #expect(notice.message(zoom: 12, reachable: false) == nil, "said once")
        #expect(notice.message(zoom: 9.7, reachable: false) == nil)
        #expect(notice.message(zoom: 10.2, reachable: false) == nil, "a hesitating pinch does not repeat it")
        #expect(notice.message(zoom: 9, reachable: false) == nil)
        #expect(notice.message(zoom: 11, reachable: false) == DetailNotice.text, "a new trip down")
        var online = DetailNotice(source: "streets", fromZoom: 10)
        #expect(online.message(zoom: 14, reachable: true) == nil)
        #expect(online.message(zoom: 14, reachable: false) == DetailNotice.text, "the connection went away")
    }

    @Test func withAreasDownloadedItSaysWhetherOneCoversTheViewAndAgainWhenThatChanges() {
        var notice = DetailNotice(source: "streets", fromZoom: 10)
        #expect(notice.message(zoom: 12, availability: .away(.covered)) == DetailNotice.covered)
        #expect(notice.message(zoom: 13, availability: .away(.covered)) == nil, "said once")
        #expect(notice.message(zoom: 13, availability: .away(.elsewhere)) == DetailNotice.elsewhere, "panned out of the area")
        #expect(notice.message(zoom: 13, availability: .away(.elsewhere)) == nil)
        #expect(notice.message(zoom: 13, availability: .away(.covered)) == DetailNotice.covered, "back in it")
        #expect(notice.message(zoom: 13, availability: .reachable) == nil, "online: nothing to say")
        #expect(notice.message(zoom: 9, availability: .away(.covered)) == nil, "the world has detail here")
        #expect(notice.message(zoom: 11, availability: .away(.noAreas)) == DetailNotice.text)
    }
}
