import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import Testing
import TileSources

/// `pinmap FILE…`: files named without a flag, as "Open with" hands them
/// over, each taken for what it is; a map file opens on its data.
@Suite struct OpenFilesCLITests {
    let cli = PinmapCLITests()
    let tiles = TileSourceCLITests()

    func dumped(_ dump: URL) throws -> (camera: [String: Any], text: String) {
        let text = try String(contentsOf: dump, encoding: .utf8)
        return (try tiles.camera(dump), text)
    }

    @Test func aMapFileOpensFittedToItsBoundsWithoutTheDemoPins() throws {
        let dir = try cli.temporaryFolder()
        // A town's file: its centre row says zoom 1 far away, its bounds say where the data lies.
        let file = try tiles.mbtiles(["format": "png", "center": "100,10,1", "bounds": "8.4,47.3,8.7,47.45",
                                      "attribution": "Town maps"], in: dir)
        let dump = dir.appendingPathComponent("scene.json")
        let outcome = try cli.pinmap(["--headless", file, "--size", "600x400", "--dump-scene", dump.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let (camera, text) = try dumped(dump)
        let center = try #require(camera["center"] as? [Double])
        #expect(abs(center[0] - 47.375) < 0.05 && abs(center[1] - 8.55) < 0.01, "\(center)")
        // 0.3° of longitude across 600 pixels would be zoom 10.9; the file's tiles end at level 2, so no deeper than 3.
        #expect(camera["zoom"] as? Double == 3)
        #expect(!text.contains("\"annotations\":[{"), "no demo pins over a map of one's own")
    }

    @Test func filesAreTakenForWhatTheyAre() throws {
        let dir = try cli.temporaryFolder()
        let map = try tiles.mbtiles(["format": "png", "bounds": "8.4,47.3,8.7,47.45"], in: dir)
        let pins = dir.appendingPathComponent("places.geojson")
        try Data(##"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"title": "Here"}, "geometry": {"type": "Point", "coordinates": [8.5, 47.4]}}]}"##.utf8)
            .write(to: pins)
        let style = dir.appendingPathComponent("style.json")
        try Data(##"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#123456"}}]}"##.utf8)
            .write(to: style)
        let dump = dir.appendingPathComponent("scene.json")
        let outcome = try cli.pinmap(["--headless", pins.path, map, "--size", "300x200", "--dump-scene", dump.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let (camera, text) = try dumped(dump)
        #expect(text.contains(#""annotations":[{"coordinate":[47.4,8.5]"#), "the GeoJSON file's pin is shown")
        #expect((camera["center"] as? [Double]).map { abs($0[0] - 47.4) < 1e-3 && abs($0[1] - 8.5) < 1e-3 } == true,
                "the view fits the pins given with the map")
        let shot = dir.appendingPathComponent("shot.png")
        let styled = try cli.pinmap(["--headless", style.path, "--size", "64x64", "--no-controls", "--attribution", "",
                                     "--screenshot", shot.path])
        #expect(styled.status == 0, "\(styled.stderr)")
        let pixel = try Surface.load(path: shot.path).pixel(x: 32, y: 32)
        #expect(pixel.red == 0x12 && pixel.green == 0x34 && pixel.blue == 0x56, "a .json with version and layers is a style")
    }

    @Test func whatCannotBeOpenedGetsOneClearLine() throws {
        let dir = try cli.temporaryFolder()
        let notes = dir.appendingPathComponent("notes.txt")
        try Data("hello".utf8).write(to: notes)
        let map = try tiles.mbtiles(["format": "png"], in: dir)
        let outcomes = [
            ([notes.path], "\(notes.path): not a file pinmap opens (.gpx, .geojson, .json, .mbtiles, .pmtiles or a tile folder)"),
            ([dir.appendingPathComponent("gone.gpx").path], "\(dir.appendingPathComponent("gone.gpx").path): no such file"),
            ([map, map], "pinmap shows one map at a time"),
            ([map, "--tiles", map], "--tiles already names the map"),
        ]
        for (arguments, message) in outcomes {
            let outcome = try cli.pinmap(["--headless", "--screenshot", dir.appendingPathComponent("x.png").path] + arguments)
            #expect(outcome.status == 2)
            #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
            #expect(outcome.stderr.split(separator: "\n").count == 1, "one line: \(outcome.stderr)")
        }
    }
}
