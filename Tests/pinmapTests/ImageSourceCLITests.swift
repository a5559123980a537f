import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import Testing

/// Styles with an image source, and a city file's credit, as a user opens them.
@Suite struct ImageSourceCLITests {
    let cli = PinmapCLITests()
    static let fixtures = VectorCLITests.fixtures

    /// A style's image source: a picture (here the embedded world's level-0
    /// tile) laid as a diamond on the map by its four corners, over a
    /// magenta background: covered inside, bare outside, and no seam along
    /// the diagonal where its two triangles meet.
    @Test func anImageSourceIsLaidOnTheMapByItsCorners() throws {
        let dir = try cli.temporaryFolder()
        let picture = PinmapResources.tilesDirectory.appendingPathComponent("0/0/0.png")
        let style = dir.appendingPathComponent("style.json")
        try Data("""
        {"version": 8,
         "sources": {"photo": {"type": "image", "url": "\(picture.path)",
                               "coordinates": [[8.2, 47.5], [9.0, 47.0], [8.2, 46.5], [7.4, 47.0]]}},
         "layers": [
           {"id": "bg", "type": "background", "paint": {"background-color": "#ff00ff"}},
           {"id": "photo", "type": "raster", "source": "photo"}
         ]}
        """.utf8).write(to: style)
        let shot = dir.appendingPathComponent("shot.png")
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--no-controls", "--attribution", "", "--center", "47.0,8.2", "--zoom", "8",
                                      "--size", "400x300", "--style", style.path, "--screenshot", shot.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let image = try Surface.load(path: shot.path)
        func isMagenta(_ x: Int, _ y: Int) -> Bool {
            let p = image.pixel(x: x, y: y)
            return p.red > 150 && p.blue > 150 && p.green < 120
        }
        #expect(!isMagenta(200, 150), "the picture covers its middle")
        #expect(isMagenta(5, 5) && isMagenta(394, 5) && isMagenta(5, 294) && isMagenta(394, 294), "the background shows beyond its corners")
        // The diagonal from the top corner to the bottom one runs down the middle column.
        let tinted = (60...240).filter { isMagenta(200, $0) || isMagenta(199, $0) }
        #expect(tinted.isEmpty, "no seam along the diagonal: rows \(tinted)")
        // The missing picture is said with its name, and the map still opens.
        try Data(String(decoding: try Data(contentsOf: style), as: UTF8.self).replacingOccurrences(of: picture.path, with: "/nonexistent/beach.png").utf8)
            .write(to: style)
        let missing = try cli.pinmap(["--headless", "--no-pins", "--style", style.path, "--size", "100x100", "--screenshot", shot.path])
        #expect(missing.stderr.contains("/nonexistent/beach.png"), "\(missing.stderr)")
    }

    /// A city's own vector file (tilemaker's OpenMapTiles schema, no credit
    /// in its metadata) is credited to OpenMapTiles and OpenStreetMap, not
    /// to GeoNames, whose names it does not show.
    @Test func aCityFileIsCreditedToItsOwnSources() throws {
        let dir = try cli.temporaryFolder()
        let dump = dir.appendingPathComponent("scene.json")
        let city = Self.fixtures.deletingLastPathComponent().appendingPathComponent("City/monte-carlo.mbtiles")
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--tiles", city.path, "--center", "43.74,7.42", "--zoom", "14",
                                      "--size", "600x300", "--dump-scene", dump.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let scene = try String(contentsOf: dump, encoding: .utf8)
        #expect(scene.contains("© OpenMapTiles © OpenStreetMap contributors"))
        #expect(!scene.contains("GeoNames"), "the city's map shows no GeoNames names")
    }
}
