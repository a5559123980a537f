import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import VectorRaster
import FileAccess

/// `pinmap bench --overlay FILE` (or `--overlay-points N`, a generated
/// track of N points): what lines cost. Reading the file, building its
/// overlays (projection and simplification ranks), the first complete
/// frame, and the frames of a pan over the embedded vector world with the
/// lines on it, each built and drawn once its tiles are painted.
@MainActor
struct OverlayBenchmark {
    var file: URL
    var frames: Int

    /// A GPX file of one track of `points` points: a wandering ride of about
    /// 10 m a point around Zurich, with elevation and a time each second.
    static func generate(points: Int, in folder: URL) throws -> URL {
        var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"pinmap bench\" "
            + "xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><name>Generated</name><trkseg>\n"
        text.reserveCapacity(points * 90)
        var latitude = 47.3, longitude = 8.4, heading = 0.0
        for i in 0..<points {
            heading += sin(Double(i) / 97) * 0.2
            latitude += cos(heading) * 0.00009
            longitude += sin(heading) * 0.00013
            let seconds = i % 60, minutes = i / 60 % 60, hours = i / 3600 % 24, day = 1 + i / 86_400 % 28
            text += String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"><ele>%.1f</ele><time>2024-05-%02dT%02d:%02d:%02dZ</time></trkpt>\n",
                           latitude, longitude, 400 + 100 * sin(Double(i) / 500), day, hours, minutes, seconds)
        }
        text += "</trkseg></trk></gpx>\n"
        let url = folder.appendingPathComponent("generated-\(points).gpx")
        try Data(text.utf8).write(to: url)
        return url
    }

    func run() throws -> [String: Double] {
        var figures: [String: Double] = [:]
        var start = DispatchTime.now()
        let document: PinDocument
        do {
            document = try PinDocument.load(from: file, files: DiskFiles())
        } catch {
            throw RunError(error.description)
        }
        figures["load_ms"] = Benchmark.milliseconds(since: start)
        figures["file_mb"] = Double(document.bytes.count) / 1e6
        start = DispatchTime.now()
        let overlays = document.overlays()
        figures["overlays_build_ms"] = Benchmark.milliseconds(since: start)
        figures["overlay_vertices"] = Double(overlays.reduce(0) { total, entry in
            switch entry.overlay.geometry {
            case .lines(let paths): return total + paths.reduce(0) { $0 + $1.points.count }
            case .areas(let areas): return total + areas.reduce(0) { $0 + $1.outer.points.count + $1.holes.reduce(0) { $0 + $1.points.count } }
            }
        })
        let size = Size(width: 1024, height: 768)
        let view = document.mapRect.map { Camera.fitting($0, viewportSize: size) }
            ?? Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 2, viewportSize: size)
        start = DispatchTime.now()
        var options = try Benchmark.worldOptions(size: size, center: view.centerCoordinate, zoom: view.zoom)
        options.pins = document
        options.showsControls = false
        let run = try HeadlessRun(options: options)
        _ = try run.renderImage()
        figures["first_frame_ms"] = Benchmark.milliseconds(since: start)
        let session = run.session
        var times: [Double] = []
        for i in 0..<frames {
            let now = 1 + Double(i) / 60
            let dx = i % 120 < 60 ? -6.0 : 6.0
            let middle = Point(x: 512, y: 384)
            session.map.handle(.pointer(PointerEvent(phase: .down, location: middle, button: .left)), at: now)
            session.map.handle(.pointer(PointerEvent(phase: .move, location: Point(x: 512 + dx, y: 381))), at: now)
            session.map.handle(.pointer(PointerEvent(phase: .up, location: Point(x: 512 + dx, y: 381), button: .left)), at: now)
            _ = try session.settledFrame(at: now)
            let frameStart = DispatchTime.now()
            session.draw(session.frame(at: now))
            times.append(Benchmark.milliseconds(since: frameStart))
        }
        times.sort()
        figures["overlay_redraw_median_ms"] = times[times.count / 2]
        figures["overlay_redraw_p95_ms"] = times[min(times.count - 1, times.count * 95 / 100)]
        figures["peak_rss_mb"] = Benchmark.peakResidentMB()
        return figures.mapValues { ($0 * 100).rounded() / 100 }
    }
}
