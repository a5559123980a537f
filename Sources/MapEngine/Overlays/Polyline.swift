/// A line through coordinates, straight on the map between them (after
/// MapKit's `MKPolyline`).
///
///     let walk = Polyline(coordinates: [a, b, c])
///     map.addOverlay(walk)
public final class Polyline: OverlayShape {
    /// The line's points, in order.
    public let coordinates: [Coordinate]

    /// A line through `coordinates`.
    public init(coordinates: [Coordinate]) {
        self.coordinates = coordinates
        super.init(geometry: .lines([OverlayPath(coordinates)]))
    }
}

/// A line along great circles, the shortest way over the Earth between its
/// points, drawn curved as it is on a Mercator map (after MapKit's
/// `MKGeodesicPolyline`): a flight from Zurich to New York bows north.
///
///     let flight = GeodesicPolyline(coordinates: [Coordinate(latitude: 47.46, longitude: 8.55),
///                                                   Coordinate(latitude: 40.64, longitude: -73.78)])
///     map.addOverlay(flight)   // the great circle, not a straight line on the map
public final class GeodesicPolyline: OverlayShape {
    /// The points given, in order (the great circles run between them).
    public let coordinates: [Coordinate]

    /// The shortest way through `coordinates`.
    public init(coordinates: [Coordinate]) {
        self.coordinates = coordinates
        var along: [Coordinate] = coordinates.isEmpty ? [] : [coordinates[0]]
        for (from, to) in zip(coordinates, coordinates.dropFirst()) {
            along += GreatCircle.points(from: from, to: to).dropFirst()
        }
        super.init(geometry: .lines([OverlayPath(along)]))
    }
}

/// Several lines that are one overlay (after MapKit's `MKMultiPolyline`):
/// the segments of a track, selected and styled together.
///
///     let lines = MultiPolyline([Polyline(coordinates: morning), Polyline(coordinates: evening)])
///     map.addOverlay(lines)   // selected and drawn as one
public final class MultiPolyline: OverlayShape {
    /// The lines, in order.
    public let polylines: [Polyline]

    /// One overlay of `polylines`.
    public init(_ polylines: [Polyline]) {
        self.polylines = polylines
        super.init(geometry: .lines(polylines.flatMap { line -> [OverlayPath] in
            if case .lines(let paths) = line.geometry { return paths } else { return [] }
        }))
    }
}
