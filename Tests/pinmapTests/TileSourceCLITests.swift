import Foundation
import MapEngine
import MapKitLayer
import PinmapResources
import Testing
import TileSources

/// `--tiles` as a user gives it: an MBTiles file, a URL template, a folder,
/// or something pinmap cannot show.
@Suite struct TileSourceCLITests {
    let cli = PinmapCLITests()

    func mbtiles(_ metadata: [String: String], in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("town.mbtiles").path
        try MBTilesWriter.export(DirectoryTileSource(root: PinmapResources.tilesDirectory), levels: 0...2, to: path,
                                 metadata: metadata)
        return path
    }

    func camera(_ dump: URL) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: dump)) as? [String: Any]
        return try #require(object?["camera"] as? [String: Any])
    }

    @Test func anMBTilesOpensWhereItsMetadataSaysUnlessFlagsSayOtherwise() throws {
        let dir = try cli.temporaryFolder()
        let file = try mbtiles(["format": "png", "center": "12.5,41.9,3", "attribution": "Town maps"], in: dir)
        let dump = dir.appendingPathComponent("scene.json")
        // Wide enough for the whole credit line (a narrower view cuts it with an ellipsis).
        let own = try cli.pinmap(["--headless", "--no-pins", "--tiles", file, "--size", "500x200",
                                  "--dump-scene", dump.path])
        #expect(own.status == 0, "\(own.stderr)")
        let camera = try camera(dump)
        #expect(camera["zoom"] as? Double == 3)
        #expect(camera["center"] as? [Double] == [41.9, 12.5])
        let text = try String(contentsOf: dump, encoding: .utf8)
        #expect(text.contains("Town maps · Made with Natural Earth · Place names: GeoNames"))
        let flags = try cli.pinmap(["--headless", "--no-pins", "--tiles", file, "--size", "300x200", "--zoom", "1",
                                    "--dump-scene", dump.path])
        #expect(flags.status == 0)
        #expect(try self.camera(dump)["zoom"] as? Double == 1, "--zoom wins over the file's centre")
    }

    @Test func whatCannotBeShownGetsOneClearLine() throws {
        let dir = try cli.temporaryFolder()
        let vector = try mbtiles(["format": "geojson"], in: dir)
        let shot = dir.appendingPathComponent("x.png").path
        let outcomes = [
            (vector, "--tiles: \(vector): holds tiles in the format \"geojson\"; pinmap draws raster tiles (png, jpg, webp) and vector tiles (pbf)"),
            ("ftp://example.org/{z}/{x}/{y}.png",
             "--tiles: ftp://example.org/{z}/{x}/{y}.png: a tile URL must start with http:// or https://"),
            ("https://example.org/{z}/{x}.png",
             "--tiles: https://example.org/{z}/{x}.png: a tile URL needs {z}, {x} and {y} (or {-y} for rows from the south)"),
        ]
        for (tiles, message) in outcomes {
            let outcome = try cli.pinmap(["--headless", "--tiles", tiles, "--screenshot", shot])
            #expect(outcome.status != 0)
            #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
            #expect(!outcome.stderr.contains("Fatal") && !outcome.stderr.contains("Trace"))
        }
        let notSQLite = dir.appendingPathComponent("notes.mbtiles")
        try Data("hello".utf8).write(to: notSQLite)
        let outcome = try cli.pinmap(["--headless", "--tiles", notSQLite.path, "--screenshot", shot])
        #expect(outcome.stderr.contains("\(notSQLite.path): not an MBTiles file: it is not an SQLite database"))
    }
}

/// `pinmap --help` and `--version`, as a new user types them first.
@Suite struct HelpCLITests {
    let cli = PinmapCLITests()

    @Test func helpShowsTheMapsOwnFlagsAndTheSubcommands() throws {
        let help = try cli.pinmap(["--help"])
        #expect(help.status == 0)
        for flag in ["--tiles", "--pins", "--cluster", "--center", "--headless", "SUBCOMMANDS"] {
            #expect(help.stdout.contains(flag), "\(flag) in: \(help.stdout.prefix(400))")
        }
    }

    @Test func versionPrintsTheVersion() throws {
        let version = try cli.pinmap(["--version"])
        #expect(version.status == 0 && version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == PinmapVersion.current)
    }
}
