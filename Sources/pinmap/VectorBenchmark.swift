import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import TileSources
import VectorRaster

/// `pinmap bench --vector`: a 1024x768 view of a city at style zoom 13
/// (pinmap zoom 14): the first complete frame from process start (every tile
/// and label), panning frame times with the labels' stability, the densest
/// data tile decoded and painted on one core at scale 1 and 2, and the
/// session's peak memory. The city is a file (`--vector-tiles`, with
/// `--vector-style`) or, by default, a synthetic one as dense as real ones.
@MainActor
struct VectorBenchmark {
    var tiles: String?
    var style: String?
    var center = Coordinate(latitude: 47.3769, longitude: 8.5417)
    /// pinmap's zoom of the view: 14 is the style zoom 13 the figures are quoted at.
    var zoom = 14.0
    var frames = 300

    func run() throws -> [String: Double] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-vector-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // PINMAP_BENCH_KEEP=1 keeps the city file and the first frame's picture to look at.
        let keep = ProcessInfo.processInfo.environment["PINMAP_BENCH_KEEP"] == "1"
        defer { if !keep { try? FileManager.default.removeItem(at: folder) } }
        if keep { FileHandle.standardError.write(Data("kept in \(folder.path)\n".utf8)) }
        let file = try tiles ?? synthesize(in: folder)
        var figures: [String: Double] = [:]
        var arguments = ["--headless", "--no-pins", "--tiles", file, "--center", "\(center.latitude),\(center.longitude)",
                         "--zoom", "\(zoom)", "--size", "1024x512", "--screenshot", folder.appendingPathComponent("first.png").path]
        if let style { arguments += ["--style", style] }
        let first = try GeoJSONBenchmark.firstFrame(arguments: arguments)
        figures["vector_first_frame_ms"] = first.ms
        figures["vector_first_frame_rss_mb"] = first.firstFrameMB
        figures["vector_run_rss_mb"] = first.wholeRunMB
        figures["vector_first_frame_cores_busy"] = first.cores
        let source = try TileSourceOpener.open(file)
        let styleFile = style.map { URL(fileURLWithPath: $0) } ?? PinmapResources.defaultStyle
        let parsed = try MapStyle(bytes: [UInt8](Data(contentsOf: styleFile)), file: styleFile.lastPathComponent)
        guard let name = parsed.vectorSource?.name else { throw RunError("the style has no vector source") }
        let layout = VectorTileLayout(style: parsed, source: name, dataLevels: source.levels)
        for (scale, label) in [(1.0, "1x"), (2.0, "2x")] {
            let (ms, tile) = try densest(source, layout: layout, scale: scale)
            figures["vector_densest_tile_\(label)_ms"] = ms
            figures["vector_densest_tile_\(label)_kb"] = tile
        }
        let (median, p95, changes, _) = try panning(source, layout: layout)
        figures["vector_pan_median_ms"] = median
        figures["vector_pan_p95_ms"] = p95
        figures["vector_labels_changed_per_frame"] = changes
        // Turned: the same pan at heading 37°; tilted: 60° with its buildings, panning and turning 1° a frame.
        let turned = try panning(source, layout: layout, heading: 37)
        figures["vector_pan_heading37_median_ms"] = turned.median
        figures["vector_pan_heading37_p95_ms"] = turned.p95
        let tilted = try panning(source, layout: layout, heading: 37, pitch: 60, turning: 1)
        figures["vector_pitch60_turning_median_ms"] = tilted.median
        figures["vector_pitch60_turning_p95_ms"] = tilted.p95
        figures["vector_pitch60_turning_labels_changed_percent"] = tilted.changedShare * 100
        figures["vector_session_peak_mb"] = Benchmark.peakResidentMB()
        return figures.mapValues { ($0 * 100).rounded() / 100 }
    }

    private func synthesize(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("city.mbtiles").path
        let city = SyntheticCity(center: center)
        try MBTilesWriter.write(city.allTiles, to: path, metadata: [
            "name": "synthetic city", "format": "pbf", "minzoom": "10", "maxzoom": "14",
            "center": "\(center.longitude),\(center.latitude),14", "attribution": "synthetic city",
        ])
        return path
    }

    /// The largest data tile near the centre, of the level the view draws
    /// from (the deepest the data has when the view is deeper), decoded
    /// once and painted whole at its own zoom on this one thread: the 512
    /// pixels a side a style's tile has (four pinmap tiles), or 1,024 at
    /// scale 2 (sixteen). The time in ms, and the data tile's size in KB.
    private func densest(_ source: TileSource, layout: VectorTileLayout, scale: Double) throws -> (Double, Double) {
        let world = WebMercator.project(center)
        let viewZoom = Int(zoom.rounded(.down))
        let viewTile = TileID(z: viewZoom, x: Int(world.x * Double(1 << viewZoom)), y: Int(world.y * Double(1 << viewZoom)))
        let z = layout.dataTile(for: viewTile, scale: 1).z
        let (cx, cy) = (Int(world.x * Double(1 << z)), Int(world.y * Double(1 << z)))
        var best: (TileID, Int)?
        for x in (cx - 3)...(cx + 3) { for y in (cy - 3)...(cy + 3) {
            let tile = TileID(z: z, x: x, y: y)
            guard tile.isValid, let size = try source.data(for: tile)?.count, size > (best?.1 ?? 0) else { continue }
            best = (tile, size)
        } }
        guard let (dataTile, size) = best else {
            throw RunError("\(tiles ?? "the city"): no tiles at level \(z) within 3 tiles of \(center.latitude),\(center.longitude); give --vector-center")
        }
        let levels = 1 + Int(log2(scale))
        let producer = VectorTileProducer(source: source, layout: layout, scale: scale, rasterizer: CairoTileRasterizer())
        let start = DispatchTime.now()
        for dx in 0..<(1 << levels) { for dy in 0..<(1 << levels) {
            let tile = TileID(z: z + levels, x: dataTile.x << levels + dx, y: dataTile.y << levels + dy)
            _ = try producer.produce(TileKey(tile: tile))
        } }
        return (Benchmark.milliseconds(since: start), Double(size) / 1024)
    }

    /// The view panned 5 px a frame (turned to `heading`, tilted to `pitch`
    /// and turning `turning` degrees a frame), every frame built and drawn
    /// with the software renderer at 60 frames a second, as a window draws
    /// them, once the motion's tiles are in the cache: the median and
    /// 95th percentile frame times, how many labels appear or vanish per
    /// frame on average, and that as a share of the labels placed.
    private func panning(_ source: TileSource, layout: VectorTileLayout, heading: Double = 0, pitch: Double = 0,
                         turning: Double = 0) throws -> (median: Double, p95: Double, changes: Double, changedShare: Double) {
        var options = MapOptions(source: source, center: center, zoom: zoom, size: Size(width: 1024, height: 768),
                                 attribution: source.attribution,
                                 resources: MapResources(fonts: PinmapResources.fontsDirectory, images: nil),
                                 tileCacheBytes: 256 << 20, pins: nil)
        options.vectorLayout = layout
        options.showsControls = false
        options.heading = heading
        options.pitch = pitch
        let run = try HeadlessRun(options: options)
        let session = run.session
        let start = session.map.camera
        // The motion of frame i: 5 px sideways (60 frames one way, 60 back), turning `turning` degrees.
        func move(_ i: Int, at now: Double) {
            let dx = i % 120 < 60 ? -5.0 : 5.0
            session.pan(by: dx, from: Point(x: 512, y: 384), at: now)
            if turning != 0 {
                let camera = session.map.camera
                session.map.setCamera(camera.turned(heading: camera.heading + turning, pitch: camera.pitch), animated: false)
            }
        }
        // First the whole motion with every frame's tiles waited for, so the cache holds them all.
        for i in 0..<frames {
            move(i, at: Double(i) / 60)
            _ = try session.settledFrame(at: Double(i) / 60)
        }
        session.map.setCamera(start, animated: false)
        // Then the same motion as a window draws it: one frame every 1/60 s, built and drawn.
        let clock = Double(frames) / 60 + 1
        _ = try session.settledFrame(at: clock)
        var times: [Double] = []
        var previous = Set<LabelKey>()
        var changes = 0, placed = 0
        var buildTimes: [Double] = [], drawTimes: [Double] = []
        for i in 0..<frames {
            let now = clock + Double(i + 1) / 60
            move(i, at: now)
            let begin = DispatchTime.now()
            let scene = session.frame(at: now)
            let built = DispatchTime.now()
            session.draw(scene)
            times.append(Benchmark.milliseconds(since: begin))
            buildTimes.append(Double(built.uptimeNanoseconds - begin.uptimeNanoseconds) / 1e6)
            drawTimes.append(times[times.count - 1] - buildTimes[buildTimes.count - 1])
            let keys = Set(session.map.labels.placedKeys)
            if i > 0 {
                changes += keys.symmetricDifference(previous).count
                placed += max(keys.count, previous.count)
            }
            previous = keys
        }
        times.sort()
        buildTimes.sort()
        drawTimes.sort()
        if ProcessInfo.processInfo.environment["PINMAP_BENCH_SPLIT"] == "1" {
            FileHandle.standardError.write(Data(("heading \(heading) pitch \(pitch): scene built in \(buildTimes[buildTimes.count / 2]) ms, "
                + "drawn in \(drawTimes[drawTimes.count / 2]) ms (medians)\n").utf8))
        }
        return (times[times.count / 2], times[min(times.count - 1, times.count * 95 / 100)], Double(changes) / Double(max(frames - 1, 1)),
                Double(changes) / Double(max(placed, 1)))
    }
}
