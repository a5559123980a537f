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
        #expect(outcome.status == 2, "the file's fault, as with --pins")
        #expect(outcome.stderr == "pinmap: \(laughs.path):2:16: entity declarations are not read (no DTD entities in GPX)\n")
        // Elevations of no real place were summed into climbs of 1e308 m, which trapped converting to Int.
        let heights = try write("""
            <gpx version="1.1"><trk><trkseg><trkpt lat="1" lon="2"><ele>1e308</ele></trkpt>
            <trkpt lat="1.1" lon="2"><ele>-1e308</ele></trkpt></trkseg></trk></gpx>
            """, named: "heights.gpx", in: folder)
        for arguments in [["gpx", heights.path], ["gpx", heights.path, "--json"], ["--headless", "--pins", heights.path]] {
            let refused = try cli.pinmap(arguments)
            #expect(refused.status == 2, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.contains("\(heights.path):1:72: <ele> \"1e308\" is not an elevation"), "\(refused.stderr)")
        }
        // A file past the size limit is refused before it is read.
        let big = folder.appendingPathComponent("big.gpx")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let huge = try cli.pinmap(["gpx", big.path])
        #expect(huge.status != 0)
        #expect(huge.stderr.hasPrefix("pinmap: \(big.path): cannot be read:"), "\(huge.stderr)")
        #expect(huge.stderr.filter { $0 == "\n" }.count == 1)
    }

    func dump(_ arguments: [String], in folder: URL) throws -> (PinmapCLITests.Outcome, [String: Any]) {
        let json = folder.appendingPathComponent("dump-\(UUID().uuidString).json")
        let outcome = try cli.pinmap(["--headless", "--size", "400x300", "--dump-scene", json.path] + arguments)
        let data = try? Data(contentsOf: json)
        return (outcome, data.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } ?? [:])
    }

    @Test func aGPXAndAGeoJSONTogetherShowTheirPinsAndLinesAndTheViewFitsThem() throws {
        let folder = try cli.temporaryFolder()
        let ride = try write(Self.ride, named: "ride.gpx", in: folder)
        let pins = try write("""
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": "north", "geometry": {"type": "Point", "coordinates": [0.001, 0.004]},
               "properties": {"title": "North"}}]}
            """, named: "pins.geojson", in: folder)
        let (outcome, scene) = try dump(["--pins", ride.path, "--pins", pins.path], in: folder)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        // The waypoint is known by its place among the file's waypoints, as a feature by its index.
        let ids = (scene["annotations"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
        #expect(Set(ids) == ["0", "north"], "\(ids)")
        let overlays = scene["overlays"] as? [[String: Any]] ?? []
        #expect(overlays.compactMap { $0["id"] as? String } == ["Ride"])
        // Fitted: the centre is in the middle of the data, zoomed in to street level.
        let camera = scene["camera"] as? [String: Any] ?? [:]
        let center = camera["center"] as? [Double] ?? []
        // (The dump gives three decimals.) The data sits a little below the middle, to leave the north pin's head
        // room under the top edge, and the zoom is as close as that allows, never past 16.
        #expect(center.count == 2 && center[0] >= 0.002 && center[0] <= 0.003 && abs(center[1] - 0.0015) < 0.001, "\(camera)")
        let zoom = camera["zoom"] as? Double ?? 0
        #expect(zoom > 15.5 && zoom <= 16, "a street's worth of data is shown at street zooms, no closer than 16: \(zoom)")
        // With --center the view stays where it is told.
        let (_, told) = try dump(["--pins", ride.path, "--center", "10,10", "--zoom", "3"], in: folder)
        #expect((told["camera"] as? [String: Any])?["zoom"] as? Double == 3)
    }

    @Test func colorByPaintsTheTrackAndDrawsALegendAndRefusesUnknownValues() throws {
        let folder = try cli.temporaryFolder()
        let ride = try write(Self.ride, named: "ride.gpx", in: folder)
        let (outcome, scene) = try dump(["--pins", ride.path, "--color-by", "elevation"], in: folder)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let texts = (scene["commands"] as? [[String: Any]])?.compactMap { $0["text"] as? String } ?? []
        #expect(texts.contains("Elevation (m)") && texts.contains("100") && texts.contains("120"), "\(texts)")
        let bad = try cli.pinmap(["--headless", "--size", "400x300", "--pins", ride.path, "--color-by", "colour",
                                  "--screenshot", folder.appendingPathComponent("x.png").path])
        #expect(bad.status != 0)
        #expect(bad.stderr == "pinmap: --color-by: \"colour\" is not elevation, speed or heart-rate\n")
        let noHeart = try cli.pinmap(["--headless", "--size", "400x300", "--pins", ride.path, "--color-by", "heart-rate",
                                      "--screenshot", folder.appendingPathComponent("y.png").path])
        #expect(noHeart.status == 0)
        let (_, plain) = try dump(["--pins", ride.path, "--color-by", "speed"], in: folder)
        let speedTexts = (plain["commands"] as? [[String: Any]])?.compactMap { $0["text"] as? String } ?? []
        #expect(speedTexts.contains("Speed (km/h)"))
    }

    @Test func aDraggedWaypointIsSavedIntoTheGPXChangingOnlyItsLatAndLon() throws {
        let folder = try cli.temporaryFolder()
        let ride = try write(Self.ride, named: "ride.gpx", in: folder)
        // The cafe's pin is at the centre of the view; its head is 74 px above its tip... press it and carry it right.
        let script = folder.appendingPathComponent("drag.json")
        try Data("""
            {"events":[{"at":0.0,"type":"mouse-down","x":200,"y":126,"button":"left"},
            {"at":0.05,"type":"mouse-move","x":206,"y":126},
            {"at":0.5,"type":"mouse-move","x":280,"y":126},
            {"at":0.6,"type":"mouse-up","x":280,"y":126,"button":"left"}]}
            """.utf8).write(to: script)
        let outcome = try cli.pinmap(["--headless", "--size", "400x300", "--center", "0.0005,0.0015", "--zoom", "16",
                                      "--pins", ride.path, "--script", script.path])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let saved = try String(contentsOf: ride, encoding: .utf8)
        #expect(try String(contentsOf: folder.appendingPathComponent("ride.gpx.bak"), encoding: .utf8) == Self.ride)
        // Everything but the waypoint's lat and lon is as it was.
        let pattern = #"<wpt lat="[^"]*" lon="[^"]*">"#
        let original = Self.ride.replacingOccurrences(of: pattern, with: "<wpt>", options: .regularExpression)
        #expect(saved.replacingOccurrences(of: pattern, with: "<wpt>", options: .regularExpression) == original)
        #expect(saved != Self.ride, "the waypoint moved")
        let lon = saved.firstMatch(of: /<wpt lat="([^"]*)" lon="([^"]*)">/).flatMap { Double($0.2) } ?? 0
        // 80 px east at zoom 16: 80 / (256 · 2^16) of 360°.
        #expect(abs(lon - (0.0015 + 80 / (256 * 65536) * 360)) < 360 / (256 * 65536), "\(lon)")
    }
}
