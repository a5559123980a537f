import Foundation
import MapEngine
import MapKitLayer
import TileSources
import Testing

/// The hostile-input campaign's styles, sprites and vector files as a user
/// hands them to pinmap: each is drawn with one warning naming the file and
/// what is wrong, or refused at once, and never crashes or spins.
@Suite struct HostileStyleCLITests {
    let cli = PinmapCLITests()
    static let fixtures = VectorCLITests.fixtures

    /// The test style with one layer's property set to `value` (JSON).
    func style(in dir: URL, layer: String, group: String, property: String, value: String,
               sprite: String = "sprite/test", source: String? = nil) throws -> URL {
        var text = try String(contentsOf: Self.fixtures.appendingPathComponent("test-style.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"sprite\": \"sprite/test\"", with: "\"sprite\": \"\(sprite)\"")
        text = text.replacingOccurrences(of: "mbtiles://swiss.mbtiles", with: source ?? "mbtiles://\(Self.fixtures.path)/swiss.mbtiles")
        var object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        var layers = object["layers"] as! [[String: Any]]
        let index = layers.firstIndex { $0["id"] as? String == layer }!
        var properties = layers[index][group] as? [String: Any] ?? [:]
        properties[property] = try JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)
        layers[index][group] = properties
        object["layers"] = layers
        let url = dir.appendingPathComponent("style-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        return url
    }

    func view(_ style: URL, in dir: URL, timeout: Double = 60) throws -> (PinmapCLITests.Outcome, Double) {
        let start = Date()
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--style", style.path, "--center", "47.0,8.3", "--zoom", "8",
                                      "--size", "400x300", "--screenshot", dir.appendingPathComponent("shot.png").path],
                                     timeout: timeout)
        return (outcome, Date().timeIntervalSince(start))
    }

    @Test(arguments: [
        ("cities", "layout", "text-size", "1e308", #""text-size": 1e+308 is more than 255"#),
        ("dots", "paint", "circle-radius", "1e308", #""circle-radius": 1e+308 is more than 1024"#),
        ("dots", "paint", "circle-radius", #"["/", 1, 0]"#, #""circle-radius": infinity is more than 1024"#),
        ("border-names", "layout", "symbol-spacing", "1e-9", #""symbol-spacing": 1e-09 is less than 1"#),
        ("countries", "paint", "line-width", "-5", #""line-width": -5 is less than 0"#),
    ])
    func numbersThatDoNotFitAreClampedWithOneWarning(_ layer: String, _ group: String, _ property: String, _ value: String,
                                                     _ words: String) throws {
        let dir = try cli.temporaryFolder()
        let (outcome, seconds) = try view(try style(in: dir, layer: layer, group: group, property: property, value: value), in: dir)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("layer \"\(layer)\": \(words)"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("did not arrive"), "every tile is painted: \(outcome.stderr)")
        #expect(seconds < 15)
    }

    /// A text-field expression whose text doubles itself 30 times over (a billion copies of the name).
    static var doublingText: String {
        var expression = #"["var", "v30"]"#
        for level in stride(from: 30, through: 1, by: -1) {
            let previous = level == 1 ? #"["get", "name"]"# : #"["var", "v\#(level - 1)"]"#
            expression = #"["let", "v\#(level)", ["concat", \#(previous), \#(previous)], \#(expression)]"#
        }
        return expression
    }

    @Test func textThatDoublesItselfIsCutAndSaidOnce() throws {
        let dir = try cli.temporaryFolder()
        let expression = Self.doublingText
        let (outcome, seconds) = try view(try style(in: dir, layer: "cities", group: "layout", property: "text-field", value: expression), in: dir)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("swiss.mbtiles tile "), "the warning names the tile: \(outcome.stderr)")
        #expect(outcome.stderr.contains(#"layer "cities": "text-field": the expression makes more text than a label can hold"#),
                "\(outcome.stderr)")
        #expect(outcome.stderr.components(separatedBy: "more text than a label").count == 2, "said once: \(outcome.stderr)")
        #expect(seconds < 15)
    }

    @Test func unboundVariablesStopWithTheirPlace() throws {
        let dir = try cli.temporaryFolder()
        let (outcome, _) = try view(try style(in: dir, layer: "cities", group: "layout", property: "text-field", value: #"["var", "unbound"]"#), in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains(#": layer "cities": "text-field": "var" names "unbound", which no "let" around it binds"#), "\(outcome.stderr)")
    }

    /// A PNG of a few bytes declaring 60000x60000 pixels (14 GB decoded) as the style's sprite.
    @Test func aSpriteBombIsRefusedBeforeDecoding() throws {
        let dir = try cli.temporaryFolder()
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60, 8, 6, 0, 0, 0, 0, 0, 0, 0] + Array(repeating: 0, count: 4096)
        try Data(png).write(to: dir.appendingPathComponent("bomb.png"))
        try Data(#"{"town": {"x": 0, "y": 0, "width": 10, "height": 10, "pixelRatio": 1}}"#.utf8)
            .write(to: dir.appendingPathComponent("bomb.json"))
        let (outcome, _) = try view(try style(in: dir, layer: "cities", group: "layout", property: "text-size", value: "12",
                                              sprite: dir.appendingPathComponent("bomb").path), in: dir)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("bomb.png: a PNG image of 60000x60000 pixels, more than the 32 million pixels"), "\(outcome.stderr)")
    }

    @Test func aFIFONamedPMTilesIsRefusedAtOnce() throws {
        let dir = try cli.temporaryFolder()
        let fifo = dir.appendingPathComponent("fifo.pmtiles")
        mkfifo(fifo.path, 0o644)
        let start = Date()
        let asTiles = try cli.pinmap(["--headless", "--no-pins", "--tiles", fifo.path, "--screenshot", dir.appendingPathComponent("x.png").path],
                                     timeout: 30)
        #expect(asTiles.status == 2, "\(asTiles.stderr)")
        #expect(asTiles.stderr.contains("\(fifo.path)") && asTiles.stderr.contains("named pipe (FIFO)"), "\(asTiles.stderr)")
        let inStyle = try style(in: dir, layer: "cities", group: "layout", property: "text-size", value: "12", source: "pmtiles://\(fifo.path)")
        let (asSource, _) = try view(inStyle, in: dir, timeout: 30)
        #expect(asSource.status == 2, "\(asSource.stderr)")
        #expect(asSource.stderr.contains("named pipe (FIFO)"), "\(asSource.stderr)")
        #expect(Date().timeIntervalSince(start) < 20)
    }

    /// A PMTiles header whose tile compression is 0 (unknown) is read with one warning; 9 (undefined) is refused.
    @Test func tileCompressionsOutsideTheSpecAreSaid() throws {
        let dir = try cli.temporaryFolder()
        for (value, status, words) in [(UInt8(0), Int32(0), "does not say how its tiles are compressed"),
                                       (9, 2, "its tiles name compression 9, which PMTiles does not define")] {
            var bytes = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent("swiss.pmtiles")))
            bytes[98] = value
            let path = dir.appendingPathComponent("c\(value).pmtiles").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let outcome = try cli.pinmap(["--headless", "--no-pins", "--tiles", path, "--center", "47.37,8.54", "--zoom", "8",
                                          "--size", "300x200", "--screenshot", dir.appendingPathComponent("x.png").path])
            #expect(outcome.status == status, "\(outcome.stderr)")
            #expect(outcome.stderr.contains(path) && outcome.stderr.contains(words), "\(outcome.stderr)")
            #expect(outcome.stderr.components(separatedBy: "\n").filter { $0.contains(words) }.count == 1, "said once")
        }
    }

    /// A broken data tile 1/0/0 drawn into map tiles of level 2 is named as itself.
    @Test func aBrokenDataTileIsNamedAsStored() throws {
        let dir = try cli.temporaryFolder()
        var layer = VectorTileWriter.Layer(name: "water")
        layer.add(.polygon, geometry: [[Point(x: 0, y: 0), Point(x: 4096, y: 0), Point(x: 4096, y: 4096), Point(x: 0, y: 4096), Point(x: 0, y: 0)]],
                  properties: [:])
        let good = Data(VectorTileWriter.encode([layer]))
        let path = dir.appendingPathComponent("broken.mbtiles").path
        try MBTilesWriter.write([(TileID(z: 0, x: 0, y: 0), good), (TileID(z: 1, x: 0, y: 0), Data([0x1A, 0xFF, 0xFF, 0xFF])),
                                 (TileID(z: 1, x: 1, y: 0), good), (TileID(z: 1, x: 0, y: 1), good), (TileID(z: 1, x: 1, y: 1), good)],
                                to: path, metadata: ["format": "pbf", "minzoom": "0", "maxzoom": "1"])
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--tiles", path, "--center", "40,-90", "--zoom", "2",
                                      "--size", "300x300", "--screenshot", dir.appendingPathComponent("x.png").path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("\(path) tile 1/0/0 (tile_row 1) is not a usable vector tile"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("tile 2/"), "\(outcome.stderr)")
    }
}

/// `pinmap bench --vector` on a real city's file: its own centre, and the data level the view draws from.
@Suite struct VectorBenchCLITests {
    let cli = PinmapCLITests()

    @Test func aCitysFileIsBenchedWhereItIsAndAtTheLevelsItHas() throws {
        let dir = try cli.temporaryFolder()
        // Dortmund, data to level 12 only, while the view is at pinmap zoom 14.
        let center = Coordinate(latitude: 51.5136, longitude: 7.4653)
        let world = WebMercator.project(center)
        var tiles: [(TileID, Data)] = []
        for dx in -1...1 { for dy in -1...1 {
            let tile = TileID(z: 12, x: Int(world.x * 4096) + dx, y: Int(world.y * 4096) + dy)
            var layer = VectorTileWriter.Layer(name: "water")
            layer.add(.polygon, geometry: [[Point(x: 0, y: 0), Point(x: 2048, y: 0), Point(x: 2048, y: 2048), Point(x: 0, y: 2048), Point(x: 0, y: 0)]],
                      properties: ["class": .string("lake")])
            tiles.append((tile, Data(VectorTileWriter.encode([layer]))))
        } }
        let path = dir.appendingPathComponent("dortmund.mbtiles").path
        try MBTilesWriter.write(tiles, to: path, metadata: ["format": "pbf", "minzoom": "12", "maxzoom": "12",
                                                            "center": "\(center.longitude),\(center.latitude),12"])
        let outcome = try cli.pinmap(["bench", "--vector", "--vector-tiles", path, "--frames", "5", "--json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let figures = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Double] ?? [:]
        #expect((figures["vector_densest_tile_1x_kb"] ?? 0) > 0, "\(figures)")
    }
}
