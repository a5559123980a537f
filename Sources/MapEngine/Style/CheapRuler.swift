import Foundation

/// Distances in metres near one latitude, on the WGS84 ellipsoid flattened
/// to a plane there (the "cheap ruler" MapLibre's `distance` measures with):
/// points are longitudes and latitudes (as x and y).
struct CheapRuler {
    /// Metres per degree of longitude and of latitude.
    let kx: Double, ky: Double

    init(latitude: Double) {
        let equatorialRadius = 6_378_137.0, flattening = 1 / 298.257223563
        let e2 = flattening * (2 - flattening)
        let metresPerDegree = Double.pi / 180 * equatorialRadius
        let cosine = cos(latitude * Double.pi / 180)
        let w2 = 1 / (1 - e2 * (1 - cosine * cosine)), w = w2.squareRoot()
        kx = metresPerDegree * w * cosine
        ky = metresPerDegree * w * w2 * (1 - e2)
    }

    /// A longitude difference brought within ±180°.
    private func wrap(_ degrees: Double) -> Double {
        guard degrees.isFinite else { return degrees }
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d < -180 { d += 360 } else if d > 180 { d -= 360 }
        return d
    }

    func distance(_ a: Point, _ b: Point) -> Double {
        let dx = wrap(a.x - b.x) * kx, dy = (a.y - b.y) * ky
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The metres from `p` to the nearest point of the line; infinity for a line of fewer than two points.
    func distance(_ p: Point, toLine line: [Point]) -> Double {
        guard line.count > 1 else { return .infinity }
        var nearest = Double.infinity
        for i in 0..<(line.count - 1) {
            var (x, y) = (line[i].x, line[i].y)
            let dx = wrap(line[i + 1].x - x) * kx, dy = (line[i + 1].y - y) * ky
            if dx != 0 || dy != 0 {
                let t = (wrap(p.x - x) * kx * dx + (p.y - y) * ky * dy) / (dx * dx + dy * dy)
                if t > 1 {
                    (x, y) = (line[i + 1].x, line[i + 1].y)
                } else if t > 0 {
                    x += dx / kx * t
                    y += dy / ky * t
                }
            }
            nearest = min(nearest, distance(p, Point(x: x, y: y)))
        }
        return nearest
    }

    /// The metres between the segments p1–p2 and q1–q2, not counting a crossing.
    func distance(_ p1: Point, _ p2: Point, _ q1: Point, _ q2: Point) -> Double {
        min(distance(p1, toLine: [q1, q2]), distance(p2, toLine: [q1, q2]),
            distance(q1, toLine: [p1, p2]), distance(q2, toLine: [p1, p2]))
    }
}
