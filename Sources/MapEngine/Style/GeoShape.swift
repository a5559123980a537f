/// A simple piece of the GeoJSON geometry a `within` or `distance`
/// expression is given, in longitudes and latitudes (as x and y): multi-
/// geometries and collections are cut into these.
package enum GeoShape: Sendable, Equatable {
    case point(Point)
    case line([Point])
    /// A polygon's rings, the outer one first.
    case polygon([[Point]])
}

extension GeoShape {
    /// The simple pieces of a GeoJSON geometry object (`type` and
    /// `coordinates`); none for a type that has none of these. Every
    /// position must be two finite numbers (a third, the height, is passed over).
    static func pieces(of geometry: JSONNode) throws(StyleValueError) -> [GeoShape] {
        let coordinates = geometry["coordinates"]
        func fail(_ reason: String) -> StyleValueError { StyleValueError(reason: reason, range: (coordinates ?? geometry).range) }
        func position(_ node: JSONNode?) throws(StyleValueError) -> Point {
            guard let items = node?.elements, items.count >= 2, let x = items[0].number, let y = items[1].number,
                  x.isFinite, y.isFinite else {
                throw fail("a GeoJSON position is two finite numbers, a longitude and a latitude")
            }
            return Point(x: x, y: y)
        }
        func positions(_ node: JSONNode?) throws(StyleValueError) -> [Point] {
            guard let items = node?.elements else { throw fail("GeoJSON coordinates are a list of positions here") }
            var points: [Point] = []
            for item in items { points.append(try position(item)) }
            return points
        }
        func rings(_ node: JSONNode?) throws(StyleValueError) -> [[Point]] {
            guard let items = node?.elements else { throw fail("a GeoJSON polygon is a list of rings") }
            var result: [[Point]] = []
            for item in items { result.append(try positions(item)) }
            return result
        }
        func list(_ node: JSONNode?) throws(StyleValueError) -> [JSONNode] {
            guard let items = node?.elements else { throw fail("GeoJSON multi-geometry coordinates are a list") }
            return items
        }
        switch geometry["type"]?.string {
        case "Point": return [.point(try position(coordinates))]
        case "MultiPoint": return try positions(coordinates).map(GeoShape.point)
        case "LineString": return [.line(try positions(coordinates))]
        case "MultiLineString":
            var result: [GeoShape] = []
            for item in try list(coordinates) { result.append(.line(try positions(item))) }
            return result
        case "Polygon": return [.polygon(try rings(coordinates))]
        case "MultiPolygon":
            var result: [GeoShape] = []
            for item in try list(coordinates) { result.append(.polygon(try rings(item))) }
            return result
        default: return []
        }
    }

    /// The geometries of a GeoJSON object as `distance` reads it: a
    /// feature collection's features, a feature's geometry, or a geometry
    /// (anything with `type` and `coordinates`); nil for anything else.
    static func geometries(of node: JSONNode) -> [JSONNode]? {
        guard case .object = node.value else { return nil }
        switch node["type"]?.string {
        case "FeatureCollection": return node["features"]?.elements?.compactMap { $0["geometry"] }
        case "Feature": return node["geometry"].map { [$0] }
        default: return node["type"] != nil && node["coordinates"] != nil ? [node] : nil
        }
    }
}
