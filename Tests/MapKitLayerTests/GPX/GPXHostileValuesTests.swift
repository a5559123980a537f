import Testing
@testable import MapEngine
@testable import MapKitLayer

/// GPX values a device or a hand can break: cut files, coordinates that
/// are not plain decimals, times past year 9999 or garbled, elevations of
/// no real place. Each is refused with its place, never read in silence;
/// an empty value stays "no reading", as devices write them.
@Suite struct GPXHostileValuesTests {
    static func refusal(_ text: String) -> String? {
        do {
            _ = try GPXDocument.parse(Array(text.utf8), file: "h.gpx")
            return nil
        } catch {
            return "\(error)"
        }
    }

    static func point(_ inner: String) -> String {
        "<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"1\" lon=\"2\">\(inner)</trkpt></trkseg></trk></gpx>"
    }

    @Test(arguments: [
        ("<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"/><wpt lat=\"3\" lon=\"4\" /", "the file ends inside <"),
        ("<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"1\" lon=\"2\">", "the file ends inside <trkpt> (it is cut short)"),
        ("<gpx version=\"1.1\"><wpt lat=\"0x10\" lon=\"2\"/></gpx>", "<wpt> 1: lat \"0x10\" is not a decimal number"),
        ("<gpx version=\"1.1\"><wpt lat=\" 1 \" lon=\"2\"/></gpx>", "<wpt> 1: lat \" 1 \" is not a decimal number"),
        ("<gpx version=\"1.1\"><wpt lat=\"1e1\" lon=\"2\"/></gpx>", "lat \"1e1\" is not a decimal number"),
        ("<gpx version=\"1.1\"><wpt lat=\"1.2.3\" lon=\"2\"/></gpx>", "lat \"1.2.3\" is not a decimal number"),
        (point("<time>99999-01-01T00:00:00Z</time>"), "<time> \"99999-01-01T00:00:00Z\" is not a date and time GPX can hold"),
        (point("<time>yesterday</time>"), "<time> \"yesterday\" is not a date and time"),
        (point("<ele>1e12</ele>"), "<ele> \"1e12\" is not an elevation"),
        (point("<ele>-1000000000000</ele>"), "<ele> \"-1000000000000\" is not an elevation"),
        (point("<ele>1e308</ele>"), "<ele> \"1e308\" is not an elevation"),
        (point("<ele>NaN</ele>"), "<ele> \"NaN\" is not an elevation"),
    ])
    func brokenValuesAreRefusedWithTheirPlace(_ text: String, _ words: String) {
        let refusal = Self.refusal(text)
        #expect(refusal?.hasPrefix("h.gpx:1:") == true, "\(String(describing: refusal))")
        #expect(refusal?.contains(words) == true, "\(String(describing: refusal))")
    }

    @Test func plainValuesAndEmptyReadingsAreRead() throws {
        let gpx = try GPXDocument.parse(Array(Self.point("<ele>-412.5</ele><time>2024-05-01T10:00:00.5+02:00</time>").utf8), file: "h.gpx")
        #expect(gpx.tracks[0].segments[0][0].elevation == -412.5)
        let empty = try GPXDocument.parse(Array(Self.point("<ele> </ele><time></time>").utf8), file: "h.gpx")
        #expect(empty.tracks[0].segments[0][0].elevation == nil && empty.tracks[0].segments[0][0].time == nil)
        _ = try GPXDocument.parse(Array("<gpx version=\"1.1\"><wpt lat=\"-1.5\" lon=\"+2\"/></gpx>".utf8), file: "h.gpx")
    }

    @Test func figuresThatAreNotNumbersReadAsADash() {
        #expect(TrackFigures.distance(.infinity) == "–" && TrackFigures.duration(.nan) == "–" && TrackFigures.number(-.infinity) == "–")
        #expect(TrackFigures.whole(1e300) == "–" && TrackFigures.whole(12.4) == "12")
    }
}
