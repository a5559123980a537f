import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import Testing
import TileSources

/// A downloaded area used without asking: real OpenMapTiles-schema tiles of
/// Monaco (tilemaker's, the MapSDL fixture) on a server on 127.0.0.1 as
/// `{z}/{x}/{y}.pbf` and a TileJSON; the map drawn online, the area
/// downloaded, the server stopped, and the same view drawn again from the
/// area, as online; where no area reaches, the notice says so.
@Suite struct OfflineAreaCLITests {
    let cli = PinmapCLITests()

    static let monaco = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../MapSDLTests/Fixtures/City/monte-carlo.mbtiles").standardized

    /// The fixture's tiles as files under `folder/v`, and a TileJSON naming them.
    static func streetServer(in folder: URL) throws -> (StaticServer, tileJSON: String) {
        let source = try MBTilesSource(path: monaco.path)
        let plan = try AreaPlan(south: 43.71, west: 7.349, north: 43.77, east: 7.491, zooms: 0...14)
        for tile in plan.tiles {
            guard let data = try source.data(for: tile) else { continue }
            let dir = folder.appendingPathComponent("v/\(tile.z)/\(tile.x)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try data.write(to: dir.appendingPathComponent("\(tile.y).pbf"))
        }
        let server = try StaticServer(folder: folder)
        try Data(#"{"tilejson": "3.0.0", "tiles": ["\#(server.base)/v/{z}/{x}/{y}.pbf"], "minzoom": 0, "maxzoom": 14, "attribution": "Monaco streets"}"#.utf8)
            .write(to: folder.appendingPathComponent("streets.json"))
        return (server, "\(server.base)/streets.json")
    }

    /// The texts a scene dump draws.
    static func texts(_ scene: String) throws -> Set<String> {
        let pattern = try NSRegularExpression(pattern: #""text" *: *"((?:[^"\\]|\\.)*)""#)
        let range = NSRange(scene.startIndex..., in: scene)
        return Set(pattern.matches(in: scene, range: range).compactMap { Range($0.range(at: 1), in: scene).map { String(scene[$0]) } })
    }

    @Test func withTheServerStoppedTheDownloadedAreaDrawsTheStreetsAsOnline() throws {
        let home = try cli.temporaryFolder()
        let (server, tileJSON) = try Self.streetServer(in: home.appendingPathComponent("www"))
        var environment = ProcessInfo.processInfo.environment
        environment["PINMAP_OFFLINE"] = "0"
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache-online").path
        let view = ["--headless", "--no-pins", "--street-tiles", tileJSON, "--center", "43.7384,7.4246", "--zoom", "15", "--size", "480x320"]
        func draw(_ name: String) throws -> (pixels: [UInt32], texts: Set<String>, scene: String) {
            let shot = home.appendingPathComponent("\(name).png"), dump = home.appendingPathComponent("\(name).scene.json")
            let run = try cli.pinmap(view + ["--screenshot", shot.path, "--dump-scene", dump.path], environment: environment)
            #expect(run.status == 0, "\(name): \(run.stderr)")
            let scene = try String(contentsOf: dump, encoding: .utf8)
            return (try Surface.load(path: shot.path).argbPixels(), try Self.texts(scene), scene)
        }
        let online = try draw("online")
        #expect(online.texts.contains { $0.contains("Monaco streets") }, "the street server's credit")

        let download = try cli.pinmap(["download", "--bbox", "43.72,7.40,43.76,7.45", "--zoom", "12-14", "--source", tileJSON,
                                       "--name", "monaco"], environment: environment)
        #expect(download.status == 0, "\(download.stderr)")
        let areas = try cli.pinmap(["areas"], environment: environment)
        #expect(areas.stdout.contains("monaco\tzooms 12–14"), "\(areas.stdout)")

        // The server gone, and a fresh disk cache: every street tile now comes from the area.
        kill(server.process.processIdentifier, SIGKILL)
        server.process.waitUntilExit()
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache-offline").path
        let offline = try draw("offline")
        let names = online.texts.filter { !$0.contains("Monaco streets") && $0.count > 1 }
        #expect(names.count >= 5, "street and place names online: \(names.sorted())")
        #expect(names.isSubset(of: offline.texts), "every name online is drawn offline: missing \(names.subtracting(offline.texts).sorted())")
        #expect(offline.texts.contains(DetailNotice.covered), "the notice says where the detail comes from")
        #expect(offline.texts.contains { $0.contains("Monaco streets") }, "the area keeps its source's credit")
        // Pixel for pixel as online, but for the notice's band at the top.
        let differing = zip(online.pixels, offline.pixels).enumerated().filter { $0.element.0 != $0.element.1 }.map { $0.offset / 480 }
        #expect(online.pixels.count == offline.pixels.count && (differing.max() ?? 0) < 48,
                "\(differing.count) pixels differ, down to row \(differing.max() ?? 0)")

        // Where no area reaches, the notice says so.
        let elsewhere = home.appendingPathComponent("elsewhere.scene.json")
        let far = try cli.pinmap(["--headless", "--no-pins", "--street-tiles", tileJSON, "--center", "48.8566,2.3522", "--zoom", "13",
                                  "--size", "480x320", "--dump-scene", elsewhere.path], environment: environment)
        #expect(far.status == 0)
        #expect(try Self.texts(String(contentsOf: elsewhere, encoding: .utf8)).contains(DetailNotice.elsewhere))

        // --offline draws from the area alone, as well.
        let flagged = home.appendingPathComponent("flagged.scene.json")
        let run = try cli.pinmap(view + ["--offline", "--dump-scene", flagged.path], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(names.isSubset(of: try Self.texts(String(contentsOf: flagged, encoding: .utf8))))
    }

    /// Not only the world's street detail: tiles opened from a server
    /// (`--tiles URL`) and a style's own source on a server are backed by the
    /// areas downloaded from them, from the first frame when the server is gone.
    @Test func tilesAndAStylesSourceOnAServerAreDrawnFromTheirAreasWhenItIsGone() throws {
        let home = try cli.temporaryFolder()
        let www = home.appendingPathComponent("www")
        let (server, tileJSON) = try Self.streetServer(in: www)
        let template = "\(server.base)/v/{z}/{x}/{y}.pbf"
        var style = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Resources/Styles/pinmap-light.json").standardized)) as! [String: Any]
        style["sources"] = ["openmaptiles": ["type": "vector", "url": tileJSON]]
        let styleFile = home.appendingPathComponent("style.json")
        try JSONSerialization.data(withJSONObject: style).write(to: styleFile)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache-online").path
        let views = ["tiles": ["--tiles", template], "style": ["--style", styleFile.path]]
        func draw(_ name: String, _ flags: [String]) throws -> (pixels: [UInt32], texts: Set<String>) {
            let shot = home.appendingPathComponent("\(name).png"), dump = home.appendingPathComponent("\(name).scene.json")
            let run = try cli.pinmap(["--headless", "--no-pins", "--center", "43.7384,7.4246", "--zoom", "15", "--size", "480x320"] + flags
                                     + ["--screenshot", shot.path, "--dump-scene", dump.path], environment: environment)
            #expect(run.status == 0, "\(name): \(run.stderr)")
            return (try Surface.load(path: shot.path).argbPixels(), try Self.texts(String(contentsOf: dump, encoding: .utf8)))
        }
        var online: [String: (pixels: [UInt32], texts: Set<String>)] = [:]
        for (name, flags) in views { online[name] = try draw("\(name)-online", flags) }
        for (name, source) in [("by-template", template), ("by-tilejson", tileJSON)] {
            let download = try cli.pinmap(["download", "--bbox", "43.72,7.40,43.76,7.45", "--zoom", "12-14", "--source", source, "--name", name],
                                          environment: environment)
            #expect(download.status == 0, "\(download.stderr)")
        }
        kill(server.process.processIdentifier, SIGKILL)
        server.process.waitUntilExit()
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache-offline").path
        for (name, flags) in views {
            let offline = try draw("\(name)-offline", flags)
            let before = try #require(online[name])
            #expect(offline.texts.contains("Offline: showing your downloaded areas"), "\(name): the notice says where the tiles come from")
            let names = before.texts.filter { $0.count > 1 && !$0.contains("©") && !$0.contains("Monaco streets") }
            #expect(names.count >= 5 && names.isSubset(of: offline.texts), "\(name): missing \(names.subtracting(offline.texts).sorted())")
            // Pixel for pixel as online, but for the notice's band at the top and the credit line (a bare template
            // names no credit; the area downloaded through the TileJSON keeps the server's).
            let differing = zip(before.pixels, offline.pixels).enumerated().filter { $0.element.0 != $0.element.1 }.map { $0.offset / 480 }
                .filter { $0 >= 48 && $0 < 300 }
            #expect(differing.isEmpty, "\(name): \(differing.count) pixels differ between rows 48 and 300")
        }
    }
}
