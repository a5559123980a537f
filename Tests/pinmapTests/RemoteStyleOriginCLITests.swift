import Foundation
import Testing

/// A style, TileJSON or sprite fetched from a server reaches only servers,
/// as a browser keeps a web page off the disk: its local addresses
/// (`mbtiles://`, `pmtiles://`, `file://`, `pinmap://`) are refused with a
/// warning naming the source, and nothing of the local file is read or quoted.
@Suite struct RemoteStyleOriginCLITests {
    let cli = PinmapCLITests()

    func run(style: String, in dir: URL, extraFiles: [String: String] = [:]) throws -> PinmapCLITests.Outcome {
        let www = dir.appendingPathComponent("www")
        let server = try StaticServer(folder: www)
        try Data(style.replacingOccurrences(of: "BASE", with: server.base).utf8).write(to: www.appendingPathComponent("style.json"))
        for (name, text) in extraFiles {
            try Data(text.replacingOccurrences(of: "BASE", with: server.base).utf8).write(to: www.appendingPathComponent(name))
        }
        var environment = ProcessInfo.processInfo.environment
        environment["PINMAP_OFFLINE"] = "0"
        environment["XDG_CACHE_HOME"] = dir.appendingPathComponent("cache").path
        return try withExtendedLifetime(server) {
            try cli.pinmap(["--headless", "--no-pins", "--style", "\(server.base)/style.json", "--center", "0,0", "--zoom", "2",
                            "--size", "200x100", "--screenshot", dir.appendingPathComponent("shot.png").path],
                           environment: environment, timeout: 60)
        }
    }

    /// A secret on the user's disk that no remote style may read.
    func secret(in dir: URL) throws -> URL {
        let file = dir.appendingPathComponent("secret.geojson")
        try Data(#"{"type": "FeatureCollection", "features": [], "secret": "hunter2"}"#.utf8).write(to: file)
        return file
    }

    @Test(arguments: ["mbtiles://", "pmtiles://", "file://"])
    func aVectorSourceOnTheDiskIsRefused(_ scheme: String) throws {
        let dir = try cli.temporaryFolder()
        let style = #"""
            {"version": 8, "sources": {"v": {"type": "vector", "url": "\#(scheme)/etc/passwd"}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#abcdef"}},
                        {"id": "roads", "type": "line", "source": "v", "source-layer": "roads"}]}
            """#
        let outcome = try run(style: style, in: dir)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(#"source "v" names "\#(scheme)/etc/passwd", a local address, which a style from a server may not reach"#),
                "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("root:"), "nothing of the file is read")
    }

    @Test func aGeoJSONFileOnTheDiskIsNeitherReadNorQuoted() throws {
        let dir = try cli.temporaryFolder()
        let secret = try secret(in: dir)
        let style = #"""
            {"version": 8, "sources": {"g": {"type": "geojson", "data": "file://\#(secret.path)"}},
             "layers": [{"id": "dots", "type": "circle", "source": "g"}]}
            """#
        let outcome = try run(style: style, in: dir)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(#"source "g" names "file://\#(secret.path)", a local address"#), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("hunter2") && !outcome.stderr.contains("FeatureCollection"))
    }

    @Test func aTileJSONFromAServerNamingLocalTilesIsRefused() throws {
        let dir = try cli.temporaryFolder()
        let style = #"""
            {"version": 8, "sources": {"v": {"type": "vector", "url": "BASE/tiles.json"}},
             "layers": [{"id": "roads", "type": "line", "source": "v", "source-layer": "roads"}]}
            """#
        let outcome = try run(style: style, in: dir, extraFiles: ["tiles.json": #"{"tiles": ["file:///etc/{z}/{x}/{y}.pbf"], "maxzoom": 4}"#])
        #expect(outcome.stderr.contains(#"names the tiles "file:///etc/{z}/{x}/{y}.pbf", a local address, which a TileJSON from a server may not reach"#),
                "\(outcome.stderr)")
    }

    @Test func aLocalSpriteIsLeftOutAndTheServersSourcesStillDraw() throws {
        let dir = try cli.temporaryFolder()
        let style = #"""
            {"version": 8, "sprite": "file:///etc/sprite",
             "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#abcdef"}}]}
            """#
        let outcome = try run(style: style, in: dir)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(#"its sprite names "file:///etc/sprite", a local address"#), "\(outcome.stderr)")
    }

    /// The same local names in a style on the disk are the user's own: opened as before.
    @Test func aLocalStyleMayNameLocalFiles() throws {
        let dir = try cli.temporaryFolder()
        let points = dir.appendingPathComponent("points.geojson")
        try Data(#"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [0, 0]}}]}"#.utf8)
            .write(to: points)
        let style = dir.appendingPathComponent("style.json")
        try Data(#"{"version": 8, "sources": {"g": {"type": "geojson", "data": "file://\#(points.path)"}}, "layers": [{"id": "dots", "type": "circle", "source": "g"}]}"#.utf8)
            .write(to: style)
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--style", style.path, "--center", "0,0", "--zoom", "2", "--size", "200x100",
                                      "--screenshot", dir.appendingPathComponent("shot.png").path])
        #expect(outcome.status == 0 && !outcome.stderr.contains("local address"), "\(outcome.stderr)")
    }
}
