import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import TileSources

/// MBTiles figures: tiles read and decoded per second on one thread, and
/// the first frame from an MBTiles file against one from the tile folder it
/// was made from (same view, cold start each).
@MainActor
struct TileSourceBenchmark {
    func run() throws -> [String: Double] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("world.mbtiles").path
        let embedded = try DirectoryTileSource(root: PinmapResources.tilesDirectory)
        try MBTilesWriter.export(embedded, to: path, metadata: ["name": "World", "format": "png"])
        let mbtiles = try MBTilesSource(path: path)
        var figures: [String: Double] = [:]
        figures["mbtiles_tiles_per_s"] = try readAndDecodeRate(mbtiles)
        figures["first_frame_mbtiles_ms"] = try firstFrame(mbtiles)
        figures["first_frame_folder_ms"] = try firstFrame(embedded)
        return figures
    }

    /// Every zoom-5 tile read from the file and decoded, one thread.
    private func readAndDecodeRate(_ source: TileSource) throws -> Double {
        let start = DispatchTime.now()
        var count = 0
        for x in 0..<32 {
            for y in 0..<32 {
                guard let data = try source.data(for: TileID(z: 5, x: x, y: y)) else { continue }
                _ = try Surface.decode(data, name: "tile")
                count += 1
            }
        }
        return Double(count) / (Benchmark.milliseconds(since: start) / 1000)
    }

    private func firstFrame(_ source: TileSource) throws -> Double {
        let start = DispatchTime.now()
        let options = MapOptions(source: source, center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 4.5,
                                 size: Size(width: 800, height: 600), attribution: "bench",
                                 resources: MapResources(fonts: PinmapResources.fontsDirectory, images: nil),
                                 tileCacheBytes: 256 << 20, pins: nil)
        _ = try HeadlessRun(options: options).renderImage()
        return Benchmark.milliseconds(since: start)
    }
}
