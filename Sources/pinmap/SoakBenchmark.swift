import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import FileAccess

/// `pinmap bench --soak N`: a long session on the demo pins, drawn frame by
/// frame: pans, zooms from the whole world to zoom 14 and back, pins
/// dragged and put back with undo, callouts opened and closed. Resident
/// memory is read at the end of warm-up (a fifth of the frames), half-way
/// and at the end; once caches are full it must stop growing.
@MainActor
struct SoakBenchmark {
    let frames: Int

    func run() throws -> [String: Double] {
        var options = try Benchmark.embeddedOptions(size: Size(width: 800, height: 600),
                                                    center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 4,
                                                    cacheBytes: 32 << 20,
                                                    pins: try PinDocument.load(from: PinmapResources.demoPins, files: DiskFiles()))
        options.calloutLayouts = CalloutLayoutLibrary.load(from: [PinmapResources.calloutsDirectory], files: DiskFiles()).library
        let run = try HeadlessRun(options: options)
        let session = run.session
        var samples: [Int: Double] = [:]
        let warmUp = frames / 5, middle = warmUp + (frames - warmUp) / 2
        let start = DispatchTime.now()
        for frame in 0..<frames {
            let now = Double(frame) / 60
            for input in SoakBenchmark.inputs(frame: frame, map: session.map) {
                _ = session.handle(input, at: now)
            }
            session.draw(session.frame(at: now))
            if frame == warmUp || frame == middle || frame == frames - 1 {
                // Let loads in flight land, so the reading is of a settled session.
                _ = try session.settledFrame(at: now)
                samples[frame] = SoakBenchmark.residentMB()
            }
        }
        let seconds = Benchmark.milliseconds(since: start) / 1000
        let warm = samples[warmUp] ?? -1, half = samples[middle] ?? -1, end = samples[frames - 1] ?? -1
        return [
            "soak_frames": Double(frames),
            "soak_seconds": seconds,
            "soak_rss_after_warmup_mb": warm,
            "soak_rss_half_way_mb": half,
            "soak_rss_end_mb": end,
            "soak_rss_growth_second_half_pct": half > 0 ? (end - half) / half * 100 : -1,
        ].mapValues { ($0 * 100).rounded() / 100 }
    }

    /// What a person does at a given frame of a 16-second cycle.
    static func inputs(frame: Int, map: MapController) -> [InputEvent] {
        let step = frame % 960
        let centre = Point(x: 400, y: 300)
        func mouse(_ phase: PointerEvent.Phase, _ p: Point) -> InputEvent {
            .pointer(PointerEvent(phase: phase, location: p, button: phase == .move ? nil : .left))
        }
        switch step {
        case 0: return [mouse(.down, centre)]
        case 1..<90: return [mouse(.move, centre + Point(x: Double(step) * 3, y: Double(step)))]
        case 90: return [mouse(.up, centre + Point(x: 267, y: 89))]
        case 100..<220 where step % 6 == 0: return [.wheel(at: centre, dx: 0, dy: 1)]   // in to about zoom 14
        case 230..<350 where step % 6 == 0: return [.wheel(at: centre, dx: 0, dy: -1)]  // and out again
        case 400: return [.key(KeyPress("0"))]
        case 420, 520:
            // A pin's head: press, carry, drop; then undo.
            guard let pin = map.annotations.first(where: { $0.title != nil }) else { return [] }
            let head = map.convert(pin.coordinate) + Point(x: 0, y: -24)
            return [mouse(.down, head), mouse(.move, head + Point(x: 10, y: 0)), mouse(.move, head + Point(x: 60, y: 20))]
        case 430, 530:
            return [mouse(.up, map.convert(map.annotations[0].coordinate))]
        case 470, 570: return [.key(KeyPress("z", modifiers: .control))]
        case 600..<900 where step % 40 == 0:
            // Click pins in turn (callouts open), then empty map (they close).
            let pins = map.annotations
            guard !pins.isEmpty else { return [] }
            let pin = pins[(step / 40) % pins.count]
            let head = map.convert(pin.coordinate) + Point(x: 0, y: -24)
            return [mouse(.down, head), mouse(.up, head)]
        case 620..<900 where step % 40 == 20: return [mouse(.down, Point(x: 30, y: 580)), mouse(.up, Point(x: 30, y: 580))]
        case 930: return [.key(KeyPress("escape")), .key(KeyPress("0"))]
        default: return []
        }
    }

    /// The process's resident memory now (VmRSS), in MB.
    static func residentMB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return -1 }
        return kilobytes / 1024
    }
}
