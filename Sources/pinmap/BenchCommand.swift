import ArgumentParser
import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import TileSources

/// `pinmap bench --json`: measures start-up, frame time, tile decoding,
/// annotations, the geocoder and memory on the embedded resources, and
/// prints the figures.
/// `--markers N` runs the widget-comparison scenario instead.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure first frame, frame time, tile decoding, annotations and memory; print the figures."
    )

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    @Option(help: "Frames to time while panning.")
    var frames = 300

    @Option(help: ArgumentHelp("Only the comparison scenario: N pins in a 1024x768 view at zoom 3, "
                                   + "120 pans of 5 px, each with a full software-rendered frame.",
                               valueName: "N"))
    var markers: Int?

    @Flag(help: "With --markers: the pins cluster; prints the time to build their index as cluster_index_ms.")
    var cluster = false

    @Flag(help: "With --markers: every pin at the view's centre, one crowd on one spot (hostile input for clustering).")
    var stacked = false

    @Flag(help: ArgumentHelp("With --markers: each pin is a view that draws itself with shapes and text (a disc and one of "
                                 + "99 numbers); prints the first frame's drawing, pictures painted, as first_draw_ms."))
    var drawn = false

    @Option(name: .customLong("tiles"), help: ArgumentHelp("With --markers: the map under the pins, a file or tile server "
                                                            + "(default: the embedded vector world).", valueName: "file"))
    var markerTiles: String?

    @Flag(name: .customLong("raster-world"), help: "With --markers: the pins on the embedded raster world, as peers on flat tiles.")
    var rasterWorld = false

    @Option(help: ArgumentHelp("Only the memory soak: a long session of N frames (pans, deep zooms, drags, "
                                   + "callouts); prints resident memory after warm-up, half-way and at the end.",
                               valueName: "N"))
    var soak: Int?

    @Option(help: ArgumentHelp("Only the pins-file scenario: a GeoJSON file of N points read in this process "
                                   + "(geojson_load_*_ms, geojson_mb_per_s), then opened by pinmap --headless --cluster "
                                   + "to its first drawn frame (geojson_first_frame_*_ms, *_rss_mb: that process's peak).",
                               valueName: "N"))
    var geojson: Int?

    @Flag(help: ArgumentHelp("Only the vector scenario: a 1024x512 view of a city at style zoom 13: first complete frame "
                                 + "from process start, panning, the densest tile at scale 1 and 2, memory."))
    var vector = false

    @Option(name: .customLong("vector-tiles"), help: ArgumentHelp("With --vector: the city's tiles (default: a synthetic city).",
                                                                  valueName: "file"))
    var vectorTiles: String?

    @Option(name: .customLong("vector-style"), help: ArgumentHelp("With --vector: the style (default: the bundled one).",
                                                                  valueName: "style.json"))
    var vectorStyle: String?

    @Option(name: .customLong("vector-center"), help: ArgumentHelp("With --vector: the view's centre.", valueName: "lat,lon"))
    var vectorCenter: String?

    @Option(name: .customLong("vector-zoom"), help: ArgumentHelp("With --vector: pinmap's zoom of the view (14: style zoom 13).",
                                                                 valueName: "zoom"))
    var vectorZoom = 14.0

    @Option(help: ArgumentHelp("Only the overlay scenario: a GeoJSON or GPX file's lines read, built and panned over "
                                   + "the vector world at 1024x768 (load_ms, overlays_build_ms, first_frame_ms, "
                                   + "overlay_redraw_median_ms).", valueName: "file"))
    var overlay: String?

    @Flag(help: ArgumentHelp("Only the label scenario: 600 labels named in Latin, CJK and Arabic script: first frame "
                             + "and pan median for each, and each over Latin (labels_*)."))
    var labels = false

    @Option(name: .customLong("cluster-source"),
            help: ArgumentHelp("Only the clustered-source scenario: --markers N --cluster with the N points in a style's "
                               + "clustered GeoJSON source instead of pins (cluster_index_ms, redraw_*).", valueName: "N"))
    var clusterSource: Int?

    @Option(name: .customLong("overlay-points"),
            help: ArgumentHelp("Only the overlay scenario on a generated GPX track of N points.", valueName: "N"))
    var overlayPoints: Int?

    func validate() throws {
        if let overlayPoints, overlayPoints < 2 { throw UsageError("--overlay-points: must be at least 2") }
        if overlay != nil && overlayPoints != nil { throw UsageError("--overlay and --overlay-points: give one") }
        if let geojson, geojson < 1 { throw UsageError("--geojson: must be at least 1") }
        if let markers, markers < 1 { throw UsageError("--markers: must be at least 1") }
        if let clusterSource, clusterSource < 1 { throw UsageError("--cluster-source: must be at least 1") }
        if let soak, soak < 100 { throw UsageError("--soak: must be at least 100 frames") }
        if frames < 1 { throw UsageError("--frames: must be at least 1") }
        if stacked && markers == nil { throw UsageError("--stacked goes with --markers N") }
        if drawn && markers == nil { throw UsageError("--drawn goes with --markers N") }
        if (markerTiles != nil || rasterWorld) && markers == nil { throw UsageError("--tiles and --raster-world go with --markers N") }
        if markerTiles != nil && rasterWorld { throw UsageError("--raster-world shows the embedded raster world: give it without --tiles") }
    }

    /// ArgumentParser calls this on the main thread, where the map lives.
    func run() throws {
        try MainActor.assumeIsolated { try runOnMainActor() }
    }

    @MainActor
    private func runOnMainActor() throws {
        ConsoleLogHandler.bootstrap(verbose: false)
        do {
            let figures: [String: Double]
            if overlay != nil || overlayPoints != nil {
                var file = overlay.map { URL(fileURLWithPath: $0) }
                var folder: URL?
                if let overlayPoints {
                    let made = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-bench-\(UUID().uuidString)")
                    try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
                    folder = made
                    file = try OverlayBenchmark.generate(points: overlayPoints, in: made)
                }
                defer { if let folder { try? FileManager.default.removeItem(at: folder) } }
                figures = try OverlayBenchmark(file: file!, frames: frames).run()
            } else if labels {
                figures = try LabelBenchmark(frames: min(frames, 240)).run()
            } else if vector {
                var benchmark = VectorBenchmark(tiles: vectorTiles, style: vectorStyle)
                if let vectorCenter {
                    do { benchmark.center = try Coordinate.parse(vectorCenter) } catch { throw UsageError("--vector-center: \(error.description)") }
                } else if let vectorTiles {
                    // A real city's file: its own centre, not the synthetic city's.
                    do {
                        if let opening = try TileSourceOpener.open(vectorTiles).openingView { benchmark.center = opening.center }
                    } catch {
                        throw UsageError("--vector-tiles: \(error.description)")
                    }
                }
                guard Camera.zoomLimits.contains(vectorZoom) else { throw UsageError("--vector-zoom: must be 0 to 20") }
                benchmark.zoom = vectorZoom
                benchmark.frames = frames
                figures = try benchmark.run()
            } else if let soak {
                figures = try SoakBenchmark(frames: soak).run()
            } else if let clusterSource {
                figures = try ClusterSourceBenchmark(points: clusterSource).run().mapValues { ($0 * 100).rounded() / 100 }
            } else if let geojson {
                figures = try GeoJSONBenchmark(count: geojson).run().mapValues { ($0 * 100).rounded() / 100 }
            } else if let markers {
                figures = try MarkerBenchmark(markers: markers, cluster: cluster, stacked: stacked, drawn: drawn,
                                              tiles: markerTiles, rasterWorld: rasterWorld).run()
                    .mapValues { ($0 * 100).rounded() / 100 }
            } else {
                figures = try Benchmark(frames: frames).run()
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                print(String(decoding: try encoder.encode(figures), as: UTF8.self))
            } else {
                for (name, value) in figures.sorted(by: { $0.key < $1.key }) {
                    print(name.padding(toLength: 32, withPad: " ", startingAt: 0), value)
                }
            }
        } catch let error as SDLError {
            throw RunError(error.description)
        } catch let error as HeadlessError {
            throw RunError(error.description)
        } catch let error as GazetteerError {
            throw RunError(error.description)
        }
    }
}
