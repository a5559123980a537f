/// The polygons of a `within` expression, and the test: a point feature
/// is within when each of its points lies inside one of them, a line
/// feature when each of its lines lies inside one without crossing an
/// edge; a point on an edge is not inside, and other features never are.
/// Positions are compared on MapLibre's grid at the feature's tile zoom,
/// and a feature near the antimeridian is taken the short way round.
package struct WithinRegion: Sendable {
    /// Each polygon's rings, in longitudes and latitudes (as x and y).
    let polygons: [[[Point]]]

    /// The polygons of a GeoJSON polygon or multipolygon, a feature of one,
    /// or a collection (its features of other kinds passed over); nil when there are none.
    static func read(_ node: JSONNode) throws(StyleValueError) -> WithinRegion? {
        guard case .object = node.value else { return nil }
        var geometries: [JSONNode] = []
        switch node["type"]?.string {
        case "FeatureCollection": geometries = node["features"]?.elements?.compactMap { $0["geometry"] } ?? []
        case "Feature": geometries = node["geometry"].map { [$0] } ?? []
        case "Polygon", "MultiPolygon": geometries = [node]
        default: return nil
        }
        var polygons: [[[Point]]] = []
        for geometry in geometries where ["Polygon", "MultiPolygon"].contains(geometry["type"]?.string) {
            for case .polygon(let rings) in try GeoShape.pieces(of: geometry) { polygons.append(rings) }
        }
        return polygons.isEmpty ? nil : WithinRegion(polygons: polygons)
    }

    func contains(_ context: StyleContext) -> Bool {
        guard let place = context.place, let subject = context.subject, let parts = subject.styleGeometry(at: place),
              !parts.isEmpty else { return false }
        var regionBox = PlaneGeometry.Box()
        let region = polygons.map { $0.map { $0.map { (p: Point) -> Point in
            let g = place.grid(lonLat: p)
            regionBox.add(g)
            return g
        } } }
        let world = place.worldGrid
        switch subject.type {
        case .point:
            var box = PlaneGeometry.Box()
            let points = parts.joined().map { (p: Point) -> Point in
                let shifted = Self.nearest(p, to: regionBox, world: world)
                box.add(shifted)
                return shifted
            }
            guard box.isStrictlyInside(regionBox) else { return false }
            return points.allSatisfy { point in region.contains { PlaneGeometry.contains($0, point) } }
        case .lineString:
            var box = PlaneGeometry.Box()
            var lines = parts
            for p in lines.joined() { box.add(p) }
            // A line narrower than half the world is moved round whole, point by point, towards the region.
            if box.maxX - box.minX <= world / 2 {
                box = PlaneGeometry.Box()
                lines = lines.map { $0.map { (p: Point) -> Point in
                    let shifted = Self.nearest(p, to: regionBox, world: world)
                    box.add(shifted)
                    return shifted
                } }
            }
            guard box.isStrictlyInside(regionBox) else { return false }
            return lines.allSatisfy { line in region.contains { Self.holds(line, $0) } }
        default:
            return false
        }
    }

    /// A point outside the box's columns moved a world's width east or
    /// west when that is more than half a world nearer the box.
    private static func nearest(_ p: Point, to box: PlaneGeometry.Box, world: Double) -> Point {
        guard p.x < box.minX || p.x > box.maxX else { return p }
        let half = world / 2
        func shift(from edge: Double) -> Double { p.x - edge > half ? -world : edge - p.x > half ? world : 0 }
        var step = shift(from: box.minX)
        if step == 0 { step = shift(from: box.maxX) }
        return Point(x: p.x + step, y: p.y)
    }

    /// Whether every point of the line is inside the polygon and none of its segments crosses an edge.
    private static func holds(_ line: [Point], _ polygon: [[Point]]) -> Bool {
        guard line.allSatisfy({ PlaneGeometry.contains(polygon, $0) }) else { return false }
        for i in 0..<max(line.count - 1, 0) where PlaneGeometry.crossesEdge(line[i], line[i + 1], polygon) { return false }
        return true
    }
}
