import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import TileSources

/// `pinmap bench --cluster-source N`: the `--markers N --cluster` scenario
/// with the points in a style's clustered GeoJSON source instead of pins,
/// so the two can be set side by side. N points at random places (the same
/// seed and spread) in a 1024x768 view at zoom 3, drawn by the style as a
/// circle per cluster or point and a count on each cluster; the source read
/// and clustered, the first frame, then 120 pans of 5 px, each followed by
/// a complete frame from the software renderer.
@MainActor
struct ClusterSourceBenchmark {
    let points: Int
    static let size = Size(width: 1024, height: 768)
    static let center = Coordinate(latitude: 30, longitude: 10)
    static let zoom = 3.0

    func run() throws -> [String: Double] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-cluster-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = Array(document().utf8)
        try Data(data).write(to: folder.appendingPathComponent("points.geojson"))
        let style = folder.appendingPathComponent("style.json")
        try Data(Self.style.utf8).write(to: style)

        var figures: [String: Double] = [:]
        // The source read, then its points clustered, each timed alone (the median of three).
        var read: [Double] = [], index: [Double] = []
        for _ in 0..<3 {
            let start = DispatchTime.now()
            let shapes = try GeoJSONShapes(bytes: data, file: "points.geojson")
            read.append(Benchmark.milliseconds(since: start))
            let clustering = DispatchTime.now()
            let clusters = GeoJSONClusters(shapes, settings: GeoJSONClusters.Settings(radius: 50, maxZoom: 14))
            index.append(Benchmark.milliseconds(since: clustering))
            withExtendedLifetime(clusters) {}
        }
        figures["source_read_ms"] = read.sorted()[1]
        figures["cluster_index_ms"] = index.sorted()[1]

        let loadStart = DispatchTime.now()
        let loaded = try loadStyle(styleFile: style.path, tiles: nil, settings: TileSourceOpener.Options(), scale: 1,
                                   logger: MapArguments.logger)
        var options = MapOptions(source: loaded.source, center: Self.center, zoom: Self.zoom, size: Self.size,
                                 attribution: loaded.credit,
                                 resources: MapResources(fonts: PinmapResources.fontsDirectory, images: nil),
                                 tileCacheBytes: 256 << 20, pins: nil)
        loaded.apply(to: &options)
        let run = try HeadlessRun(options: options)
        let session = run.session
        let first = try session.settledFrame(at: 0)
        session.draw(first)
        figures["first_frame_ms"] = Benchmark.milliseconds(since: loadStart)
        // A run that drew no cluster would time an empty map.
        guard !session.map.labels.placedKeys.isEmpty else { throw RunError("bench --cluster-source: the first frame shows no cluster's count") }
        figures["counts_shown"] = Double(session.map.labels.placedKeys.count)

        let (times, sceneTimes) = try session.timedPans(steps: MarkerBenchmark.steps)
        figures["redraw_median_ms"] = AnnotationBenchmark.percentile(times, 0.5)
        figures["redraw_p95_ms"] = AnnotationBenchmark.percentile(times, 0.95)
        figures["scene_median_ms"] = AnnotationBenchmark.percentile(sceneTimes, 0.5)
        figures["peak_rss_mb"] = Benchmark.peakResidentMB()
        return figures
    }

    /// The points, as `MarkerBenchmark` scatters its pins: uniformly over
    /// the view's pixels with seed 11.
    private func document() -> String {
        let middle = WebMercator.project(Self.center)
        let worldPixels = 256 * pow(2, Self.zoom)
        var random = SeededRandom(seed: 11)
        var text = #"{"type": "FeatureCollection", "features": ["#
        text.reserveCapacity(points * 90)
        for i in 0..<points {
            let x = random.next(in: 0...Self.size.width), y = random.next(in: 0...Self.size.height)
            let place = WebMercator.unproject(Point(x: middle.x + (x - Self.size.width / 2) / worldPixels,
                                                    y: middle.y + (y - Self.size.height / 2) / worldPixels))
            if i > 0 { text += "," }
            text += #"{"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [\#(place.longitude), \#(place.latitude)]}}"#
        }
        return text + "]}"
    }

    /// A circle for each cluster (larger for more points) and each point
    /// alone, and each cluster's abbreviated count on it.
    static let style = #"""
    {"version": 8,
     "sources": {"points": {"type": "geojson", "data": "points.geojson", "cluster": true, "clusterRadius": 50, "clusterMaxZoom": 14}},
     "layers": [{"id": "land", "type": "background", "paint": {"background-color": "#eef0e8"}},
                {"id": "clusters", "type": "circle", "source": "points", "filter": ["has", "point_count"],
                 "paint": {"circle-color": "#1e88e5", "circle-stroke-color": "#ffffff", "circle-stroke-width": 2,
                           "circle-radius": ["step", ["get", "point_count"], 14, 100, 18, 1000, 24]}},
                {"id": "point", "type": "circle", "source": "points", "filter": ["!", ["has", "point_count"]],
                 "paint": {"circle-color": "#e53935", "circle-radius": 5}},
                {"id": "counts", "type": "symbol", "source": "points", "filter": ["has", "point_count"],
                 "layout": {"text-field": ["get", "point_count_abbreviated"], "text-size": 12},
                 "paint": {"text-color": "#ffffff"}}]}
    """#
}
