import Foundation
import MapCore
import MapSDL
import PinmapResources

/// Builds headless runs for tests on the embedded tiles or a fixture folder.
enum TestMaps {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func options(tiles: URL = PinmapResources.tilesDirectory, center: Coordinate, zoom: Double,
                        size: Size) throws -> MapOptions {
        let source = try DirectoryTileSource(root: tiles)
        return MapOptions(source: source, center: center, zoom: zoom, size: size,
                          attribution: source.attribution ?? "Test tiles",
                          resources: MapResources(fonts: PinmapResources.fontsDirectory),
                          tileCacheBytes: 64 << 20)
    }

    static func run(tiles: URL = PinmapResources.tilesDirectory, center: Coordinate, zoom: Double,
                    size: Size) throws -> HeadlessRun {
        try HeadlessRun(options: options(tiles: tiles, center: center, zoom: zoom, size: size))
    }
}
