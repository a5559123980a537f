import Foundation
import Testing

/// Place names and the user's location, as a user runs pinmap.
@Suite struct PlacemarkCLITests {
    let cli = PinmapCLITests()

    @Test(arguments: [
        (["37.81", "-122.478"], "5.5 km S of Sausalito, California, US"),
        (["-33.9249", "18.4241"], "Cape Town, Western Cape, ZA"),
        (["--", "-1.2921", "36.8219"], "Nairobi, Nairobi Area, KE"),
        (["0", "-160"], "357 km SW of London Village, Line Islands, KI"),
    ])
    func geocodePrintsTheSubtitle(arguments: [String], expected: String) throws {
        let outcome = try cli.pinmap(["geocode"] + arguments)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == expected + "\n")
    }

    @Test(arguments: [
        (["abc", "3"], "pinmap: geocode: latitude \"abc\" is not a number\n"),
        (["10", "east"], "pinmap: geocode: longitude \"east\" is not a number\n"),
        (["95", "3"], "pinmap: geocode: latitude 95 is outside -90...90\n"),
        (["5", "-181"], "pinmap: geocode: longitude -181 is outside -180...180\n"),
        (["1"], "pinmap: geocode: expected a latitude and a longitude, e.g. pinmap geocode 37.81 -122.478 (got 1 value)\n"),
        (["nan", "1"], "pinmap: geocode: latitude \"nan\" is not a number\n"),
    ])
    func geocodeRejectsBadNumbersWithCode2(arguments: [String], message: String) throws {
        let outcome = try cli.pinmap(["geocode"] + arguments)
        #expect(outcome.status == 2)
        #expect(outcome.stderr == message)
        #expect(outcome.stdout.isEmpty)
    }

    func dump(_ url: URL) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    func texts(_ dump: [String: Any]) -> [String] {
        (dump["commands"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    @Test func keyLDropsANamedPinAtTheLocation() throws {
        let folder = try cli.temporaryFolder()
        let script = folder.appendingPathComponent("s.json")
        // L at 0.1 s, then (the pin landed and the map centred on it) a click on its head.
        try Data(("""
            {"events":[{"at":0.1,"type":"key","key":"l"},
              {"at":1,"type":"dump-scene","path":"\(folder.path)/dropped.json"},
              {"at":1.1,"type":"mouse-down","x":200,"y":130,"button":"left"},
              {"at":1.15,"type":"mouse-up","x":200,"y":130,"button":"left"},
              {"at":2,"type":"dump-scene","path":"\(folder.path)/open.json"}]}
            """).utf8).write(to: script)
        let outcome = try cli.pinmap(["--headless", "--size", "400x300", "--center", "30,0", "--zoom", "5",
                                      "--location=-33.9249,18.4241", "--no-pins", "--script", script.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let dropped = try dump(folder.appendingPathComponent("dropped.json"))
        let annotations = dropped["annotations"] as? [[String: Any]] ?? []
        #expect(annotations.count == 1)
        #expect(annotations.first?["id"] as? String == "dropped-1")
        #expect(annotations.first?["coordinate"] as? [Double] == [-33.9249, 18.4241])
        let camera = try #require(dropped["camera"] as? [String: Any])
        let center = try #require(camera["center"] as? [Double])
        #expect(abs(center[0] + 33.9249) < 1e-3 && abs(center[1] - 18.4241) < 1e-3, "\(camera)")
        // The blue dot is drawn, under the pin.
        let roles = (dropped["commands"] as? [[String: Any]] ?? []).compactMap { $0["role"] as? String ?? $0["kind"] as? String }
        let dot = try #require(roles.firstIndex(of: "user-location"))
        #expect(dot < (roles.firstIndex(of: "annotation") ?? roles.firstIndex(of: "sprites") ?? 0) || !roles.contains("sprites"))
        // Its callout reads the place, looked up before the dump was written.
        let open = texts(try dump(folder.appendingPathComponent("open.json")))
        #expect(open.contains("Dropped Pin"), "\(open)")
        #expect(open.contains("Cape Town, Western Cape, ZA"), "\(open)")
    }

    @Test func dropAtLocationWithoutASourceIsAUsageError() throws {
        let outcome = try cli.pinmap(["--headless", "--drop-at-location", "--screenshot", "/tmp/never.png"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr == "pinmap: --drop-at-location needs --location LAT,LON, --gpsd or --location-source geoclue\n")
    }

    @Test(arguments: [
        (["--gpsd", "host:0"], "pinmap: --gpsd: \"host:0\" does not end in a port from 1 to 65535\n"),
        (["--gpsd", ":2947"], "pinmap: --gpsd: \":2947\" names no host\n"),
        (["--location", "95,3"], "pinmap: --location: "),
        (["--location", "1,2", "--gpsd"], "pinmap: --location and --gpsd contradict each other: give one\n"),
        (["--location-source", "geoclue", "--gpsd"], "pinmap: --location-source and --gpsd contradict each other: give one\n"),
        (["--location-source", "geoclue", "--location", "1,2"],
         "pinmap: --location-source and --location contradict each other: give one\n"),
        (["--location-source", "satellite"], "pinmap: The value 'satellite' is invalid for '--location-source <location-source>'"),
        (["--save-place-names"], "pinmap: --save-place-names needs --pins FILE to save to\n"),
    ])
    func badLocationFlagsSayWhatIsWrong(arguments: [String], message: String) throws {
        let outcome = try cli.pinmap(["--headless", "--screenshot", "/tmp/never.png"] + arguments)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix(message), "\(outcome.stderr)")
    }

    @Test func savePlaceNamesWritesOnlyMissingSubtitles() throws {
        let folder = try cli.temporaryFolder()
        let pins = folder.appendingPathComponent("pins.geojson")
        let text = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": "a", "geometry": {"type": "Point", "coordinates": [18.4241, -33.9249]},
               "properties": {"title": "A", "placemark": true}},
              {"type": "Feature", "id": "b", "geometry": {"type": "Point", "coordinates": [36.8219, -1.2921]},
               "properties": {"title": "B", "subtitle": "mine", "placemark": true}}]}

            """
        try Data(text.utf8).write(to: pins)
        let shot = folder.appendingPathComponent("s.png").path
        // Without the flag the file is left alone.
        #expect(try cli.pinmap(["--headless", "--pins", pins.path, "--screenshot", shot]).status == 0)
        #expect(try String(contentsOf: pins, encoding: .utf8) == text)
        let outcome = try cli.pinmap(["--headless", "--pins", pins.path, "--save-place-names", "--screenshot", shot])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let saved = try String(contentsOf: pins, encoding: .utf8)
        #expect(saved == text.replacingOccurrences(
            of: #""properties": {"title": "A""#,
            with: #""properties": {"subtitle": "Cape Town, Western Cape, ZA", "title": "A""#))
    }

    @Test func dropAtLocationFromARealGpsd() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gpsfake") else {
            Issue.record("gpsfake is missing: run `make test`, or apt-get install gpsd gpsd-clients")
            return
        }
        let port = 29_400 + Int.random(in: 0..<500)
        let gpsfake = Process()
        gpsfake.executableURL = URL(fileURLWithPath: "/usr/bin/gpsfake")
        let log = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../LocationProvidersTests/Fixtures/sausalito.nmea").standardized
        gpsfake.arguments = ["-q", "-c", "0.05", "-P", String(port), log.path]
        gpsfake.standardOutput = FileHandle.nullDevice
        gpsfake.standardError = FileHandle.nullDevice
        try gpsfake.run()
        // gpsfake leads its own process group, with its gpsd.
        defer { kill(-gpsfake.processIdentifier, SIGKILL); gpsfake.waitUntilExit() }
        let folder = try cli.temporaryFolder()
        let dumpURL = folder.appendingPathComponent("d.json")
        let outcome = try cli.pinmap(["--headless", "--size", "400x300", "--no-pins", "--zoom", "12",
                                      "--gpsd", "127.0.0.1:\(port)", "--drop-at-location",
                                      "--dump-scene", dumpURL.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let annotations = try dump(dumpURL)["annotations"] as? [[String: Any]] ?? []
        let coordinate = try #require(annotations.first?["coordinate"] as? [Double])
        #expect((37.8589...37.8602).contains(coordinate[0]) && abs(coordinate[1] + 122.4852) < 1e-6, "\(coordinate)")
    }
}

/// Pins dropped with L land in the user's pins file.
@Suite struct DroppedPinSaveCLITests {
    let cli = PinmapCLITests()

    @Test func droppedPinsAreAddedToThePinsFileAndNumberedOn() throws {
        let folder = try cli.temporaryFolder()
        let pins = folder.appendingPathComponent("pins.geojson")
        let original = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": "home", "geometry": {"type": "Point", "coordinates": [2.35, 48.85]}, "properties": {"title": "Home"}}
            ]}

            """
        try Data(original.utf8).write(to: pins)
        let script = folder.appendingPathComponent("l.json")
        try Data(#"{"events":[{"at":0.1,"type":"key","key":"l"},{"at":1,"type":"quit"}]}"#.utf8).write(to: script)
        func drop(at location: String) throws {
            let outcome = try cli.pinmap(["--headless", "--size", "300x200", "--pins", pins.path,
                                          "--location=\(location)", "--script", script.path])
            #expect(outcome.status == 0, "\(outcome.stderr)")
        }
        try drop(at: "-33.9249,18.4241")
        var saved = try String(contentsOf: pins, encoding: .utf8)
        #expect(saved == original.replacingOccurrences(of: #""properties": {"title": "Home"}}"#, with: """
            "properties": {"title": "Home"}},
                {"type": "Feature", "id": "dropped-1", "geometry": {"type": "Point", "coordinates": [18.4241, -33.9249]}, "properties": {"title": "Dropped Pin", "marker-color": "purple", "placemark": true}}
            """))
        // A second session drops another: it is numbered after the first, which stays.
        try drop(at: "10,20")
        saved = try String(contentsOf: pins, encoding: .utf8)
        #expect(saved.contains(#""id": "dropped-1""#) && saved.contains(#""id": "dropped-2""#))
        #expect(saved.contains(#""coordinates": [20, 10]"#))
        let data = try JSONSerialization.jsonObject(with: Data(saved.utf8)) as? [String: Any]
        #expect((data?["features"] as? [Any])?.count == 3)
    }
}
