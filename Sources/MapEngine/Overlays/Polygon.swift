/// An area with an outline and holes (after MapKit's `MKPolygon`). Rings
/// are closed: the first point need not be repeated at the end.
///
///     let lake = Polygon(coordinates: shore, interiorPolygons: [Polygon(coordinates: island)])
public final class Polygon: OverlayShape {
    /// The outline.
    public let coordinates: [Coordinate]
    /// The holes (their own holes are not used).
    public let interiorPolygons: [Polygon]

    /// An area inside `coordinates` and outside each of `interiorPolygons`.
    public init(coordinates: [Coordinate], interiorPolygons: [Polygon] = []) {
        self.coordinates = coordinates
        self.interiorPolygons = interiorPolygons
        // A hole's path is the one its own polygon made: a million holes are projected once, not twice.
        super.init(geometry: .areas([OverlayArea(outer: OverlayPath(ring: Polygon.open(coordinates)),
                                                 holes: interiorPolygons.map(\.outline))]))
    }

    /// The outer ring's projected path.
    var outline: OverlayPath {
        if case .areas(let areas) = geometry, let first = areas.first { return first.outer }
        return OverlayPath(ring: Polygon.open(coordinates))
    }

    /// The ring without its closing point, when it repeats the first.
    static func open(_ ring: [Coordinate]) -> [Coordinate] {
        guard ring.count > 1, ring.first == ring.last else { return ring }
        return Array(ring.dropLast())
    }
}

/// Several areas that are one overlay (after MapKit's `MKMultiPolygon`).
///
///     let islands = MultiPolygon([Polygon(coordinates: ufenau), Polygon(coordinates: luetzelau)])
///     islands.title = "Islands"
///     map.addOverlay(islands)
public final class MultiPolygon: OverlayShape {
    /// The areas.
    public let polygons: [Polygon]

    /// One overlay of `polygons`.
    public init(_ polygons: [Polygon]) {
        self.polygons = polygons
        super.init(geometry: .areas(polygons.flatMap { polygon -> [OverlayArea] in
            if case .areas(let areas) = polygon.geometry { return areas } else { return [] }
        }))
    }
}

/// A circle on the ground: every point `radius` metres from the centre
/// along the sphere, larger on a Mercator map far from the equator (after
/// MapKit's `MKCircle`).
///
///     let reach = Circle(center: Coordinate(latitude: 47.3769, longitude: 8.5417), radius: 1_500)   // metres
///     map.addOverlay(reach)
public final class Circle: OverlayShape {
    /// The centre.
    public let center: Coordinate
    /// The radius in metres.
    public let radius: Double

    /// A circle of `radius` metres about `center`, drawn as a ring of `sides` points.
    public init(center: Coordinate, radius: Double, sides: Int = 128) {
        self.center = center
        self.radius = max(radius, 0)
        let count = max(sides, 8)
        let ring = (0..<count).map {
            GreatCircle.destination(from: center, metres: max(radius, 0), bearing: 360 * Double($0) / Double(count))
        }
        super.init(geometry: .areas([OverlayArea(outer: OverlayPath(ring: ring))]))
    }

    /// The centre.
    public override var coordinate: Coordinate { center }
}
