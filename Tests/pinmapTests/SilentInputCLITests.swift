import Foundation
import MapEngine
import MapKitLayer
import Testing
import TileSources

/// Input pinmap leaves out or takes otherwise than written is said once,
/// naming the file, source or tile and why (the campaign found these
/// drawn or dropped without a word): pictures too large, damaged or cut
/// short, DEM tiles that are not heights, and source fields out of range.
@Suite struct SilentInputCLITests {
    let cli = PinmapCLITests()

    /// A PNG declaring `width`x`height` pixels with a tiny body.
    static func png(width: Int, height: Int) -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            let crc = PNGChunks.crc(body)
            return withUnsafeBytes(of: UInt32(data.count).bigEndian, Array.init) + body + withUnsafeBytes(of: crc.bigEndian, Array.init)
        }
        let header = withUnsafeBytes(of: UInt32(width).bigEndian, Array.init) + withUnsafeBytes(of: UInt32(height).bigEndian, Array.init)
            + [8, 6, 0, 0, 0]
        let idat: [UInt8] = [0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    /// A JPEG's start declaring 65500x65500 pixels.
    static let hugeJPEG: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0xFF, 0xDC, 0xFF, 0xDC, 0x03,
                                    0x01, 0x11, 0x00, 0x02, 0x11, 0x00, 0x03, 0x11, 0x00, 0xFF, 0xD9]

    func draw(style: String, in dir: URL, zoom: String = "6") throws -> PinmapCLITests.Outcome {
        let file = dir.appendingPathComponent("style.json")
        try Data(style.utf8).write(to: file)
        return try cli.pinmap(["--headless", "--no-pins", "--size", "200x100", "--center", "47,8", "--zoom", zoom, "--style", file.path,
                               "--screenshot", dir.appendingPathComponent("shot.png").path], timeout: 60)
    }

    @Test(arguments: [
        ("bomb.png", png(width: 60000, height: 60000), "a PNG image of 60000x60000 pixels, more than the 32 million pixels"),
        ("wide.png", png(width: 16384, height: 16384), "a PNG image of 16384x16384 pixels, more than the 32 million pixels"),
        ("huge.jpg", hugeJPEG, "a JPEG image of 65500x65500 pixels"),
        ("cut.png", Array(png(width: 64, height: 64).prefix(40)), "a PNG file cut short"),
        ("damaged.png", png(width: 64, height: 64).enumerated().map { $0.offset == 45 ? $0.element ^ 0xFF : $0.element },
         "a damaged PNG file (its IDAT chunk's checksum is wrong)"),
    ])
    func anImageSourceThatCannotBeDrawnIsSaidOnce(_ name: String, _ bytes: [UInt8], _ words: String) throws {
        let dir = try cli.temporaryFolder()
        try Data(bytes).write(to: dir.appendingPathComponent(name))
        let outcome = try draw(style: #"""
            {"version": 8, "sources": {"i": {"type": "image", "url": "\#(name)", "coordinates": [[7, 48], [9, 48], [9, 46], [7, 46]]}},
             "layers": [{"id": "pic", "type": "raster", "source": "i"}]}
            """#, in: dir)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(name) && lines[0].contains(#"the image source "i": \#(words)"#), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("libpng"), "no bare libpng lines")
    }

    @Test(arguments: [
        ("bomb", png(width: 60000, height: 60000), "a PNG image of 60000x60000 pixels, larger than the 4096 px a side a tile may have"),
        ("4097", png(width: 4097, height: 4097), "a PNG image of 4097x4097 pixels"),
        ("garbage", Array("not a picture at all".utf8), "not a PNG, JPEG, WebP, GIF or BMP image"),
        ("cut", Array(png(width: 256, height: 256).prefix(40)), "a PNG file cut short"),
        ("vector", [0x1A, 0x02, 0x78, 0x02], "not a PNG, JPEG, WebP, GIF or BMP image"),
    ])
    func aDEMTileThatIsNotHeightsIsSaidOnce(_ name: String, _ tile: [UInt8], _ words: String) throws {
        let dir = try cli.temporaryFolder()
        let file = dir.appendingPathComponent("dem.mbtiles")
        var tiles: [(TileID, Data)] = []
        for z in 0...2 { for x in 0..<(1 << z) { for y in 0..<(1 << z) { tiles.append((TileID(z: z, x: x, y: y), Data(tile))) } } }
        try MBTilesWriter.write(tiles, to: file.path, metadata: ["name": "dem", "format": "png", "minzoom": "0", "maxzoom": "2"])
        let outcome = try draw(style: #"""
            {"version": 8, "sources": {"d": {"type": "raster-dem", "url": "mbtiles://dem.mbtiles", "tileSize": 256}},
             "layers": [{"id": "hs", "type": "hillshade", "source": "d"}]}
            """#, in: dir, zoom: "2")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("dem.mbtiles tile ") && lines[0].contains(#"the source "d": \#(words)"#),
                "\(outcome.stderr)")
    }

    @Test(arguments: [
        (#""clusterRadius": -5"#, #"source "g": "clusterRadius" is -5, past 0 to 512; it is taken as 0"#),
        (#""buffer": 1e9"#, #"source "g": "buffer" is 1000000000, past 0 to 512; it is taken as 512"#),
        (#""clusterMaxZoom": "deep""#, #"source "g": "clusterMaxZoom" is not a finite number; left out"#),
        (#""maxzoom": 99"#, #"source "g": "maxzoom" is 99, past 0 to 30; it is taken as 30"#),
    ])
    func aSourceFieldOutOfRangeIsSaidOnce(_ field: String, _ words: String) throws {
        let dir = try cli.temporaryFolder()
        let outcome = try draw(style: #"""
            {"version": 8, "sources": {"g": {"type": "geojson", "cluster": true, \#(field),
              "data": {"type": "FeatureCollection", "features": []}}},
             "layers": [{"id": "dots", "type": "circle", "source": "g"}]}
            """#, in: dir)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("style.json: \(words)"), "\(outcome.stderr)")
    }

    @Test func aTileJSONsInvertedBoundsAndUnknownSchemeAreSaid() throws {
        let dir = try cli.temporaryFolder()
        let www = dir.appendingPathComponent("www")
        let server = try StaticServer(folder: www)
        try Data(#"{"tiles": ["\#(server.base)/{z}/{x}/{y}.pbf"], "bounds": [10, 50, 5, 40], "scheme": "zxy", "maxzoom": 2}"#.utf8)
            .write(to: www.appendingPathComponent("tiles.json"))
        var environment = ProcessInfo.processInfo.environment
        environment["PINMAP_OFFLINE"] = "0"
        environment["XDG_CACHE_HOME"] = dir.appendingPathComponent("cache").path
        let style = dir.appendingPathComponent("style.json")
        try Data(#"""
            {"version": 8, "sources": {"v": {"type": "vector", "url": "\#(server.base)/tiles.json"}},
             "layers": [{"id": "roads", "type": "line", "source": "v", "source-layer": "roads"}]}
            """#.utf8).write(to: style)
        let outcome = try withExtendedLifetime(server) {
            try cli.pinmap(["--headless", "--no-pins", "--size", "200x100", "--center", "47,8", "--zoom", "2", "--style", style.path,
                            "--screenshot", dir.appendingPathComponent("shot.png").path], environment: environment, timeout: 60)
        }
        #expect(outcome.stderr.contains(#"the style's source "v": \#(server.base)/tiles.json: "bounds" is not [west, south, east, north]"#),
                "\(outcome.stderr)")
        #expect(outcome.stderr.contains(#"tiles.json: "scheme" is neither "xyz" nor "tms""#), "\(outcome.stderr)")
    }

    @Test func anInterpolationStopPastTheLargestNumberIsNamed() throws {
        let dir = try cli.temporaryFolder()
        let outcome = try draw(style: #"""
            {"version": 8, "sources": {}, "layers": [{"id": "b", "type": "background",
              "paint": {"background-color": ["interpolate", ["linear"], ["zoom"], 0, "#fff", 1e999, "#000"]}}]}
            """#, in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains(#"layer "b": "background-color": stop inputs must be finite numbers (1e999 is past the largest)"#),
                "\(outcome.stderr)")
    }

    @Test func aMillionFontsAreCutToAStackWithOneWarning() throws {
        let dir = try cli.temporaryFolder()
        let fonts = (0..<1_000_000).map { "\"Font \($0)\"" }.joined(separator: ",")
        let start = Date()
        let outcome = try draw(style: #"""
            {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {"name": "x"}, "geometry": {"type": "Point", "coordinates": [8, 47]}}]}}},
             "layers": [{"id": "n", "type": "symbol", "source": "p", "layout": {"text-field": ["get", "name"], "text-font": [\#(fonts)]}}]}
            """#, in: dir)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(#"layer "n": "text-font" lists 1000000 fonts; the first 16 are tried"#), "\(outcome.stderr)")
        #expect(Date().timeIntervalSince(start) < 30, "it ran past 30 s before")
    }

    /// Asked of GeoClue, a missing fix names GeoClue, not gpsd.
    @Test func noFixFromGeoClueNamesGeoClue() throws {
        let dir = try cli.temporaryFolder()
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=\(dir.path)/no-bus"
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--size", "100x100", "--screenshot", dir.appendingPathComponent("o.png").path,
                                      "--location-source", "geoclue", "--drop-at-location"], environment: environment, timeout: 60)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("is GeoClue running") && !outcome.stderr.contains("gpsd"), "\(outcome.stderr)")
    }
}
