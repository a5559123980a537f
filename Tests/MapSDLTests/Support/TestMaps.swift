import Foundation
import Testing
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import TileSources
import VectorRaster

/// Builds headless runs for tests on the embedded tiles or a fixture folder.
@MainActor
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

    /// The embedded vector world in a bundled style ("light" or "dark"), as
    /// pinmap opens without --tiles.
    static func worldOptions(style: String = "light", center: Coordinate, zoom: Double, size: Size,
                             pins: PinDocument? = nil, scale: Double = 1) throws -> MapOptions {
        let source = try MBTilesSource(path: PinmapResources.worldTiles.path)
        let file = try #require(PinmapResources.worldStyle(style))
        let mapStyle = try MapStyle(bytes: [UInt8](try Data(contentsOf: file)), file: file.lastPathComponent)
        var options = MapOptions(source: source, center: center, zoom: zoom, size: size,
                                 attribution: source.attribution ?? "Natural Earth",
                                 resources: MapResources(fonts: PinmapResources.fontsDirectory,
                                                         images: PinmapResources.imagesDirectory),
                                 tileCacheBytes: 64 << 20, pins: pins)
        options.vectorLayout = VectorTileLayout(style: mapStyle, source: "world", dataLevels: source.levels)
        options.displayScale = scale
        options.showsControls = false
        return options
    }

    /// A headless run of the embedded vector world (see `worldOptions`).
    static func world(style: String = "light", center: Coordinate, zoom: Double, size: Size,
                      pins: PinDocument? = nil, scale: Double = 1) throws -> HeadlessRun {
        try HeadlessRun(options: worldOptions(style: style, center: center, zoom: zoom, size: size, pins: pins, scale: scale))
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
