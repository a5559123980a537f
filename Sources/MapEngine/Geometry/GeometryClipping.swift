/// Cuts tile geometry to a rectangle (a tile and a margin) and drops
/// points closer than a tolerance, so a deeply overzoomed tile draws only
/// what it shows and no rasteriser meets coordinates millions of pixels out.
///
///     let rings = GeometryClipping.clipRing(ring, to: bounds)
enum GeometryClipping {
    /// A polygon ring clipped to `bounds` (Sutherland–Hodgman); it stays
    /// closed, and may come out empty.
    static func clipRing(_ ring: [Point], to bounds: Rect) -> [Point] {
        var points = ring
        for edge in 0..<4 {
            guard !points.isEmpty else { return [] }
            var output: [Point] = []
            output.reserveCapacity(points.count + 4)
            var previous = points[points.count - 1]
            for point in points {
                let inside = isInside(point, edge, bounds)
                if inside {
                    if !isInside(previous, edge, bounds) { output.append(intersect(previous, point, edge, bounds)) }
                    output.append(point)
                } else if isInside(previous, edge, bounds) {
                    output.append(intersect(previous, point, edge, bounds))
                }
                previous = point
            }
            points = output
        }
        if let first = points.first, points.last != first { points.append(first) }
        return points.count >= 4 ? points : []
    }

    /// A polyline cut into the parts inside `bounds` (Liang–Barsky per segment).
    static func clipLine(_ line: [Point], to bounds: Rect) -> [[Point]] {
        var unmeasured: [(start: Double, end: Double)]?
        return clipLine(line, to: bounds, spans: &unmeasured)
    }

    /// A polyline cut into the parts inside `bounds`, each with how far along
    /// the whole line it starts and ends (in the line's units), for
    /// `line-progress`.
    static func clipLineMeasured(_ line: [Point], to bounds: Rect) -> [(points: [Point], start: Double, end: Double)] {
        var spans: [(start: Double, end: Double)]? = []
        let parts = clipLine(line, to: bounds, spans: &spans)
        return zip(parts, spans ?? []).map { ($0, $1.start, $1.end) }
    }

    /// The parts; with `spans` given, each part's start and end along the line are added to it.
    private static func clipLine(_ line: [Point], to bounds: Rect, spans: inout [(start: Double, end: Double)]?) -> [[Point]] {
        var parts: [[Point]] = []
        var current: [Point] = []
        let measuring = spans != nil
        // How far along the line the segment's start lies, and the current part's start and end.
        var walked = 0.0, partStart = 0.0, partEnd = 0.0
        func close() {
            if current.count >= 2 {
                parts.append(current)
                if measuring { spans?.append((partStart, partEnd)) }
            }
            current = []
        }
        for index in 1..<max(line.count, 1) {
            let a = line[index - 1], b = line[index]
            defer { if measuring { walked += (b - a).length } }
            guard let (start, end) = clipSegment(a, b, bounds) else {
                close()
                continue
            }
            if current.isEmpty || current[current.count - 1] != start {
                close()
                current = [start]
                if measuring { partStart = walked + (start - a).length }
            }
            current.append(end)
            if measuring { partEnd = walked + (end - a).length }
            if end != b { close() }
        }
        close()
        return parts
    }

    /// Drops points within `tolerance` of the last one kept; keeps the ends.
    static func thin(_ points: [Point], tolerance: Double) -> [Point] {
        guard points.count > 2 else { return points }
        let squared = tolerance * tolerance
        var output: [Point] = [points[0]]
        output.reserveCapacity(points.count)
        for index in 1..<(points.count - 1) {
            let d = points[index] - output[output.count - 1]
            if d.x * d.x + d.y * d.y >= squared { output.append(points[index]) }
        }
        output.append(points[points.count - 1])
        return output
    }

    private static func clipSegment(_ a: Point, _ b: Point, _ r: Rect) -> (Point, Point)? {
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x - r.minX), (dx, r.maxX - a.x), (-dy, a.y - r.minY), (dy, r.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { if t > t1 { return nil }; if t > t0 { t0 = t } } else { if t < t0 { return nil }; if t < t1 { t1 = t } }
            }
        }
        let start = t0 == 0 ? a : Point(x: a.x + dx * t0, y: a.y + dy * t0)
        let end = t1 == 1 ? b : Point(x: a.x + dx * t1, y: a.y + dy * t1)
        return (start, end)
    }

    private static func isInside(_ p: Point, _ edge: Int, _ r: Rect) -> Bool {
        switch edge {
        case 0: return p.x >= r.minX
        case 1: return p.x <= r.maxX
        case 2: return p.y >= r.minY
        default: return p.y <= r.maxY
        }
    }

    private static func intersect(_ a: Point, _ b: Point, _ edge: Int, _ r: Rect) -> Point {
        switch edge {
        case 0, 1:
            let x = edge == 0 ? r.minX : r.maxX
            let t = (x - a.x) / (b.x - a.x)
            return Point(x: x, y: a.y + (b.y - a.y) * t)
        default:
            let y = edge == 2 ? r.minY : r.maxY
            let t = (y - a.y) / (b.y - a.y)
            return Point(x: a.x + (b.x - a.x) * t, y: y)
        }
    }
}
