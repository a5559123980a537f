import Foundation
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
        #expect(try String(contentsOf: dump, encoding: .utf8).contains("sprite:town"), "icons from the style's own sprite")
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
