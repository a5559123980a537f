import Foundation

/// A line or ring of an overlay, projected once into unit-world Web Mercator
/// points and ranked for simplification, so drawing it at any zoom costs
/// what its on-screen detail does, not its vertex count.
///
/// Longitudes are unwrapped: each point is put the short way round from the
/// one before, so a line across the antimeridian runs on past x = 1 (or
/// below 0) instead of jumping back across the world; a renderer draws it
/// on every copy of the world by shifting whole widths.
///
/// Each vertex carries the Douglas–Peucker tolerance below which it is kept
/// (the ends always are), so `points(tolerance:)` is one pass with no new
/// search: at half a pixel of the zoom drawn, the simplified line strays at
/// most half a pixel from the true one.
///
///     let path = OverlayPath(coordinates)
///     path.points(tolerance: 0.5 / WebMercator.worldSize(zoom: 12))
package struct OverlayPath: Sendable, Equatable {
    /// The projected points, in unit-world coordinates, unwrapped.
    package let points: [Point]
    /// For each point, the largest tolerance (unit-world) at which simplifying keeps it.
    let keptBelow: [Double]
    /// The points' bounds, in unit-world coordinates (x may lie outside 0...1).
    package let bounds: Rect
    /// For each point, how far along the line it lies, 0 at the start to 1 at the end (by projected length).
    package let along: [Double]

    /// The path through `coordinates`, in their order.
    package init(_ coordinates: [Coordinate]) {
        self.init(points: OverlayPath.unwrapped(coordinates))
    }

    /// The coordinates projected, each the short way round from the one before.
    static func unwrapped(_ coordinates: [Coordinate]) -> [Point] {
        var points: [Point] = []
        points.reserveCapacity(coordinates.count)
        for coordinate in coordinates {
            var p = WebMercator.project(coordinate)
            if let last = points.last { p.x = last.x + WebMercator.shortWay(p.x - last.x) }
            points.append(p)
        }
        return points
    }

    /// The ring of an area through `coordinates` (open: the closing point
    /// left out). A ring that goes once round a pole (Antarctica's coast,
    /// running from -180 to 180) has no inside on an unwrapped map until it
    /// is closed along that pole's edge of the map, as geojson.io and QGIS
    /// draw it: otherwise the continent would be empty and the ocean filled.
    package init(ring coordinates: [Coordinate]) {
        var points = OverlayPath.unwrapped(coordinates)
        if points.count >= 3, let first = points.first, let last = points.last {
            // How far round the world the ring goes, closing segment included: 0 for most rings, one width round a pole.
            let winding = (last.x - first.x) + WebMercator.shortWay(first.x - last.x)
            if abs(winding) > 0.5 {
                let middle = points.reduce(0) { $0 + $1.y } / Double(points.count)
                let pole = middle > 0.5 ? 1.0 : 0.0
                points += [Point(x: last.x, y: pole), Point(x: first.x, y: pole)]
            }
        }
        self.init(points: points)
    }

    /// A path through already projected (and unwrapped) unit-world points.
    package init(points: [Point]) {
        self.points = points
        keptBelow = OverlayPath.ranks(points)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        bounds = points.isEmpty ? Rect(x: 0, y: 0, width: 0, height: 0)
            : Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        along = OverlayPath.fractions(points)
    }

    /// Each point's distance along the line as a fraction of its length.
    static func fractions(_ points: [Point]) -> [Double] {
        var lengths = [Double](repeating: 0, count: points.count)
        for i in points.indices.dropFirst() { lengths[i] = lengths[i - 1] + (points[i] - points[i - 1]).length }
        guard let total = lengths.last, total > 0 else { return lengths }
        for i in lengths.indices { lengths[i] /= total }  // in place: a second array of a 5-million-point line is 40 MB
        return lengths
    }

    /// The part of the line from `start` to `end` (fractions of its length).
    package func trimmed(from start: Double, to end: Double) -> OverlayPath {
        guard points.count > 1, end > start else { return OverlayPath(points: []) }
        func point(at fraction: Double) -> Point {
            var i = 1
            while i < points.count - 1 && along[i] < fraction { i += 1 }
            let a = along[i - 1], b = along[i]
            let t = b > a ? (fraction - a) / (b - a) : 0
            return Point(x: points[i - 1].x + (points[i].x - points[i - 1].x) * t,
                         y: points[i - 1].y + (points[i].y - points[i - 1].y) * t)
        }
        var kept = [point(at: start)]
        for (index, p) in points.enumerated() where along[index] > start && along[index] < end { kept.append(p) }
        kept.append(point(at: end))
        return OverlayPath(points: kept)
    }

    /// The indices of the points `points(tolerance:)` keeps.
    package func indices(tolerance: Double) -> [Int] {
        guard tolerance > 0 else { return Array(points.indices) }
        return points.indices.filter { keptBelow[$0] > tolerance }
    }

    /// The same path moved east by `widths` whole worlds.
    package func shifted(byWorlds widths: Double) -> OverlayPath {
        OverlayPath(points: points.map { Point(x: $0.x + widths, y: $0.y) }, keptBelow: keptBelow,
                    bounds: Rect(x: bounds.minX + widths, y: bounds.minY, width: bounds.width, height: bounds.height),
                    along: along)
    }

    /// The same path as one part of a longer whole (a track's segment):
    /// its `along` runs over `span` of the whole's length instead of 0 to 1.
    package func spanning(_ span: ClosedRange<Double>) -> OverlayPath {
        OverlayPath(points: points, keptBelow: keptBelow, bounds: bounds,
                    along: along.map { span.lowerBound + $0 * (span.upperBound - span.lowerBound) })
    }

    /// The path's projected length, in unit-world coordinates.
    package var length: Double {
        var total = 0.0
        for i in points.indices.dropFirst() { total += (points[i] - points[i - 1]).length }
        return total
    }

    private init(points: [Point], keptBelow: [Double], bounds: Rect, along: [Double]) {
        self.points = points
        self.keptBelow = keptBelow
        self.bounds = bounds
        self.along = along
    }

    /// The points a line simplified to within `tolerance` (unit-world) keeps, ends included.
    package func points(tolerance: Double) -> [Point] {
        guard tolerance > 0 else { return points }
        var kept: [Point] = []
        for (index, point) in points.enumerated() where keptBelow[index] > tolerance { kept.append(point) }
        return kept
    }

    /// Douglas–Peucker ranks: a vertex's rank is the farthest distance from
    /// the chord of the span it splits, capped by the rank of the split above
    /// it, so a vertex is kept at a tolerance only when every split leading
    /// to it is. Spans split at their farthest point, or in the middle when
    /// that lies in the span's outer eighths, so ranking takes O(n log n).
    static func ranks(_ points: [Point]) -> [Double] {
        var ranks = [Double](repeating: 0, count: points.count)
        guard points.count > 0 else { return ranks }
        ranks[0] = .infinity
        ranks[points.count - 1] = .infinity
        var spans: [(first: Int, last: Int, cap: Double)] = [(0, points.count - 1, .infinity)]
        while let span = spans.popLast() {
            guard span.last - span.first > 1 else { continue }
            let a = points[span.first], b = points[span.last]
            var farthest = span.first + 1, distance = -1.0
            for index in (span.first + 1)..<span.last {
                let d = OverlayPath.distance(points[index], toSegment: a, b)
                if d > distance { distance = d; farthest = index }
            }
            // A split near a span's end (a long straight track with jitter) would peel off a few points
            // at a time and take quadratic time: split such a span in the middle instead. Any split
            // keeps the guarantee, since a span is only ever accepted whole when it is within tolerance.
            let length = span.last - span.first
            let split = (farthest - span.first) * 8 < length || (span.last - farthest) * 8 < length
                ? span.first + length / 2 : farthest
            let rank = min(distance, span.cap)
            ranks[split] = rank
            spans.append((span.first, split, rank))
            spans.append((split, span.last, rank))
        }
        return ranks
    }

    /// The distance from `p` to the segment from `a` to `b`.
    static func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let squared = dx * dx + dy * dy
        guard squared > 0 else { return (p - a).length }
        let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / squared))
        return (p - Point(x: a.x + t * dx, y: a.y + t * dy)).length
    }
}
