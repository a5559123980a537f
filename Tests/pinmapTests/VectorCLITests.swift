import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import TileSources
import Testing

/// Vector maps as a user opens them: a vector file alone, a style naming its
/// source, a style with --tiles, and styles that are broken.
@Suite struct VectorCLITests {
    let cli = PinmapCLITests()
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../MapSDLTests/Fixtures/Vector").standardized

    func labels(_ dump: URL) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: dump)) as? [String: Any]
        let commands = object?["commands"] as? [[String: Any]] ?? []
        return commands.filter { $0["role"] as? String == "label" }.compactMap { $0["text"] as? String }
    }

    @Test func aVectorFileAloneIsDrawnWithTheBundledStyle() throws {
        let dir = try cli.temporaryFolder()
        let dump = dir.appendingPathComponent("scene.json")
        let shot = dir.appendingPathComponent("shot.png")
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--tiles", Self.fixtures.appendingPathComponent("swiss.pmtiles").path,
                                      "--center", "47.37,8.54", "--zoom", "9", "--size", "600x400",
                                      "--dump-scene", dump.path, "--screenshot", shot.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty, "the bundled style draws without a warning: \(outcome.stderr)")
        #expect(try labels(dump).contains("Zurich"))
        #expect(try String(contentsOf: dump, encoding: .utf8).contains("Natural Earth; GeoNames (CC BY 4.0)"))
    }

    @Test func aStyleOpensItsOwnSourceOrTheOneTilesNames() throws {
        let dir = try cli.temporaryFolder()
        let dump = dir.appendingPathComponent("scene.json")
        let style = Self.fixtures.appendingPathComponent("test-style.json").path
        let own = try cli.pinmap(["--headless", "--no-pins", "--style", style, "--center", "47.37,8.54", "--zoom", "8",
                                  "--size", "600x400", "--dump-scene", dump.path])
        #expect(own.status == 0, "\(own.stderr)")
        #expect(try labels(dump).contains("ZURICH"), "the test style upper-cases cities")
        #expect(try String(contentsOf: dump, encoding: .utf8).contains("style-icon:town"), "icons from the style's own sprite")
        let replaced = try cli.pinmap(["--headless", "--no-pins", "--style", style,
                                       "--tiles", Self.fixtures.appendingPathComponent("swiss.pmtiles").path,
                                       "--center", "47.37,8.54", "--zoom", "8", "--size", "600x400", "--dump-scene", dump.path])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try labels(dump).contains("ZURICH"))
    }

    @Test func brokenStylesStopWithTheirPlaceAndUnknownPropertiesWarnOnce() throws {
        let dir = try cli.temporaryFolder()
        let mbtiles = Self.fixtures.appendingPathComponent("swiss.mbtiles").path
        let broken = dir.appendingPathComponent("broken.json")
        try Data("""
        {"version": 8, "sources": {"ne": {"type": "vector", "url": "mbtiles://\(mbtiles)"}},
         "layers": [{"id": "roads", "type": "line", "source": "ne", "source-layer": "boundary",
                     "paint": {"line-width": ["interpolate", ["linear"], ["zoom"], 9, 1, 3, 2]}}]}
        """.utf8).write(to: broken)
        let outcome = try cli.pinmap(["--headless", "--style", broken.path, "--screenshot", dir.appendingPathComponent("x.png").path])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("broken.json:3:82: layer \"roads\": \"line-width\": stop inputs must be in ascending order"), "\(outcome.stderr)")
        let syntax = dir.appendingPathComponent("syntax.json")
        try Data("{\"version\": 8,\n \"layers\": [}".utf8).write(to: syntax)
        let bad = try cli.pinmap(["--headless", "--style", syntax.path, "--screenshot", dir.appendingPathComponent("x.png").path])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("syntax.json:2:13:"), "\(bad.stderr)")
        let unknown = dir.appendingPathComponent("unknown.json")
        try Data("""
        {"version": 8, "sources": {"ne": {"type": "vector", "url": "mbtiles://\(mbtiles)"}},
         "layers": [{"id": "lakes", "type": "fill", "source": "ne", "source-layer": "water",
                     "paint": {"fill-color": "#00f", "fill-glow": 3}}]}
        """.utf8).write(to: unknown)
        let warned = try cli.pinmap(["--headless", "--style", unknown.path, "--no-pins",
                                     "--screenshot", dir.appendingPathComponent("x.png").path])
        #expect(warned.status == 0, "\(warned.stderr)")
        let lines = warned.stderr.split(separator: "\n").filter { $0.contains("fill-glow") }
        #expect(lines.count == 1)
        #expect(lines.first?.contains("layer \"lakes\": \"fill-glow\" is not a fill paint property pinmap knows") == true)
    }

    @Test func aRasterFileWithAStyleIsRefusedClearly() throws {
        let dir = try cli.temporaryFolder()
        let outcome = try cli.pinmap(["--headless", "--style", Self.fixtures.appendingPathComponent("test-style.json").path,
                                      "--tiles", "/nonexistent/tiles.pmtiles", "--screenshot", dir.appendingPathComponent("x.png").path])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("--tiles: /nonexistent/tiles.pmtiles"), "\(outcome.stderr)")
    }
}

extension VectorCLITests {
    /// A style's `raster` layer draws its raster source's tiles in layer
    /// order: here the embedded raster world as an MBTiles file under the
    /// vector borders, over a magenta background that must not show.
    @Test func aRasterLayerDrawsItsSourcesTilesUnderTheVectorLayers() throws {
        let dir = try cli.temporaryFolder()
        let world = dir.appendingPathComponent("world.mbtiles").path
        let folder = PinmapResources.tilesDirectory
        var tiles: [(TileID, Data)] = []
        for z in 0...5 {
            let n = 1 << z
            let (cx, cy) = (Int(Double(n) * (8.54 + 180) / 360), Int(Double(n) * 0.35))
            for x in max(cx - 1, 0)...min(cx + 1, n - 1) { for y in max(cy - 1, 0)...min(cy + 1, n - 1) {
                let file = folder.appendingPathComponent("\(z)/\(x)/\(y).png")
                if let data = try? Data(contentsOf: file) { tiles.append((TileID(z: z, x: x, y: y), data)) }
            } }
        }
        try MBTilesWriter.write(tiles, to: world, metadata: ["name": "world", "format": "png", "minzoom": "0", "maxzoom": "5"])
        let style = dir.appendingPathComponent("style.json")
        try Data("""
        {"version": 8,
         "sources": {"ne": {"type": "vector", "url": "mbtiles://\(Self.fixtures.appendingPathComponent("swiss.mbtiles").path)"},
                     "world": {"type": "raster", "url": "mbtiles://world.mbtiles", "tileSize": 256}},
         "layers": [
           {"id": "bg", "type": "background", "paint": {"background-color": "#ff00ff"}},
           {"id": "world", "type": "raster", "source": "world"},
           {"id": "borders", "type": "line", "source": "ne", "source-layer": "boundary", "paint": {"line-color": "#000000", "line-width": 3}}
         ]}
        """.utf8).write(to: style)
        let mixed = dir.appendingPathComponent("mixed.png"), raster = dir.appendingPathComponent("raster.png")
        let view = ["--headless", "--no-pins", "--no-controls", "--center", "47.0,8.2", "--zoom", "7", "--size", "400x300"]
        let outcome = try cli.pinmap(view + ["--style", style.path, "--screenshot", mixed.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        _ = try cli.pinmap(view + ["--tiles", folder.path, "--screenshot", raster.path])
        let a = try Surface.load(path: mixed.path), b = try Surface.load(path: raster.path)
        var magenta = 0, black = 0, close = 0, samples = 0
        for y in stride(from: 0, to: 280, by: 7) { for x in stride(from: 0, to: 400, by: 7) {
            let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
            if p.red > 200 && p.green < 60 && p.blue > 200 { magenta += 1 }
            if p.red < 40 && p.green < 40 && p.blue < 40 { black += 1; continue }
            samples += 1
            if abs(Int(p.red) - Int(q.red)) <= 24 && abs(Int(p.green) - Int(q.green)) <= 24 && abs(Int(p.blue) - Int(q.blue)) <= 24 { close += 1 }
        } }
        #expect(magenta == 0, "the raster covers the background")
        #expect(black > 0, "the vector borders are drawn over it")
        #expect(Double(close) > 0.9 * Double(samples), "\(close) of \(samples) samples match the raster world drawn alone")
    }
}

/// The map pinmap opens with: the embedded vector world, light or dark, or the raster one on request.
@Suite struct WorldCLITests {
    let cli = PinmapCLITests()

    func dump(_ arguments: [String]) throws -> (status: Int32, stderr: String, scene: String) {
        let dir = try cli.temporaryFolder()
        let dump = dir.appendingPathComponent("scene.json")
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--center", "47.37,8.54", "--zoom", "10", "--size", "600x400",
                                      "--dump-scene", dump.path] + arguments)
        return (outcome.status, outcome.stderr, (try? String(contentsOf: dump, encoding: .utf8)) ?? "")
    }

    /// `--language`: English over the local script, Japanese alone, or each place as written there.
    @Test func placeNamesFollowTheLanguage() throws {
        let dir = try cli.temporaryFolder()
        func labels(_ language: String, _ center: String) throws -> String {
            let dump = dir.appendingPathComponent("\(language).json")
            let outcome = try cli.pinmap(["--headless", "--no-pins", "--center", center, "--zoom", "9", "--size", "600x400",
                                          "--language", language, "--dump-scene", dump.path])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            return try String(contentsOf: dump, encoding: .utf8)
        }
        let english = try labels("en", "35.68,139.7"), japanese = try labels("ja", "35.68,139.7")
        #expect(english.contains("\"Tokyo\"") && english.contains("\"東京\""), "Tokyo over 東京")
        #expect(japanese.contains("\"東京\"") && !japanese.contains("\"Tokyo\""))
        let cairo = try labels("local", "30.05,31.25")
        #expect(cairo.contains("\"القاهرة\"") && !cairo.contains("\"Cairo\""))
        let bad = try cli.pinmap(["--headless", "--no-pins", "--language", "12"])
        #expect(bad.status != 0 && bad.stderr.contains("--language"))
    }

    /// `--language de` (and fr, es, it, pt, nl) names the cities people know as the language does, from CLDR.
    @Test func latinScriptLanguagesNameTheCitiesTheirWay() throws {
        let dir = try cli.temporaryFolder()
        func labels(_ language: String) throws -> String {
            let dump = dir.appendingPathComponent("\(language).json")
            let outcome = try cli.pinmap(["--headless", "--no-pins", "--center", "50,20", "--zoom", "4", "--size", "800x600",
                                          "--language", language, "--dump-scene", dump.path])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            return try String(contentsOf: dump, encoding: .utf8)
        }
        let german = try labels("de"), italian = try labels("it"), english = try labels("en")
        for name in ["Moskau", "Warschau", "Rom", "Kairo", "RUSSLAND"] { #expect(german.contains("\"\(name)\""), "\(name)") }
        #expect(italian.contains("\"Mosca\"") && italian.contains("\"Varsavia\""))
        #expect(english.contains("\"Moscow\"") && !english.contains("\"Moskau\""))
    }

    @Test func withoutTilesTheMapIsTheLabelledVectorWorld() throws {
        let light = try dump([])
        #expect(light.status == 0 && light.stderr.isEmpty, "\(light.stderr)")
        #expect(light.scene.contains("\"text\" : \"Zürich\"") || light.scene.contains("\"text\":\"Zürich\""))
        #expect(light.scene.contains("Made with Natural Earth · Shores: GSHHG · Place names: GeoNames"))
        let dark = try dump(["--style", "dark"])
        #expect(dark.status == 0 && dark.stderr.isEmpty, "\(dark.stderr)")
        #expect(dark.scene.contains("Zürich"))
        #expect(dark.scene.contains("#e6e1d8"), "the dark style's city colour")
    }

    @Test func theRasterWorldOnRequestAndNotWithOtherTiles() throws {
        let raster = try dump(["--raster-world"])
        #expect(raster.status == 0, "\(raster.stderr)")
        #expect(!raster.scene.contains("\"label\""), "the raster world has no labels")
        let both = try dump(["--raster-world", "--style", "dark"])
        #expect(both.status != 0 && both.stderr.contains("--raster-world"))
    }
}

/// A style drawing from two vector sources: each layer from its own source's
/// tiles, and both sources credited (only the first source was drawn before).
@Suite struct TwoVectorSourcesCLITests {
    let cli = PinmapCLITests()

    func mbtiles(_ name: String, layer: VectorTileWriter.Layer, attribution: String, in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("\(name).mbtiles").path
        let tile = Data(VectorTileWriter.encode([layer]))
        try MBTilesWriter.write([(TileID(z: 0, x: 0, y: 0), tile)], to: path,
                                metadata: ["format": "pbf", "minzoom": "0", "maxzoom": "0", "attribution": attribution])
        return path
    }

    @Test func eachLayerDrawsFromItsOwnSource() throws {
        let dir = try cli.temporaryFolder()
        var land = VectorTileWriter.Layer(name: "land")
        land.add(.polygon, geometry: [[Point(x: 0, y: 0), Point(x: 4096, y: 0), Point(x: 4096, y: 4096), Point(x: 0, y: 4096), Point(x: 0, y: 0)]],
                 properties: [:])
        var roads = VectorTileWriter.Layer(name: "roads")
        roads.add(.lineString, geometry: [[Point(x: 0, y: 2048), Point(x: 4096, y: 2048)]], properties: [:])
        _ = try mbtiles("land", layer: land, attribution: "Land maps", in: dir)
        _ = try mbtiles("roads", layer: roads, attribution: "Road maps", in: dir)
        let style = dir.appendingPathComponent("two.json")
        try Data("""
        {"version": 8, "sources": {"a-land": {"type": "vector", "url": "mbtiles://land.mbtiles"},
                                   "b-roads": {"type": "vector", "url": "mbtiles://roads.mbtiles"}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                    {"id": "land", "type": "fill", "source": "a-land", "source-layer": "land", "paint": {"fill-color": "#ff0000"}},
                    {"id": "roads", "type": "line", "source": "b-roads", "source-layer": "roads",
                     "paint": {"line-color": "#0000ff", "line-width": 12}}]}
        """.utf8).write(to: style)
        let shot = dir.appendingPathComponent("two.png"), dump = dir.appendingPathComponent("two.json.scene")
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--style", style.path, "--center", "0,0", "--zoom", "1",
                                      "--size", "256x256", "--screenshot", shot.path, "--dump-scene", dump.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("left out"), "\(outcome.stderr)")
        #expect(try String(contentsOf: dump, encoding: .utf8).contains("Land maps · Road maps"))
        let pixels = try Surface.load(path: shot.path).argbPixels()
        func count(_ rgb: UInt32) -> Int { pixels.filter { $0 & 0xFFFFFF == rgb }.count }
        #expect(count(0xFF0000) > 10_000, "the land from the first source")
        #expect(count(0x0000FF) > 1_000, "the road from the second source")
    }
}

/// Styles with no vector source, which were refused: one of a background
/// alone, and one of raster layers.
@Suite struct StylesWithoutVectorSourcesCLITests {
    let cli = PinmapCLITests()

    func colours(_ style: String, in dir: URL) throws -> [UInt32] {
        let path = dir.appendingPathComponent("style.json"), shot = dir.appendingPathComponent("shot.png")
        try Data(style.utf8).write(to: path)
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--style", path.path, "--zoom", "2", "--size", "200x200",
                                      "--screenshot", shot.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try Surface.load(path: shot.path).argbPixels().map { $0 & 0xFFFFFF }
    }

    @Test func aBackgroundAloneIsDrawn() throws {
        let pixels = try colours(##"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#88ccee"}}]}"##,
                                 in: try cli.temporaryFolder())
        #expect(pixels.filter { $0 == 0x88CCEE }.count > 20_000)
    }

    /// A raster MBTiles file of one level-0 tile, all red, credited "Red maps".
    static func writeRedRaster(to file: URL) throws {
        let red = try Surface(width: 256, height: 256)
        for y in 0..<256 { for x in 0..<256 { red.setPixel(x: x, y: y, Color(hex: 0xFF0000)) } }
        let png = file.deletingPathExtension().appendingPathExtension("png")
        try red.savePNG(path: png.path)
        try MBTilesWriter.write([(TileID(z: 0, x: 0, y: 0), try Data(contentsOf: png))], to: file.path,
                                metadata: ["format": "png", "minzoom": "0", "maxzoom": "0", "attribution": "Red maps"])
    }

    @Test func rasterLayersAloneAreDrawnOverTheBackground() throws {
        let dir = try cli.temporaryFolder()
        try StylesWithoutVectorSourcesCLITests.writeRedRaster(to: dir.appendingPathComponent("red.mbtiles"))
        let pixels = try colours("""
        {"version": 8, "sources": {"red": {"type": "raster", "url": "mbtiles://red.mbtiles", "tileSize": 256}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#0000ff"}},
                    {"id": "red", "type": "raster", "source": "red"}]}
        """, in: dir)
        #expect(pixels.filter { $0 == 0xFF0000 }.count > 20_000, "the raster layer over the background")
        #expect(pixels.filter { $0 == 0x0000FF }.isEmpty)
    }

    /// A style with nothing to draw is a white page, as in MapLibre (an
    /// app may add its layers at run time), and says what it left out.
    @Test func aStyleWithNothingToDrawIsAWhitePageSayingWhy() throws {
        let dir = try cli.temporaryFolder()
        for (name, text) in [("empty", #"{"version": 8, "sources": {}, "layers": []}"#),
                             ("relief", #"""
                              {"version": 8, "sources": {"dem": {"type": "raster-dem", "tiles": ["http://127.0.0.1:9/{z}/{x}/{y}.png"]}},
                               "layers": [{"id": "relief", "type": "color-relief", "source": "dem"}]}
                              """#)] {
            let path = dir.appendingPathComponent("\(name).json"), shot = dir.appendingPathComponent("\(name).png")
            try Data(text.utf8).write(to: path)
            let drawn = try cli.pinmap(["--headless", "--no-pins", "--no-controls", "--attribution", "", "--style", path.path,
                                        "--size", "64x64", "--screenshot", shot.path])
            #expect(drawn.status == 0, "\(drawn.stderr)")
            #expect(try Surface.load(path: shot.path).argbPixels().allSatisfy { $0 & 0xFFFFFF == 0xFFFFFF }, "\(name)")
            if name == "relief" { #expect(drawn.stderr.contains("layer \"relief\": layer type \"color-relief\" is not drawn"), "\(drawn.stderr)") }
        }
    }
}

/// Styles drawing from GeoJSON sources, which were refused: the features
/// of a file next to the style and of data written in it, each layer
/// reading them without a `source-layer`, cut into tiles as they are drawn.
@Suite struct GeoJSONSourceCLITests {
    let cli = PinmapCLITests()

    @Test func aFilesAreasLinesAndPointsAndInlineDataAreDrawn() throws {
        let dir = try cli.temporaryFolder()
        // A square around the centre with a hole in its middle, a point beside the hole, and a line across the view.
        try Data(#"""
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {"kind": "lake"}, "geometry": {"type": "Polygon", "coordinates": [
            [[-2, -2], [2, -2], [2, 2], [-2, 2], [-2, -2]], [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5], [-0.5, -0.5]]]}},
          {"type": "Feature", "properties": {"kind": "spring"}, "geometry": {"type": "Point", "coordinates": [1.2, 1.2]}}]}
        """#.utf8).write(to: dir.appendingPathComponent("lake.geojson"))
        let style = dir.appendingPathComponent("style.json")
        try Data(#"""
        {"version": 8, "sources": {"shapes": {"type": "geojson", "data": "lake.geojson", "attribution": "Lake survey"},
          "across": {"type": "geojson", "data": {"type": "LineString", "coordinates": [[-4, 3], [4, 3]]}}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                    {"id": "lake", "type": "fill", "source": "shapes", "filter": ["==", "kind", "lake"], "paint": {"fill-color": "#0000ff"}},
                    {"id": "spring", "type": "circle", "source": "shapes", "filter": ["==", "$type", "Point"],
                     "paint": {"circle-radius": 6, "circle-color": "#00ff00"}},
                    {"id": "across", "type": "line", "source": "across", "paint": {"line-color": "#ff0000", "line-width": 6}}]}
        """#.utf8).write(to: style)
        let shot = dir.appendingPathComponent("shot.png"), dump = dir.appendingPathComponent("scene.json")
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--style", style.path, "--center", "0,0", "--zoom", "5",
                                      "--size", "256x256", "--screenshot", shot.path, "--dump-scene", dump.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("left out"), "\(outcome.stderr)")
        #expect(try String(contentsOf: dump, encoding: .utf8).contains("Lake survey"), "the source's credit")
        let surface = try Surface.load(path: shot.path)
        let pixels = surface.argbPixels().map { $0 & 0xFFFFFF }
        func at(_ x: Int, _ y: Int) -> UInt32 { pixels[y * 256 + x] }
        // At zoom 5 the world is 2^5 tiles of 256 px: 22.8 px a degree near the equator.
        #expect(at(128 + 34, 128) == 0x0000FF, "the lake, 1.5° east of the centre")
        #expect(at(128, 128) == 0xFFFFFF, "its hole, at the centre")
        #expect(at(128 + 27, 128 - 27) == 0x00FF00, "the spring, 1.2° north-east")
        #expect(at(128, 128 - 68) == 0xFF0000, "the line written in the style, 3° north")
        #expect(at(128, 128 + 68) == 0xFFFFFF, "and nothing 3° south")
    }

    /// The style's own view when no flag gives one, white where it paints no background,
    /// and `within` deciding colours through the GeoJSON tiles.
    @Test func aStylesOwnViewWhitePageAndWithinAreHonoured() throws {
        let dir = try cli.temporaryFolder()
        let style = dir.appendingPathComponent("style.json")
        let square = #"{"type": "Polygon", "coordinates": [[[9, 39], [11, 39], [11, 41], [9, 41], [9, 39]]]}"#
        try Data(#"""
        {"version": 8, "center": [10, 40], "zoom": 5,
         "sources": {"dots": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [
             {"type": "Feature", "geometry": {"type": "Point", "coordinates": [10, 40]}},
             {"type": "Feature", "geometry": {"type": "Point", "coordinates": [12.5, 40]}}]}}},
         "layers": [{"id": "dots", "type": "circle", "source": "dots",
                     "paint": {"circle-radius": 8, "circle-color": ["case", ["within", \#(square)], "#00aa00", "#cc0000"]}}]}
        """#.utf8).write(to: style)
        let shot = dir.appendingPathComponent("shot.png")
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--no-controls", "--style", style.path, "--size", "256x256",
                                      "--screenshot", shot.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let pixels = try Surface.load(path: shot.path).argbPixels().map { $0 & 0xFFFFFF }
        func at(_ x: Int, _ y: Int) -> UInt32 { pixels[y * 256 + x] }
        // Style zoom 5 is pinmap's 6: 45.5 px a degree of longitude; the style's centre in the middle.
        #expect(at(128, 128) == 0x00AA00, "the dot at the style's centre, within the square")
        #expect(at(128 + 114, 128) == 0xCC0000, "the dot 2.5° east, outside it")
        #expect(at(20, 20) == 0xFFFFFF, "white where the style paints nothing")
    }

    @Test func aBrokenGeoJSONFileIsNamedWithItsProblem() throws {
        let dir = try cli.temporaryFolder()
        try Data(#"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, 95]}}"#.utf8)
            .write(to: dir.appendingPathComponent("bad.geojson"))
        let style = dir.appendingPathComponent("style.json")
        try Data(#"""
        {"version": 8, "sources": {"bad": {"type": "geojson", "data": "bad.geojson"}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                    {"id": "dots", "type": "circle", "source": "bad"}]}
        """#.utf8).write(to: style)
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--style", style.path, "--screenshot", dir.appendingPathComponent("x.png").path])
        #expect(outcome.stderr.contains("bad.geojson: the position [0, 95] is not a longitude and latitude"), "\(outcome.stderr)")
    }
}
