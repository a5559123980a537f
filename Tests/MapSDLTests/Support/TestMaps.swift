import Foundation
import MapCore
import MapSDL
import PinmapResources

/// Builds headless runs for tests on the embedded tiles or a fixture folder.
enum TestMaps {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func options(tiles: URL = PinmapResources.tilesDirectory, center: Coordinate, zoom: Double,
                        size: Size, pins: PinDocument? = nil, scale: Double = 1) throws -> MapOptions {
        let source = try DirectoryTileSource(root: tiles)
        var options = MapOptions(source: source, center: center, zoom: zoom, size: size,
                                 attribution: source.attribution ?? "Test tiles",
                                 resources: MapResources(fonts: PinmapResources.fontsDirectory,
                                                         images: PinmapResources.imagesDirectory),
                                 tileCacheBytes: 64 << 20, pins: pins)
        options.displayScale = scale
        options.showsControls = false  // clean screenshots, as --no-controls; ChromeGoldenTests shows them
        return options
    }

    static func run(tiles: URL = PinmapResources.tilesDirectory, center: Coordinate, zoom: Double,
                    size: Size, pins: PinDocument? = nil, scale: Double = 1) throws -> HeadlessRun {
        try HeadlessRun(options: options(tiles: tiles, center: center, zoom: zoom, size: size, pins: pins,
                                         scale: scale))
    }

    /// A pins document from features written as
    /// `(id, latitude, longitude, extra properties JSON)`.
    static func pins(_ features: [(String, Double, Double, String)]) throws -> PinDocument {
        let body = features.map { id, lat, lon, properties in
            #"{"type":"Feature","id":"\#(id)","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"#
                + #""properties":{"title":"\#(id)"\#(properties.isEmpty ? "" : "," + properties)}}"#
        }.joined(separator: ",")
        let text = #"{"type":"FeatureCollection","features":["# + body + "]}"
        return try PinDocument.parse(Array(text.utf8), file: "test.geojson")
    }
}
