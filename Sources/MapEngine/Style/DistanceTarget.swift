/// The geometry of a `distance` expression, and the measure: the shortest
/// distance in metres from the feature to any of its pieces (zero where
/// they touch, cross or one lies inside the other), measured with a cheap
/// ruler at the feature's first latitude. As in MapLibre, a line feature
/// of several parts is measured as one line through all their points, and
/// a feature without geometry or tile measures NaN.
package struct DistanceTarget: Sendable {
    let pieces: [GeoShape]

    /// The pieces of a GeoJSON geometry, feature or collection; nil when it is none of these.
    static func read(_ node: JSONNode) throws(StyleValueError) -> DistanceTarget? {
        guard let geometries = GeoShape.geometries(of: node) else { return nil }
        var pieces: [GeoShape] = []
        for geometry in geometries { pieces += try GeoShape.pieces(of: geometry) }
        return DistanceTarget(pieces: pieces)
    }

    func distance(_ context: StyleContext) -> Double {
        guard let place = context.place, let subject = context.subject, let parts = subject.styleGeometry(at: place),
              let first = parts.first(where: { !$0.isEmpty })?.first else { return .nan }
        let ruler = CheapRuler(latitude: place.lonLat(grid: first).y)
        var nearest = Double.infinity
        switch subject.type {
        case .point:
            let points = parts.joined().map(place.lonLat(grid:))
            for piece in pieces {
                for point in points { nearest = min(nearest, Self.distance(point, piece, ruler)) }
                if nearest == 0 { return 0 }
            }
        case .lineString:
            let line = parts.joined().map(place.lonLat(grid:))
            for piece in pieces {
                switch piece {
                case .point(let q): nearest = min(nearest, ruler.distance(q, toLine: line))
                case .line(let other): nearest = min(nearest, Self.distance(line, other, ruler))
                case .polygon(let rings): nearest = min(nearest, Self.distance(line: line, rings, ruler))
                }
                if nearest == 0 { return 0 }
            }
        case .polygon:
            let polygons = PlaneGeometry.polygons(parts).map { $0.map { $0.map(place.lonLat(grid:)) } }
            for piece in pieces {
                for polygon in polygons {
                    switch piece {
                    case .point(let q): nearest = min(nearest, Self.distance(q, .polygon(polygon), ruler))
                    case .line(let line): nearest = min(nearest, Self.distance(line: line, polygon, ruler))
                    case .polygon(let rings): nearest = min(nearest, Self.distance(polygon, rings, ruler))
                    }
                    if nearest == 0 { return 0 }
                }
            }
        case .unknown:
            return .nan
        }
        return nearest
    }

    /// From a point to a piece.
    private static func distance(_ p: Point, _ piece: GeoShape, _ ruler: CheapRuler) -> Double {
        switch piece {
        case .point(let q): return ruler.distance(p, q)
        case .line(let line): return ruler.distance(p, toLine: line)
        case .polygon(let rings):
            if PlaneGeometry.contains(rings, p, onEdge: true) { return 0 }
            var nearest = Double.infinity
            for ring in rings where !ring.isEmpty {
                // The closing edge counts whether or not the ring repeats its first point.
                nearest = min(nearest, ruler.distance(p, toLine: [ring[ring.count - 1], ring[0]]), ruler.distance(p, toLine: ring))
            }
            return nearest
        }
    }

    /// Between two lines: zero where they cross.
    private static func distance(_ a: [Point], _ b: [Point], _ ruler: CheapRuler) -> Double {
        var nearest = Double.infinity
        for i in 0..<max(a.count - 1, 0) {
            for j in 0..<max(b.count - 1, 0) {
                if PlaneGeometry.cross(a[i], a[i + 1], b[j], b[j + 1]) { return 0 }
                nearest = min(nearest, ruler.distance(a[i], a[i + 1], b[j], b[j + 1]))
            }
        }
        return nearest
    }

    /// From a line to a polygon: zero when a point of the line is inside or on it, or a segment crosses an edge.
    private static func distance(line: [Point], _ rings: [[Point]], _ ruler: CheapRuler) -> Double {
        if line.contains(where: { PlaneGeometry.contains(rings, $0, onEdge: true) }) { return 0 }
        var nearest = Double.infinity
        for i in 0..<max(line.count - 1, 0) {
            for ring in rings {
                for (q1, q2) in edges(ring) {
                    if PlaneGeometry.cross(line[i], line[i + 1], q1, q2) { return 0 }
                    nearest = min(nearest, ruler.distance(line[i], line[i + 1], q1, q2))
                }
            }
        }
        return nearest
    }

    /// Between two polygons: zero when a point of one lies in the other
    /// (looked for as MapLibre looks: the first's points in the second
    /// when the first's box is inside the second's, else the second's in
    /// the first) or their edges cross.
    private static func distance(_ first: [[Point]], _ second: [[Point]], _ ruler: CheapRuler) -> Double {
        var firstBox = PlaneGeometry.Box(), secondBox = PlaneGeometry.Box()
        for p in first.joined() { firstBox.add(p) }
        for p in second.joined() { secondBox.add(p) }
        let (inner, outer) = firstBox.isStrictlyInside(secondBox) ? (first, second) : (second, first)
        if inner.joined().contains(where: { PlaneGeometry.contains(outer, $0, onEdge: true) }) { return 0 }
        var nearest = Double.infinity
        for ring in first {
            for (p1, p2) in edges(ring) {
                for other in second {
                    for (q1, q2) in edges(other) {
                        if PlaneGeometry.cross(p1, p2, q1, q2) { return 0 }
                        nearest = min(nearest, ruler.distance(p1, p2, q1, q2))
                    }
                }
            }
        }
        return nearest
    }

    /// A ring's edges, the closing one (last point to first) included.
    private static func edges(_ ring: [Point]) -> [(Point, Point)] {
        guard !ring.isEmpty else { return [] }
        return ring.indices.map { (ring[($0 + ring.count - 1) % ring.count], ring[$0]) }
    }
}
