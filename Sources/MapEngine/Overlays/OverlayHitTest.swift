/// Whether a click or tap lands on an overlay: within a reach of a line
/// (22 points for a mouse, 44 for a finger), or inside an area and not in
/// one of its holes. Works in unit-world coordinates on any copy of the
/// world: the point is brought to the copy the shape lies on.
///
///     OverlayHitTest.hits(route.geometry, at: tap, reach: 22 / worldSize)
package enum OverlayHitTest {
    /// Whether `point` (unit-world) touches `geometry`: lines within
    /// `reach` (unit-world), areas inside, their outlines within `reach` too.
    package static func hits(_ geometry: OverlayGeometry, at point: Point, reach: Double) -> Bool {
        distance(from: point, to: geometry, within: reach) != nil
    }

    /// How far `point` lies from `geometry` (0 inside an area), or nil when
    /// farther than `reach`: the nearest of several overlays is the one hit.
    package static func distance(from point: Point, to geometry: OverlayGeometry, within reach: Double) -> Double? {
        let bounds = geometry.bounds
        let near = Rect(x: bounds.minX - reach, y: bounds.minY - reach,
                        width: bounds.width + 2 * reach, height: bounds.height + 2 * reach)
        // The copy of the world the shape lies on.
        var p = point
        p.x += (bounds.midX - p.x).rounded()
        guard p.x >= near.minX, p.x <= near.maxX, p.y >= near.minY, p.y <= near.maxY else { return nil }
        var best = Double.infinity
        switch geometry {
        case .lines(let paths):
            for path in paths { best = min(best, distance(from: p, toLine: path.points, closed: false)) }
        case .areas(let areas):
            for area in areas {
                if inside(p, area) { return 0 }
                best = min(best, distance(from: p, toLine: area.outer.points, closed: true))
                for hole in area.holes { best = min(best, distance(from: p, toLine: hole.points, closed: true)) }
            }
        }
        return best <= reach ? best : nil
    }

    /// Whether `p` lies inside the outer ring and outside every hole (even-odd).
    package static func inside(_ p: Point, _ area: OverlayArea) -> Bool {
        guard Ring.contains(area.outer.points, p) else { return false }
        return !area.holes.contains { Ring.contains($0.points, p) }
    }

    /// The least distance from `p` to the segments of `points` (and the closing one for a ring).
    static func distance(from p: Point, toLine points: [Point], closed: Bool) -> Double {
        guard let first = points.first else { return .infinity }
        guard points.count > 1 else { return (p - first).length }
        var best = Double.infinity
        for i in 1..<points.count { best = min(best, OverlayPath.distance(p, toSegment: points[i - 1], points[i])) }
        if closed { best = min(best, OverlayPath.distance(p, toSegment: points[points.count - 1], first)) }
        return best
    }
}
