import Foundation

/// Distances along polylines, for labels that follow a line.
///
///     LineGeometry.length(of: path)
///     LineGeometry.point(along: path, at: 120)   // the point and the direction there
enum LineGeometry {
    static func length(of path: [Point]) -> Double {
        var total = 0.0
        for index in 1..<max(path.count, 1) { total += (path[index] - path[index - 1]).length }
        return total
    }

    /// The point `distance` along the path, the segment's angle there (radians),
    /// and the index of the segment's start. Clamped to the ends.
    static func point(along path: [Point], at distance: Double) -> (point: Point, angle: Double, segment: Int) {
        guard path.count >= 2 else { return (path.first ?? .zero, 0, 0) }
        var remaining = max(distance, 0)
        for index in 1..<path.count {
            let a = path[index - 1], b = path[index]
            let step = (b - a).length
            if remaining <= step || index == path.count - 1 {
                let t = step > 0 ? min(remaining / step, 1) : 0
                return (Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t), atan2(b.y - a.y, b.x - a.x), index - 1)
            }
            remaining -= step
        }
        return (path[path.count - 1], 0, path.count - 2)
    }

    /// The most label anchors one line offers.
    static let mostAnchors = 256

    /// Anchors every `spacing` along the path, starting half a spacing in
    /// (as MapLibre does), keeping those at least `margin` from both ends.
    static func anchors(along path: [Point], spacing: Double, margin: Double) -> [Double] {
        let total = length(of: path)
        guard total >= 2 * margin, total.isFinite, spacing.isFinite, spacing > 0 else { return [] }
        // However small the spacing, no more labels than a line can show side by side.
        let spacing = max(spacing, total / Double(mostAnchors))
        var result: [Double] = []
        var distance = min(spacing / 2, total / 2)
        while distance <= total - margin {
            if distance >= margin { result.append(distance) }
            distance += spacing
        }
        if result.isEmpty { result.append(total / 2) }
        return result
    }
}
