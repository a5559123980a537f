import Foundation
import MapEngine
import MapKitLayer

/// The annotation figures of `pinmap bench`: 100,000 pins spread over the
/// world, added at once, then scenes built while the camera pans at zoom 3
/// and at zoom 10. Only the core is timed here (no drawing), with every tile
/// taken as loaded.
@MainActor
struct AnnotationBenchmark {
    let count: Int
    let frames: Int

    func run() -> [String: Double] {
        let rssBefore = Self.residentMB()
        var random = SeededRandom(seed: 7)
        let annotations = (0..<count).map { i in
            PointAnnotation(coordinate: Coordinate(latitude: random.next(in: -80...80),
                                                   longitude: random.next(in: -180...180)),
                            title: "Pin \(i)")
        }
        let map = MapController(camera: Camera(center: Coordinate(latitude: 30, longitude: 10), zoom: 3,
                                               viewportSize: Size(width: 1280, height: 800)),
                                levels: 0...5, attribution: "Natural Earth")
        let start = DispatchTime.now()
        map.addAnnotations(annotations)
        let addMs = Benchmark.milliseconds(since: start)

        var times: [Double] = []
        var byZoom: [Double: [Double]] = [:]
        var liveMax = 0
        for zoom in [3.0, 10.0] {
            // Start a frame's worth of panning away, so the first timed frame is not the first frame.
            map.handle(.key(KeyPress("0")), at: 0)
            map.handle(.wheel(at: Point(x: 640, y: 400), dx: 0, dy: (zoom - 3) / 0.5), at: 0)
            map.advance(to: 1)
            _ = FrameComposer.scene(of: map, at: 1, tiles: AllLoaded(), text: BenchMetrics())
            for frame in 0..<frames {
                let now = 2 + Double(frame) / 60
                drag(map, by: Point(x: -7, y: -3), at: now)
                let start = DispatchTime.now()
                let scene = FrameComposer.scene(of: map, at: now, tiles: AllLoaded(), text: BenchMetrics())
                let elapsed = Benchmark.milliseconds(since: start)
                precondition(!scene.commands.isEmpty)
                times.append(elapsed)
                byZoom[zoom, default: []].append(elapsed)
                liveMax = max(liveMax, map.liveAnnotationViewCount)
            }
        }
        var figures: [String: Double] = [
            "annotations_add_100k_ms": addMs,
            "scene_build_100k_ms_median": Self.percentile(times, 0.5),
            "scene_build_100k_ms_p95": Self.percentile(times, 0.95),
            "live_views_max": Double(liveMax),
            "peak_rss_mb_100k": Benchmark.peakResidentMB(),
            "rss_growth_mb_100k": Self.residentMB() - rssBefore,
        ]
        figures["drag_move_100k_ms_median"] = dragMoveMedian(map, annotations)
        for (zoom, list) in byZoom {
            figures["scene_build_100k_z\(Int(zoom))_ms_median"] = Self.percentile(list, 0.5)
        }
        withExtendedLifetime(annotations) {}
        return figures
    }

    /// Carries one pin across the map at zoom 3 among the others, timing
    /// each pointer move together with the scene that shows it.
    private func dragMoveMedian(_ map: MapController, _ annotations: [PointAnnotation]) -> Double {
        map.handle(.key(KeyPress("0")), at: 100)
        _ = FrameComposer.scene(of: map, at: 100, tiles: AllLoaded(), text: BenchMetrics())
        let center = Point(x: 640, y: 400)
        guard let pin = annotations.min(by: { (map.convert($0.coordinate) - center).length
                                                < (map.convert($1.coordinate) - center).length }),
              let view = map.view(for: pin) else { return -1 }
        let head = map.convert(pin.coordinate) + Point(x: 0, y: -24)
        // Pins lie thick at zoom 3: whichever is on top under the press is picked up.
        for other in annotations where (map.convert(other.coordinate) - head).length < 60 {
            map.view(for: other)?.isDraggable = true
        }
        view.isDraggable = true
        map.handle(.pointer(PointerEvent(phase: .down, location: head, button: .left)), at: 100)
        map.handle(.pointer(PointerEvent(phase: .move, location: head + Point(x: 6, y: 0))), at: 100)
        _ = FrameComposer.scene(of: map, at: 100.5, tiles: AllLoaded(), text: BenchMetrics())
        guard map.isDragging else { return -1 }  // the press did not pick the pin up
        var times: [Double] = []
        for step in 0..<frames {
            let now = 101 + Double(step) / 60
            let location = head + Point(x: 6 + Double(step % 100) * 2, y: Double(step % 50))
            let start = DispatchTime.now()
            map.handle(.pointer(PointerEvent(phase: .move, location: location)), at: now)
            _ = FrameComposer.scene(of: map, at: now, tiles: AllLoaded(), text: BenchMetrics())
            times.append(Benchmark.milliseconds(since: start))
        }
        map.handle(.key(KeyPress("escape")), at: 200)
        return Self.percentile(times, 0.5)
    }

    /// One press-move-release that pans the map by `delta`.
    private func drag(_ map: MapController, by delta: Point, at now: Double) {
        let from = Point(x: 640, y: 400)
        map.handle(.pointer(PointerEvent(phase: .down, location: from, button: .left)), at: now)
        map.handle(.pointer(PointerEvent(phase: .move, location: from + delta)), at: now)
        map.handle(.pointer(PointerEvent(phase: .up, location: from + delta, button: .left)), at: now)
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }

    /// The process's resident memory now (VmRSS), in MB.
    static func residentMB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return -1 }
        return kilobytes / 1024
    }
}

/// Every tile counts as loaded, so scene building does its full work.
struct AllLoaded: TileStatusProviding {
    func status(of key: TileKey) -> TileStatus? { .loaded }
}

/// Text 7 px a character, 13 px tall: close enough to DejaVu at 11 pt.
struct BenchMetrics: TextMeasuring {
    func size(of text: String, font: FontSpec) -> Size { Size(width: Double(text.count) * 7, height: 13) }
}

/// A small linear congruential generator: the same pins on every run.
struct SeededRandom {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(in range: ClosedRange<Double>) -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        let unit = Double(state >> 11) / Double(UInt64(1) << 53)
        return range.lowerBound + unit * (range.upperBound - range.lowerBound)
    }
}
