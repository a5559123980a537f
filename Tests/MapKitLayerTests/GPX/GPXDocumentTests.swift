import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer

@Suite struct GPXDocumentTests {
    static let garmin = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="Garmin Connect" xmlns="http://www.topografix.com/GPX/1/1"
             xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
          <metadata><name>Morning ride</name></metadata>
          <wpt lat="47.3769" lon="8.5417"><ele>408</ele><name>Zurich &amp; lake</name><desc><![CDATA[Start <here>]]></desc><sym>Flag, Blue</sym></wpt>
          <wpt lon='8.7241' lat='47.4988'><name>Winterthur</name><cmt>Coffee</cmt></wpt>
          <rte><name>Plan</name><rtept lat="47.0" lon="8.0"/><rtept lat="47.1" lon="8.1"><ele>500</ele></rtept></rte>
          <trk>
            <name>Ride</name><desc>Along the lake</desc>
            <trkseg>
              <trkpt lat="47.0" lon="8.0"><ele>400.5</ele><time>2024-05-01T10:00:00Z</time>
                <extensions><gpxtpx:TrackPointExtension><gpxtpx:atemp>18.5</gpxtpx:atemp><gpxtpx:hr>120</gpxtpx:hr><gpxtpx:cad>85</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions>
              </trkpt>
              <trkpt lat="47.001" lon="8.0"><ele>401</ele><time>2024-05-01T12:00:10.5+02:00</time></trkpt>
            </trkseg>
            <trkseg><trkpt lat="47.5" lon="8.5"/></trkseg>
          </trk>
        </gpx>
        """

    static func parse(_ text: String, file: String = "ride.gpx") throws(PinFileError) -> GPXDocument {
        try GPXDocument.parse(Array(text.utf8), file: file)
    }

    @Test func readsWaypointsRoutesAndTracksOfGPX11() throws {
        let gpx = try Self.parse(Self.garmin)
        #expect(gpx.version == "1.1")
        #expect(gpx.name == "Morning ride")
        #expect(gpx.waypoints.map(\.name) == ["Zurich & lake", "Winterthur"])
        #expect(gpx.waypoints[0].description == "Start <here>")
        #expect(gpx.waypoints[1].description == "Coffee", "cmt stands in for a missing desc")
        #expect(gpx.waypoints[0].symbol == "Flag, Blue")
        #expect(gpx.waypoints[0].point.elevation == 408)
        #expect(gpx.waypoints[1].point.coordinate == Coordinate(latitude: 47.4988, longitude: 8.7241))
        #expect(gpx.routes.count == 1)
        #expect(gpx.routes[0].name == "Plan")
        #expect(gpx.routes[0].points.map(\.elevation) == [nil, 500])
        #expect(gpx.tracks.count == 1)
        let track = gpx.tracks[0]
        #expect(track.name == "Ride" && track.description == "Along the lake")
        #expect(track.segments.map(\.count) == [2, 1], "segments stay apart")
        let first = track.segments[0][0]
        #expect(first.elevation == 400.5)
        #expect(first.heartRate == 120 && first.cadence == 85 && first.temperature == 18.5)
        #expect(first.time == 1_714_557_600)
        #expect(track.segments[0][1].time == 1_714_557_610.5, "a zone offset is taken off")
        #expect(track.segments[1][0].elevation == nil && track.segments[1][0].time == nil)
    }

    @Test func readsExtensionsUnderAnyPrefix() throws {
        let text = """
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"
                 xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><trk><trkseg>
            <trkpt lat="1" lon="2"><extensions><ns3:TrackPointExtension><ns3:hr>151</ns3:hr><ns3:cad>90</ns3:cad></ns3:TrackPointExtension></extensions></trkpt>
            <trkpt lat="1" lon="2.1"><extensions><TrackPointExtension xmlns="http://www.garmin.com/xmlschemas/TrackPointExtension/v2"><hr>152</hr></TrackPointExtension></extensions></trkpt>
            </trkseg></trk></gpx>
            """
        let points = try Self.parse(text).tracks[0].segments[0]
        #expect(points.map(\.heartRate) == [151, 152])
        #expect(points[0].cadence == 90)
    }

    @Test func readsGPX10() throws {
        let text = """
            <?xml version="1.0"?>
            <gpx version="1.0" creator="old" xmlns="http://www.topografix.com/GPX/1/0">
            <name>Old walk</name><time>2004-01-01T00:00:00Z</time>
            <wpt lat="10" lon="20"><name>Hut</name><sym>Lodging</sym></wpt>
            <trk><name>Walk</name><trkseg><trkpt lat="10" lon="20"><ele>5</ele><time>2004-01-01T00:00:00Z</time><speed>1.2</speed></trkpt></trkseg></trk>
            </gpx>
            """
        let gpx = try Self.parse(text)
        #expect(gpx.version == "1.0")
        #expect(gpx.name == "Old walk")
        #expect(gpx.waypoints.map(\.symbol) == ["Lodging"])
        #expect(gpx.tracks[0].segments[0][0].elevation == 5)
        #expect(gpx.tracks[0].segments[0][0].time == 1_072_915_200)
    }

    @Test func knowsWhereEachWaypointsCoordinatesAre() throws {
        let gpx = try Self.parse(Self.garmin)
        let bytes = Array(Self.garmin.utf8)
        #expect(gpx.waypointsAreEditable)
        #expect(String(decoding: bytes[gpx.waypoints[0].latitudeRange], as: UTF8.self) == "47.3769")
        #expect(String(decoding: bytes[gpx.waypoints[0].longitudeRange], as: UTF8.self) == "8.5417")
        #expect(String(decoding: bytes[gpx.waypoints[1].latitudeRange], as: UTF8.self) == "47.4988")
        let element = String(decoding: bytes[gpx.waypoints[1].element], as: UTF8.self)
        #expect(element.hasPrefix("<wpt lon='8.7241'") && element.hasSuffix("</wpt>"))
    }

    @Test func aNewWaypointGoesAfterTheLastOrBeforeTheFirstRouteOrTrack() throws {
        let withWaypoints = try Self.parse(Self.garmin).layout
        let bytes = Array(Self.garmin.utf8)
        #expect(withWaypoints.insertion == (try Self.parse(Self.garmin)).waypoints[1].element.upperBound)
        #expect(withWaypoints.inserted(Array("<wpt/>".utf8)) == Array("\n  <wpt/>".utf8))
        let trackOnly = "<gpx>\n  <trk><trkseg/></trk>\n</gpx>"
        let layout = try Self.parse(trackOnly).layout
        #expect(layout.insertion == 8, "where <trk> starts")
        #expect(layout.inserted(Array("<wpt/>".utf8)) == Array("<wpt/>\n  ".utf8))
        let empty = "<gpx>\n<metadata/>\n</gpx>"
        let emptyLayout = try Self.parse(empty).layout
        #expect(emptyLayout.insertion == empty.utf8.count - 6)
        #expect(bytes.count > 0)
    }

    @Test func refusesPointsWithBadCoordinatesNamingThePlace() {
        #expect(throws: PinFileError.xml(file: "bad.gpx", line: 2, column: 24, reason: "<trkpt> 2: lat 95 is outside -90 to 90")) {
            _ = try Self.parse("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"1\"/>\n<trkpt lat=\"95\" lon=\"1\"/></trkseg></trk></gpx>",
                               file: "bad.gpx")
        }
        #expect(throws: PinFileError.self) { _ = try Self.parse("<gpx><wpt lat=\"nan\" lon=\"1\"/></gpx>") }
        #expect(throws: PinFileError.self) { _ = try Self.parse("<gpx><wpt lon=\"1\"/></gpx>") }
    }

    @Test func hostileXMLGetsOneLineWithThePlace() {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [
             <!ENTITY lol "lol">
             <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
            ]>
            <gpx><name>&lol1;</name></gpx>
            """
        let cases: [(String, String)] = [
            (laughs, "laughs.gpx:3:2: entity declarations are not read (no DTD entities in GPX)"),
            ("<!DOCTYPE gpx [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><gpx><name>&x;</name></gpx>",
             "laughs.gpx:1:16: entity declarations are not read (no DTD entities in GPX)"),
            ("<gpx>\n<trk><name>a</nam></trk></gpx>", "laughs.gpx:2:31: an end tag that does not match its start tag"),
            ("<gpx>&nope;</gpx>", "laughs.gpx:1:18: a reference to an entity that is not declared"),
            ("", "laughs.gpx:1:1: the file is empty"),
            (" \n ", "laughs.gpx:1:1: the file is empty"),
            ("<kml></kml>", "laughs.gpx:1:5: the root element is <kml>, not <gpx>"),
            (String(repeating: "<a>", count: 100_000), "laughs.gpx:1:3: the root element is <a>, not <gpx>"),
            ("<gpx>" + String(repeating: "<a>", count: 100_000), "laughs.gpx:1:197: elements nest deeper than 64 levels"),
        ]
        for (text, message) in cases {
            do throws(PinFileError) {
                _ = try Self.parse(text, file: "laughs.gpx")
                Issue.record("read \(text.prefix(40))")
            } catch {
                #expect(error.description == message)
                #expect(!error.description.contains("\n"))
            }
        }
    }

    @Test func bytesThatAreNotUTF8AreRefusedUnlessTheFileSaysItsEncoding() throws {
        // A name with a 0xFF byte made Foundation's parser trap: refused with its place instead.
        var bytes = Array("<gpx>\n<wpt lat=\"1\" lon=\"2\"><nam".utf8) + [0xFF] + Array("e>x</name></wpt></gpx>".utf8)
        #expect(throws: PinFileError.xml(file: "bad.gpx", line: 2, column: 26, reason: "bytes that are not UTF-8")) {
            _ = try GPXDocument.parse(bytes, file: "bad.gpx")
        }
        // Latin-1, said so: read and converted.
        bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><gpx><wpt lat=\"1\" lon=\"2\"><name>Z".utf8) + [0xFC]
            + Array("rich</name></wpt></gpx>".utf8)
        #expect(try GPXDocument.parse(bytes, file: "latin.gpx").waypoints.first?.name == "Zürich")
    }
}
