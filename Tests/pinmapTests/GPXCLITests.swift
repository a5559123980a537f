import Foundation
import Testing

/// GPX as a user meets it: `pinmap gpx`, and GPX files given to `--pins`.
@Suite struct GPXCLITests {
    let cli = PinmapCLITests()

    /// Four points along the equator, a thousandth of a degree apart: 111.3195 m each.
    static let ride = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"
             xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
          <wpt lat="0.0005" lon="0.0015"><name>Cafe</name><desc>Good coffee</desc><sym>Flag, Green</sym></wpt>
          <trk><name>Ride</name><trkseg>
            <trkpt lat="0" lon="0"><ele>100</ele><time>2024-05-01T10:00:00Z</time><extensions><ns3:TrackPointExtension><ns3:hr>120</ns3:hr></ns3:TrackPointExtension></extensions></trkpt>
            <trkpt lat="0" lon="0.001"><ele>110</ele><time>2024-05-01T10:00:10Z</time></trkpt>
            <trkpt lat="0" lon="0.002"><ele>105</ele><time>2024-05-01T10:00:20Z</time></trkpt>
            <trkpt lat="0" lon="0.003"><ele>120</ele><time>2024-05-01T10:16:40Z</time></trkpt>
          </trkseg></trk>
        </gpx>
        """

    func write(_ text: String, named name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func gpxJSONGivesTheFiguresScriptsNeed() throws {
        let folder = try cli.temporaryFolder()
        let file = try write(Self.ride, named: "ride.gpx", in: folder)
        let outcome = try cli.pinmap(["gpx", file.path, "--json"])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(json["waypoints"] as? Int == 1)
        #expect(json["tracks"] as? Int == 1 && json["segments"] as? Int == 1 && json["track_points"] as? Int == 4)
        #expect(json["route_points"] as? Int == 0)
        #expect(abs((json["length_m"] as? Double ?? 0) - 333.958) < 0.01)
        #expect(json["climb_m"] as? Double == 20 && json["descent_m"] as? Double == 0)
        #expect(json["duration_s"] as? Double == 1000 && json["moving_s"] as? Double == 20)
        #expect(abs((json["max_speed_mps"] as? Double ?? 0) - 11.132) < 0.001)
        let bounds = try #require(json["bounds"] as? [String: Double])
        #expect(bounds == ["south": 0, "west": 0, "north": 0.0005, "east": 0.003])
        let text = try cli.pinmap(["gpx", file.path])
        #expect(text.stdout.contains("track \"Ride\": 334 m · 16:40 · moving 0:20 · ↑ 20 m ↓ 0 m"), "\(text.stdout)")
    }

    @Test func aHostileGPXGetsOneLineWithItsPlace() throws {
        let folder = try cli.temporaryFolder()
        let laughs = try write("""
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <gpx><name>&b;</name></gpx>
            """, named: "laughs.gpx", in: folder)
        let outcome = try cli.pinmap(["gpx", laughs.path])
        #expect(outcome.status != 0)
        #expect(outcome.stderr == "pinmap: \(laughs.path):2:16: entity declarations are not read (no DTD entities in GPX)\n")
        // A file past the size limit is refused before it is read.
        let big = folder.appendingPathComponent("big.gpx")
        FileManager.default.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let huge = try cli.pinmap(["gpx", big.path])
        #expect(huge.status != 0)
        #expect(huge.stderr.hasPrefix("pinmap: \(big.path): cannot be read:"), "\(huge.stderr)")
        #expect(huge.stderr.filter { $0 == "\n" }.count == 1)
    }
}
