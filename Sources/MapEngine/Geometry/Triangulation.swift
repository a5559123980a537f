/// Cuts a polygon with holes into triangles by ear clipping: each hole is
/// joined to the outer ring by a bridge to a vertex it can see, then ears
/// (corners whose triangle holds no other vertex) are cut off one by one.
/// Fine for the few dozen corners of a building; a ring that will not cut
/// (it crosses itself) gives up on what is left.
///
///     Triangulation.triangles(rings: [square])   // [0, 1, 2, 0, 2, 3] in some order
enum Triangulation {
    /// Triangles as indices into the rings' points taken in order (outer
    /// ring first, then each hole), three to a triangle.
    static func triangles(rings: [[Point]]) -> [Int32] {
        guard let outer = rings.first, outer.count >= 3 else { return [] }
        var offsets: [Int] = []
        var total = 0
        for ring in rings {
            offsets.append(total)
            total += ring.count
        }
        // The outer ring counter-clockwise (in y-down coordinates, area < 0), holes the other way.
        var polygon = oriented(Array(outer.indices), in: outer, clockwise: false)
        let points = rings.flatMap { $0 }  // every point, by its index across the rings
        let holes = rings.indices.dropFirst().filter { rings[$0].count >= 3 }
            .map { index in oriented(Array(rings[index].indices), in: rings[index], clockwise: true).map { $0 + offsets[index] } }
            .sorted { maxX($0, points) > maxX($1, points) }
        for hole in holes { polygon = bridged(polygon, hole, points) }
        return earClip(polygon, points)
    }

    private static func signedArea(_ indices: [Int], _ points: [Point]) -> Double {
        var area = 0.0
        for i in indices.indices {
            let a = points[indices[i]], b = points[indices[(i + 1) % indices.count]]
            area += a.x * b.y - b.x * a.y
        }
        return area / 2
    }

    private static func oriented(_ indices: [Int], in ring: [Point], clockwise: Bool) -> [Int] {
        (signedArea(indices, ring) > 0) == clockwise ? indices : indices.reversed()
    }

    private static func maxX(_ ring: [Int], _ points: [Point]) -> Double { ring.map { points[$0].x }.max() ?? 0 }

    /// Joins a hole to the polygon through its rightmost vertex and the
    /// nearest polygon vertex to its right that no edge hides.
    private static func bridged(_ polygon: [Int], _ hole: [Int], _ points: [Point]) -> [Int] {
        guard let start = hole.indices.max(by: { points[hole[$0]].x < points[hole[$1]].x }) else { return polygon }
        let m = points[hole[start]]
        var best: Int?
        var bestDistance = Double.infinity
        for (i, index) in polygon.enumerated() {
            let p = points[index]
            let distance = (p - m).length
            guard p.x >= m.x, distance < bestDistance, visible(m, p, polygon, points) else { continue }
            best = i
            bestDistance = distance
        }
        guard let best else { return polygon }
        let loop = Array(hole[start...] + hole[..<start]) + [hole[start]]
        return Array(polygon[...best]) + loop + Array(polygon[best...])
    }

    /// Whether the segment a–b crosses no edge of the polygon (edges that meet b excepted).
    private static func visible(_ a: Point, _ b: Point, _ polygon: [Int], _ points: [Point]) -> Bool {
        for i in polygon.indices {
            let c = points[polygon[i]], d = points[polygon[(i + 1) % polygon.count]]
            if c == b || d == b { continue }
            if crosses(a, b, c, d) { return false }
        }
        return true
    }

    private static func cross(_ o: Point, _ a: Point, _ b: Point) -> Double {
        (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
    }

    private static func crosses(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
        let d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d)
        return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
    }

    private static func earClip(_ polygon: [Int], _ points: [Point]) -> [Int32] {
        var ring = polygon
        var result: [Int32] = []
        result.reserveCapacity(max(ring.count - 2, 0) * 3)
        var misses = 0
        var i = 0
        while ring.count > 3 && misses < ring.count {
            let n = ring.count
            let a = ring[(i + n - 1) % n], b = ring[i % n], c = ring[(i + 1) % n]
            if isEar(a, b, c, ring, points) {
                result += [Int32(a), Int32(b), Int32(c)]
                ring.remove(at: i % n)
                misses = 0
                i = max(i - 1, 0)
            } else {
                misses += 1
                i = (i + 1) % n
            }
        }
        if ring.count == 3 { result += ring.map { Int32($0) } }
        return result
    }

    /// A convex corner (counter-clockwise in y-down coordinates: the cross
    /// product is negative) whose triangle holds no other vertex of the ring.
    private static func isEar(_ a: Int, _ b: Int, _ c: Int, _ ring: [Int], _ points: [Point]) -> Bool {
        let pa = points[a], pb = points[b], pc = points[c]
        guard cross(pa, pb, pc) < 0 else { return false }
        for index in ring where index != a && index != b && index != c {
            let p = points[index]
            if p == pa || p == pb || p == pc { continue }
            if cross(pa, pb, p) <= 0 && cross(pb, pc, p) <= 0 && cross(pc, pa, p) <= 0 { return false }
        }
        return true
    }
}
