import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapKit
import PinmapResources
import TileSources

/// The measurements behind `pinmap bench`. Each figure is measured, never
/// assumed; times are wall-clock on this machine.
@MainActor
struct Benchmark {
    let frames: Int

    func run() throws -> [String: Double] {
        // Annotations first, so their peak memory is not hidden by the tile caches'.
        var figures = AnnotationBenchmark(count: 100_000, frames: frames).run()
        figures["first_frame_ms"] = try firstFrame(raster: false)
        figures["first_frame_raster_ms"] = try firstFrame(raster: true)
        let (median, p95) = try panningFrames(zoom: 4.5, raster: false)
        figures["frame_ms_median"] = median
        figures["frame_ms_p95"] = p95
        let (rasterMedian, rasterP95) = try panningFrames(zoom: 4.5, raster: true)
        figures["frame_ms_median_raster"] = rasterMedian
        figures["frame_ms_p95_raster"] = rasterP95
        // The view pinmap opens on, labels and all.
        let (openingMedian, openingP95) = try panningFrames(zoom: 2, raster: false, center: Coordinate(latitude: 30, longitude: 10),
                                                            size: Size(width: 1024, height: 768))
        figures["frame_ms_median_default_view"] = openingMedian
        figures["frame_ms_p95_default_view"] = openingP95
        // Past the embedded data's deepest level the map is drawn from it,
        // enlarged (here over Zurich, labelled); a frame must cost what one at zoom 4.5 does.
        for zoom in [12.0, 20.0] {
            let (deepMedian, deepP95) = try panningFrames(zoom: zoom, raster: false, center: Coordinate(latitude: 47.37, longitude: 8.54))
            figures["frame_ms_median_z\(Int(zoom))"] = deepMedian
            figures["frame_ms_p95_z\(Int(zoom))"] = deepP95
        }
        figures["tile_decode_per_s"] = try tileDecodeRate()
        figures.merge(try TileSourceBenchmark().run()) { first, _ in first }
        figures.merge(try GeoJSONBenchmark().run()) { first, _ in first }
        figures.merge(try GeocoderBenchmark().run()) { first, _ in first }
        figures["peak_rss_mb"] = Self.peakResidentMB()
        return figures.mapValues { ($0 * 100).rounded() / 100 }
    }

    private func options(size: Size, center: Coordinate, zoom: Double, raster: Bool) throws -> MapOptions {
        raster ? try Benchmark.embeddedOptions(size: size, center: center, zoom: zoom, images: false)
            : try Benchmark.worldOptions(size: size, center: center, zoom: zoom)
    }

    /// A map of the embedded vector world in its light style, as pinmap
    /// opens without --tiles: what a first frame and a pan cost for a user.
    static func worldOptions(size: Size, center: Coordinate, zoom: Double) throws -> MapOptions {
        // Offline: figures that do not depend on a network.
        let world = try loadStyle(styleFile: "light", tiles: nil, settings: TileSourceOpener.Options(), scale: 1,
                                  sourceAddresses: [StreetDetail.source: ""], logger: MapArguments.logger)
        var options = MapOptions(source: world.source, center: center, zoom: zoom, size: size, attribution: world.credit,
                                 resources: MapResources(fonts: PinmapResources.fontsDirectory, images: nil),
                                 tileCacheBytes: 256 << 20, pins: nil)
        world.apply(to: &options)
        return options
    }

    /// The map a marker benchmark draws pins on: `tiles` (a file or a
    /// server, drawn with the bundled style when it holds vector tiles),
    /// the embedded raster world (`rasterWorld`), or by default the vector
    /// world pinmap opens on; pinmap's fonts and pin images either way.
    static func markerMapOptions(tiles: String?, rasterWorld: Bool, size: Size, center: Coordinate,
                                 zoom: Double) throws -> MapOptions {
        if rasterWorld { return try embeddedOptions(size: size, center: center, zoom: zoom) }
        var source: TileSource?
        if let tiles {
            do {
                source = try TileSourceOpener.open(tiles)
            } catch {
                throw UsageError("--tiles: \(error.description)")
            }
        }
        let style = source.map { $0.content == .vector } ?? true
            ? try loadStyle(styleFile: tiles == nil ? "light" : nil, tiles: source, settings: TileSourceOpener.Options(),
                            scale: 1, sourceAddresses: [StreetDetail.source: ""], logger: MapArguments.logger)
            : nil
        guard let opened = style?.source ?? source else { throw UsageError("--tiles: nothing to open") }
        var options = MapOptions(source: opened, center: center, zoom: zoom, size: size,
                                 attribution: style?.credit ?? opened.attribution,
                                 resources: MapResources(fonts: PinmapResources.fontsDirectory, images: PinmapResources.imagesDirectory),
                                 tileCacheBytes: 256 << 20, pins: nil)
        style?.apply(to: &options)
        return options
    }

    /// A map on the embedded tiles and fonts (and pin images unless
    /// `images` is false), as every benchmark uses.
    static func embeddedOptions(size: Size, center: Coordinate, zoom: Double, images: Bool = true,
                                cacheBytes: Int = 256 << 20, pins: PinDocument? = nil) throws -> MapOptions {
        let source = try DirectoryTileSource(root: PinmapResources.tilesDirectory)
        return MapOptions(source: source, center: center, zoom: zoom, size: size, attribution: source.attribution,
                          resources: MapResources(fonts: PinmapResources.fontsDirectory,
                                                  images: images ? PinmapResources.imagesDirectory : nil),
                          tileCacheBytes: cacheBytes, pins: pins)
    }

    /// From a cold headless start (SDL, the world's tiles and style, fonts)
    /// to the first frame drawn with every visible tile loaded.
    private func firstFrame(raster: Bool) throws -> Double {
        let start = DispatchTime.now()
        let run = try HeadlessRun(options: options(size: Size(width: 800, height: 600),
                                                   center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 4.5,
                                                   raster: raster))
        _ = try run.renderImage()
        return Self.milliseconds(since: start)
    }

    /// A 1280x800 view at `zoom` (4.5 for the main figure), of the vector
    /// world or the raster one, panning 7 px
    /// right and 3 px down per frame with the software renderer. Each timed frame builds the
    /// scene and draws it; tile decoding runs on other threads and is waited
    /// for between frames so every timed frame is complete.
    private func panningFrames(zoom: Double, raster: Bool, center: Coordinate = Coordinate(latitude: 30, longitude: -40),
                               size: Size = Size(width: 1280, height: 800)) throws -> (Double, Double) {
        let run = try HeadlessRun(options: options(size: size, center: center, zoom: zoom, raster: raster))
        let session = run.session
        var times: [Double] = []
        for i in 0..<frames {
            let now = Double(i) / 60
            let middle = Point(x: size.width / 2, y: size.height / 2), moved = Point(x: size.width / 2 - 7, y: size.height / 2 - 3)
            session.map.handle(.pointer(PointerEvent(phase: .down, location: middle, button: .left)), at: now)
            session.map.handle(.pointer(PointerEvent(phase: .move, location: moved)), at: now)
            session.map.handle(.pointer(PointerEvent(phase: .up, location: moved, button: .left)), at: now)
            _ = try session.settledFrame(at: now)
            let start = DispatchTime.now()
            session.draw(session.frame(at: now))
            times.append(Self.milliseconds(since: start))
        }
        times.sort()
        return (times[times.count / 2], times[min(times.count - 1, Int(Double(times.count) * 0.95))])
    }

    /// PNG decodes per second of the embedded zoom-5 tiles, read into memory
    /// first so only decoding is timed (one thread).
    private func tileDecodeRate() throws -> Double {
        let source = try DirectoryTileSource(root: PinmapResources.tilesDirectory)
        var blobs: [Data] = []
        for x in 0..<32 {
            for y in 0..<32 {
                if let data = try source.data(for: TileID(z: 5, x: x, y: y)) { blobs.append(data) }
            }
        }
        let start = DispatchTime.now()
        for (i, blob) in blobs.enumerated() {
            _ = try Surface.decode(blob, name: "tile \(i)")
        }
        return Double(blobs.count) / (Self.milliseconds(since: start) / 1000)
    }

    static func milliseconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
    }

    /// The process's peak resident memory (VmHWM), in MB.
    static func peakResidentMB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return -1 }
        return kilobytes / 1024
    }
}
