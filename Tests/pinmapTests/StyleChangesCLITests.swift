import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import TileSources
import Testing

/// `--style-changes`: MapLibre's operations (as its render tests write
/// them) made to a headless run once its first picture is in.
@Suite struct StyleChangesCLITests {
    let cli = PinmapCLITests()

    func run(_ changes: String, in dir: URL) throws -> (status: Int32, stderr: String, pixel: (Int, Int) -> UInt32) {
        let style = dir.appendingPathComponent("style.json")
        try Data(##"""
        {"version": 8, "center": [0, 0], "zoom": 3,
         "sources": {"land": {"type": "geojson", "data": {"type": "Polygon", "coordinates": [[[-4, -4], [4, -4], [4, 4], [-4, 4], [-4, -4]]]}}},
         "layers": [{"id": "page", "type": "background", "paint": {"background-color": "#ffffff"}},
                    {"id": "land", "type": "fill", "source": "land", "paint": {"fill-color": "#00aa00"}}]}
        """##.utf8).write(to: style)
        let file = dir.appendingPathComponent("changes.json")
        try Data(changes.utf8).write(to: file)
        let shot = dir.appendingPathComponent("shot.png")
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--no-controls", "--attribution", "", "--style", style.path,
                                      "--size", "100x100", "--style-changes", file.path, "--screenshot", shot.path])
        let pixels = outcome.status == 0 ? try Surface.load(path: shot.path).argbPixels().map { $0 & 0xFFFFFF } : []
        return (outcome.status, outcome.stderr, { x, y in pixels[y * 100 + x] })
    }

    @Test func paintLayersAndTheCameraChange() throws {
        let dir = try cli.temporaryFolder()
        let result = try run(##"""
        [["setPaintProperty", "land", "fill-color", "#e04030"], ["wait"],
         ["addLayer", {"id": "dot", "type": "circle", "source": "land", "paint": {"circle-color": "#0000ff", "circle-radius": 3}}],
         ["setZoom", 1], ["wait"]]
        """##, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        // At MapLibre's zoom 1 (pinmap's 2) the 8° square is about 11 pixels across, red, in the white page.
        #expect(result.pixel(50, 50) == 0xE04030 || result.pixel(50, 50) == 0x0000FF)
        #expect(result.pixel(50, 44) == 0xE04030, "red land, smaller")
        #expect(result.pixel(50, 30) == 0xFFFFFF)
    }

    @Test func anOperationPinmapRefusesNamesItselfAndItsPlace() throws {
        let dir = try cli.temporaryFolder()
        let result = try run(##"[["setPaintProperty", "land", "fill-color", "#e04030"], ["removeLayer", "roads"]]"##, in: dir)
        #expect(result.status != 0)
        #expect(result.stderr.contains("changes.json: operation 2, removeLayer: there is no layer \"roads\""), "\(result.stderr)")
    }

    /// A raster source added at run time is opened as the style's own are (an MBTiles file beside the style).
    @Test func aRasterSourceAndLayerAddedAtRunTimeAreDrawn() throws {
        let dir = try cli.temporaryFolder()
        try StylesWithoutVectorSourcesCLITests.writeRedRaster(to: dir.appendingPathComponent("red.mbtiles"))
        let result = try run(##"""
        [["addSource", "red", {"type": "raster", "url": "mbtiles://red.mbtiles", "tileSize": 256}],
         ["addLayer", {"id": "red", "type": "raster", "source": "red"}, "land"], ["setZoom", 1], ["wait"]]
        """##, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.pixel(5, 5) == 0xFF0000, "the raster layer over the page")
        #expect(result.pixel(50, 50) == 0x00AA00, "under the land")
    }
}
