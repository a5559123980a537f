import MapCore
import MapSDL

extension MapSession {
    /// The view dragged `dx` pixels sideways by a mouse at `now`: pressed at
    /// `point`, moved, released (the benchmarks' pan of a frame).
    func pan(by dx: Double, from point: Point, at now: Double) {
        map.handle(.pointer(PointerEvent(phase: .down, location: point, button: .left)), at: now)
        map.handle(.pointer(PointerEvent(phase: .move, location: Point(x: point.x + dx, y: point.y))), at: now)
        map.handle(.pointer(PointerEvent(phase: .up, location: Point(x: point.x + dx, y: point.y), button: .left)), at: now)
    }
}
