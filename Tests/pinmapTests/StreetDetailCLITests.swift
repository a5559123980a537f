import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import Testing
import TileSources

/// The embedded world's street detail as a user meets it: drawn past the
/// world's depth from a tile server (here one on 127.0.0.1), and offline a
/// quiet notice over the world's own shapes, never a grey grid.
@Suite struct StreetDetailCLITests {
    let cli = PinmapCLITests()

    /// A server of one street tile (0/0/0: a motorway along the equator) and its TileJSON, on a free port.
    func streetServer(in folder: URL, extra: [VectorTileWriter.Layer] = []) throws -> (StaticServer, URL) {
        var roads = VectorTileWriter.Layer(name: "transportation")
        roads.add(.lineString, geometry: [[Point(x: 0, y: 2048), Point(x: 4096, y: 2048)]], properties: ["class": .string("motorway")])
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("v/0/0"), withIntermediateDirectories: true)
        try Data(VectorTileWriter.encode([roads] + extra)).write(to: folder.appendingPathComponent("v/0/0/0.pbf"))
        let server = try StaticServer(folder: folder)
        let base = server.base
        try Data(#"{"tiles": ["\#(base)/v/{z}/{x}/{y}.pbf"], "maxzoom": 0, "attribution": "Street maps"}"#.utf8)
            .write(to: folder.appendingPathComponent("streets.json"))
        return (server, URL(string: "\(base)/streets.json")!)
    }

    @Test func pastTheWorldsDepthTheStreetsOfTheServerAreDrawnAndCredited() throws {
        let dir = try cli.temporaryFolder()
        let (server, tileJSON) = try streetServer(in: dir.appendingPathComponent("www"))
        defer { withExtendedLifetime(server) {} }
        let shot = dir.appendingPathComponent("streets.png"), dump = dir.appendingPathComponent("streets.json.scene")
        var environment = ProcessInfo.processInfo.environment
        environment["PINMAP_OFFLINE"] = "0"
        environment["XDG_CACHE_HOME"] = dir.appendingPathComponent("cache").path
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--street-tiles", tileJSON.absoluteString, "--center", "0,0",
                                      "--zoom", "12", "--size", "400x300", "--screenshot", shot.path, "--dump-scene", dump.path],
                                     environment: environment)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let scene = try String(contentsOf: dump, encoding: .utf8)
        #expect(scene.contains("Street maps"), "the street source's credit")
        #expect(!scene.contains("Street detail needs"), "no notice when the streets come")
        let pixels = try Surface.load(path: shot.path).argbPixels()
        #expect(pixels[150 * 400 + 50] & 0xFFFFFF == 0xF7D79B, "the motorway across the middle, in the world style's colour")
    }

    /// Buildings with a height stand up at street zooms once the map is tilted, as OSM Liberty's do.
    @Test func tiltedAtStreetZoomsBuildingsStandToTheirHeight() throws {
        let dir = try cli.temporaryFolder()
        var buildings = VectorTileWriter.Layer(name: "building")
        let ring = [Point(x: 2040, y: 2040), Point(x: 2056, y: 2040), Point(x: 2056, y: 2056), Point(x: 2040, y: 2056), Point(x: 2040, y: 2040)]
        buildings.add(.polygon, geometry: [ring], properties: ["render_height": .number(40)])
        let (server, tileJSON) = try streetServer(in: dir.appendingPathComponent("www"), extra: [buildings])
        defer { withExtendedLifetime(server) {} }
        var environment = ProcessInfo.processInfo.environment
        environment["PINMAP_OFFLINE"] = "0"
        environment["XDG_CACHE_HOME"] = dir.appendingPathComponent("cache").path
        func dump(zoom: String) throws -> String {
            let file = dir.appendingPathComponent("z\(zoom).json.scene")
            let outcome = try cli.pinmap(["--headless", "--no-pins", "--street-tiles", tileJSON.absoluteString, "--center", "0,0",
                                          "--zoom", zoom, "--pitch", "50", "--size", "400x300", "--dump-scene", file.path],
                                         environment: environment)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            return try String(contentsOf: file, encoding: .utf8)
        }
        #expect(try dump(zoom: "16").contains(#""triangles""#), "the building's walls and roof at zoom 16")
        #expect(!(try dump(zoom: "12").contains(#""triangles""#)), "flat below zoom 14")
    }

    @Test func offlineTheWorldsShapesShowWithAQuietNoticeAndNoGrid() throws {
        let dir = try cli.temporaryFolder()
        let shot = dir.appendingPathComponent("offline.png"), dump = dir.appendingPathComponent("offline.json.scene")
        let deep = try cli.pinmap(["--headless", "--no-pins", "--offline", "--center", "40.78,-73.97", "--zoom", "12",
                                   "--size", "400x300", "--screenshot", shot.path, "--dump-scene", dump.path])
        #expect(deep.status == 0, "\(deep.stderr)")
        let scene = try String(contentsOf: dump, encoding: .utf8)
        #expect(scene.contains("Street detail needs a connection or a map file"))
        #expect(!scene.contains("Offline: showing cached tiles") && !scene.contains("OpenFreeMap"))
        let pixels = try Surface.load(path: shot.path).argbPixels().map { $0 & 0xFFFFFF }
        // The world's land and sea colours fill the map: the placeholder's grey is nowhere.
        let land = pixels.filter { $0 == 0xF4F0E8 }.count, sea = pixels.filter { $0 == 0xAECDE3 }.count
        #expect(land + sea > pixels.count / 2, "land \(land), sea \(sea)")

        let shallow = try cli.pinmap(["--headless", "--no-pins", "--offline", "--center", "40.78,-73.97", "--zoom", "8",
                                      "--size", "400x300", "--dump-scene", dump.path])
        #expect(shallow.status == 0)
        #expect(!(try String(contentsOf: dump, encoding: .utf8)).contains("Street detail needs"), "nothing to say where the world has detail")
    }

    @Test func aStreetServiceThatIsNotAnAddressIsRefusedInOneLine() throws {
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--street-tiles", "tiles.example.org", "--dump-scene", "/dev/null"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr == "pinmap: --street-tiles: \"tiles.example.org\" is not an http(s) address of a TileJSON or of {z}/{x}/{y} tiles, or none\n",
                "\(outcome.stderr)")
    }
}
