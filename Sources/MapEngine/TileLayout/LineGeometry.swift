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

    /// Where labels go along a line cut to its tile, in distances along it, as MapLibre chooses:
    /// - one every `spacing`, widened to keep a quarter spacing between
    ///   labels of `labelLength`;
    /// - the first half a spacing in on a line `continued` from beyond the
    ///   tile, so its anchors line up across tiles; otherwise half the label
    ///   and two letters (`textSize`) in, clear of the junction it starts at;
    ///   both times `overscaling` as in a tile enlarged from a shallower level;
    /// - only where the whole label fits on the line;
    /// - a line too short for that, and not continued, tries its middle.
    static func anchors(along path: [Point], spacing: Double, labelLength: Double, textSize: Double,
                        overscaling: Double = 1, continued: Bool) -> [Double] {
        let total = length(of: path)
        guard total.isFinite, spacing.isFinite, spacing > 0, labelLength.isFinite, labelLength >= 0,
              textSize.isFinite, overscaling.isFinite, overscaling >= 1 else { return [] }
        var spacing = spacing
        if spacing - labelLength < spacing / 4 { spacing = labelLength + spacing / 4 }
        // However small the spacing, no more labels than a line can show side by side.
        spacing = max(spacing, total / Double(mostAnchors))
        let first = continued ? (spacing / 2 * overscaling).truncatingRemainder(dividingBy: spacing)
            : ((labelLength / 2 + 2 * max(textSize, 0)) * overscaling).truncatingRemainder(dividingBy: spacing)
        func fits(_ distance: Double) -> Bool { distance - labelLength / 2 >= 0 && distance + labelLength / 2 <= total }
        var result: [Double] = []
        var distance = first
        while distance < total {
            if fits(distance) { result.append(distance) }
            distance += spacing
        }
        if result.isEmpty, !continued, fits(total / 2) { result.append(total / 2) }
        return result
    }

    /// Whether a cut line starts on its tile's edge: the line goes on beyond the tile.
    static func startsOnEdge(_ path: [Point], of box: Rect) -> Bool {
        guard let start = path.first else { return false }
        let near = 1e-6 * max(box.width, 1)
        return abs(start.x - box.minX) < near || abs(start.x - box.maxX) < near
            || abs(start.y - box.minY) < near || abs(start.y - box.maxY) < near
    }
}
