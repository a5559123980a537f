/// The plane geometry `within` and `distance` are built on, as MapLibre
/// defines it: rings are lists of points (closed or not), a polygon is its
/// rings, and a point on a ring's edge is inside only when asked.
enum PlaneGeometry {
    /// Whether `point` lies inside the polygon's rings (even-odd); on an
    /// edge it is `onEdge`.
    static func contains(_ rings: [[Point]], _ point: Point, onEdge: Bool = false) -> Bool {
        var inside = false
        for ring in rings where ring.count > 1 {
            for j in 0..<(ring.count - 1) {
                let (a, b) = (ring[j], ring[j + 1])
                if isOnSegment(point, a, b) { return onEdge }
                if (a.y > point.y) != (b.y > point.y), point.x < (b.x - a.x) * (point.y - a.y) / (b.y - a.y) + a.x {
                    inside.toggle()
                }
            }
        }
        return inside
    }

    /// Whether `p` lies on the segment from `a` to `b`, exactly.
    static func isOnSegment(_ p: Point, _ a: Point, _ b: Point) -> Bool {
        let (x1, y1, x2, y2) = (p.x - a.x, p.y - a.y, p.x - b.x, p.y - b.y)
        return x1 * y2 - x2 * y1 == 0 && x1 * x2 <= 0 && y1 * y2 <= 0
    }

    /// Whether the segments a–b and c–d cross, each one's ends strictly on
    /// either side of the other; parallel segments never do.
    static func cross(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
        let p = Point(x: b.x - a.x, y: b.y - a.y), q = Point(x: d.x - c.x, y: d.y - c.y)
        guard q.x * p.y - q.y * p.x != 0 else { return false }
        return straddles(a, b, c, d) && straddles(c, d, a, b)
    }

    /// Whether p1 and p2 lie strictly on either side of the line through q1 and q2.
    private static func straddles(_ p1: Point, _ p2: Point, _ q1: Point, _ q2: Point) -> Bool {
        let (x3, y3) = (q2.x - q1.x, q2.y - q1.y)
        let first = (p1.x - q1.x) * y3 - x3 * (p1.y - q1.y)
        let second = (p2.x - q1.x) * y3 - x3 * (p2.y - q1.y)
        return (first > 0 && second < 0) || (first < 0 && second > 0)
    }

    /// Whether the segment a–b crosses an edge of any of the rings.
    static func crossesEdge(_ a: Point, _ b: Point, _ rings: [[Point]]) -> Bool {
        for ring in rings where ring.count > 1 {
            for j in 0..<(ring.count - 1) where cross(a, b, ring[j], ring[j + 1]) { return true }
        }
        return false
    }

    /// The box around the points, as (min x, min y, max x, max y);
    /// infinite the wrong way without points.
    struct Box {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

        mutating func add(_ p: Point) {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }

        /// Whether this box lies strictly inside `other`.
        func isStrictlyInside(_ other: Box) -> Bool {
            minX > other.minX && maxX < other.maxX && minY > other.minY && maxY < other.maxY
        }

    }

    /// Rings grouped into polygons: each ring turning the way the first
    /// does begins a polygon, and the others are its holes. Rings without
    /// area, or of fewer than three points, are left out.
    static func polygons(_ rings: [[Point]]) -> [[[Point]]] {
        var result: [[[Point]]] = []
        var outerSign = 0.0
        for ring in rings where ring.count > 2 {
            let area = VectorFeature.signedArea(ring)
            guard area != 0 else { continue }
            if outerSign == 0 { outerSign = area < 0 ? -1 : 1 }
            if area * outerSign > 0 || result.isEmpty {
                result.append([ring])
            } else {
                result[result.count - 1].append(ring)
            }
        }
        return result
    }
}
