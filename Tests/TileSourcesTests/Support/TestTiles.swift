import Foundation
import MapEngine
import MapKitLayer
import PinmapResources
import TileSources

/// Tile sets for the tests, made from the embedded world.
enum TestTiles {
    static var embedded: DirectoryTileSource {
        get throws { try DirectoryTileSource(root: PinmapResources.tilesDirectory) }
    }

    /// A fresh folder, removed by nobody: each test gets its own.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-tiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The embedded world as an MBTiles file (levels 0–3 unless told), in
    /// the plain or the deduplicated layout.
    static func mbtiles(levels: ClosedRange<Int> = 0...3, layout: MBTilesWriter.Layout = .plain,
                        metadata: [String: String] = ["name": "World", "format": "png"]) throws -> String {
        let path = try temporaryFolder().appendingPathComponent("world.mbtiles").path
        try MBTilesWriter.export(embedded, levels: levels, to: path, metadata: metadata, layout: layout)
        return path
    }
}
