import Foundation
import MapEngine
import MapKitLayer
import MapSDL

extension MapSession {
    /// The view dragged `dx` pixels sideways by a mouse at `now`: pressed at
    /// `point`, moved, released (the benchmarks' pan of a frame).
    func pan(by dx: Double, from point: Point, at now: Double) {
        map.handle(.pointer(PointerEvent(phase: .down, location: point, button: .left)), at: now)
        map.handle(.pointer(PointerEvent(phase: .move, location: Point(x: point.x + dx, y: point.y))), at: now)
        map.handle(.pointer(PointerEvent(phase: .up, location: Point(x: point.x + dx, y: point.y), button: .left)), at: now)
    }

    /// The widget-comparison motion (`MarkerBenchmark`): `steps` pans of
    /// 5 px to the left from the view's middle at 60 frames a second, each
    /// frame's tiles waited for untimed (they are made on other threads),
    /// then the frame built and drawn: each frame's whole time and its
    /// scene's alone, in milliseconds.
    func timedPans(steps: Int) throws -> (frames: [Double], scenes: [Double]) {
        var frames: [Double] = [], scenes: [Double] = []
        for step in 1...max(steps, 1) {
            let now = Double(step) / 60
            pan(by: -5, from: Point(x: 512, y: 384), at: now)
            _ = try settledFrame(at: now)
            let frameStart = DispatchTime.now()
            let scene = frame(at: now)
            scenes.append(Benchmark.milliseconds(since: frameStart))
            draw(scene)
            frames.append(Benchmark.milliseconds(since: frameStart))
        }
        return (frames, scenes)
    }
}
