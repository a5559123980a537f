import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources

/// `pinmap bench --markers N`: the scenario map widgets are commonly
/// compared with. A 1024x768 view at zoom 3 on the vector world pinmap
/// opens on (or `--raster-world`, or `--tiles FILE`), N pins at
/// random places inside the view (fixed seed), then 120 pans of 5 px, each
/// followed by a complete frame from the software renderer. With `cluster`
/// the pins cluster, and the time to build their index is given apart;
/// with `stacked` they all stand on one spot; with `drawn` each is a view
/// that draws itself with shapes and text.
@MainActor
struct MarkerBenchmark {
    let markers: Int
    var cluster = false
    var stacked = false
    var drawn = false
    /// The map under the pins: a file or server (`--tiles`), else the
    /// embedded raster world (`--raster-world`), else the vector world.
    var tiles: String?
    var rasterWorld = false
    static let steps = 120

    func run() throws -> [String: Double] {
        let options = try Benchmark.markerMapOptions(tiles: tiles, rasterWorld: rasterWorld, size: Size(width: 1024, height: 768),
                                                     center: Coordinate(latitude: 30, longitude: 10), zoom: 3)
        let run = try HeadlessRun(options: options)
        let session = run.session
        let map = session.map
        let numbered = NumberedMarkers()
        if drawn { map.delegate = numbered }
        _ = try session.settledFrame(at: 0)

        var random = SeededRandom(seed: 11)
        let start = DispatchTime.now()
        let pins = (0..<markers).map { i in
            let p = stacked ? Point(x: 512, y: 384) : Point(x: random.next(in: 0...1024), y: random.next(in: 0...768))
            return PointAnnotation(coordinate: map.convert(p), title: "Marker \(i)",
                                   clusteringIdentifier: cluster ? "markers" : nil)
        }
        map.addAnnotations(pins)
        let addMs = Benchmark.milliseconds(since: start)
        var indexMs: Double?, clusteredFrameMs: Double?
        if cluster {
            // The whole first clustered frame's preparation, index included.
            let frameStart = DispatchTime.now()
            map.prepareFrame(at: 0, text: BenchMetrics())  // builds the index in line
            clusteredFrameMs = Benchmark.milliseconds(since: frameStart)
        }
        let firstScene = try session.settledFrame(at: 0)
        let drawStart = DispatchTime.now()
        session.draw(firstScene)
        let firstDrawMs = Benchmark.milliseconds(since: drawStart)

        let (times, sceneTimes) = try session.timedPans(steps: MarkerBenchmark.steps)
        withExtendedLifetime((pins, numbered)) {}
        var figures = [
            "add_ms": addMs,
            "first_draw_ms": firstDrawMs,
            "redraw_median_ms": AnnotationBenchmark.percentile(times, 0.5),
            "redraw_p95_ms": AnnotationBenchmark.percentile(times, 0.95),
            "scene_median_ms": AnnotationBenchmark.percentile(sceneTimes, 0.5),
            "peak_rss_mb": Benchmark.peakResidentMB(),
        ]
        if cluster {
            // The index alone, as the map's presenter builds it on its thread,
            // timed last so the figures above hold only the map's memory.
            let places = pins.map { WebMercator.project($0.coordinate) }
            let indexStart = DispatchTime.now()
            let index = ClusterIndex(points: places)
            indexMs = Benchmark.milliseconds(since: indexStart)
            withExtendedLifetime(index) {}
        }
        if let indexMs { figures["cluster_index_ms"] = indexMs }
        if let clusteredFrameMs { figures["first_clustered_frame_ms"] = clusteredFrameMs }
        return figures
    }
}

/// Markers that draw themselves: a dark disc in a white ring with a number
/// from 1 to 99 (so 99 pictures are painted, and shared by every marker).
@MainActor
private final class NumberedMarkers: MapViewDelegate {
    final class View: AnnotationView {
        let number: Int
        init(annotation: any Annotation, number: Int) {
            self.number = number
            super.init(annotation: annotation, reuseIdentifier: nil)
            size = Size(width: 22, height: 22)
        }

        override func draw(into canvas: inout AnnotationCanvas, at now: Double) {
            canvas.fill(.circle(center: Point(x: 11, y: 11), radius: 11), color: Color(hex: 0xFFFFFF))
            canvas.fill(.circle(center: Point(x: 11, y: 11), radius: 9), color: Color(hex: 0x37474F))
            canvas.draw("\(number)", font: FontSpec(size: 10, weight: .bold), color: Color(hex: 0xFFFFFF),
                        centeredIn: Rect(x: 0, y: 0, width: 22, height: 22))
        }
    }

    func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
        let index = Int((annotation.title ?? nil)?.split(separator: " ").last ?? "0") ?? 0
        return View(annotation: annotation, number: index % 99 + 1)
    }
}
