import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import Testing
import TileSources

/// Goldens of the other sources and of deep zoom: an MBTiles file opening
/// where its metadata says, the same file zoomed out past its shallowest
/// level (the embedded world shows beneath), and the embedded tiles
/// enlarged at zoom 12 and 18.
@Suite(.serialized) @MainActor struct TileSourceGoldenTests {
    let suite = "TileSourceGoldenTests"

    /// Levels 2–5 of the embedded world as an MBTiles file centred on Rome.
    func rome() throws -> TileSource {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("rome.mbtiles").path
        try MBTilesWriter.export(DirectoryTileSource(root: PinmapResources.tilesDirectory), levels: 2...5, to: path,
                                 metadata: ["name": "Rome", "format": "png", "minzoom": "2", "maxzoom": "5",
                                            "center": "12.4964,41.9028,5.5", "attribution": "Test MBTiles"])
        return UnderlaidTileSource(try MBTilesSource(path: path),
                                   under: try DirectoryTileSource(root: PinmapResources.tilesDirectory))
    }

    func render(_ source: TileSource, center: Coordinate, zoom: Double, size: Size = Size(width: 480, height: 320))
        throws -> Surface {
        var options = MapOptions(source: source, center: center, zoom: zoom, size: size,
                                 attribution: source.attribution,
                                 resources: MapResources(fonts: PinmapResources.fontsDirectory, images: nil),
                                 tileCacheBytes: 64 << 20, pins: nil)
        options.showsControls = false
        return try HeadlessRun(options: options).renderImage()
    }

    @Test func anMBTilesViewWhereItsMetadataOpens() throws {
        let source = try rome()
        let view = try #require(source.openingView)
        #expect(view.zoom == 5.5)
        assertGolden(try render(source, center: view.center, zoom: view.zoom), named: "mbtiles-rome-z5.5", suite: suite)
    }

    @Test func zoomedOutPastItsShallowestLevelTheWorldShowsBeneath() throws {
        let image = try render(rome(), center: Coordinate(latitude: 20, longitude: 0), zoom: 0.8)
        let middle = image.pixel(x: 240, y: 160)
        #expect(middle != TileLayer.placeholderFill && middle.alpha == 255, "never a blank screen")
        assertGolden(image, named: "mbtiles-below-minzoom", suite: suite)
    }

    @Test func deepZoomOnTheEmbeddedTiles() throws {
        let embedded = try DirectoryTileSource(root: PinmapResources.tilesDirectory)
        // The coast of Spain at the Strait of Gibraltar: one source pixel of land
        // and sea enlarged to the whole frame.
        let strait = Coordinate(latitude: 36.022, longitude: -5.6)
        for zoom in [12.0, 18.0] {
            assertGolden(try render(embedded, center: strait, zoom: zoom), named: "deep-z\(Int(zoom))", suite: suite)
        }
    }
}
