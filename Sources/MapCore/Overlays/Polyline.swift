/// A line through coordinates, straight on the map between them (after
/// MapKit's `MKPolyline`).
///
///     let walk = Polyline(coordinates: [a, b, c])
///     map.addOverlay(walk)
public final class Polyline: Overlay {
    /// The line's points, in order.
    public let coordinates: [Coordinate]
    /// The shapes as drawn, projected.
    public let geometry: OverlayGeometry
    /// The name its callout shows.
    public var title: String?
    /// The line under the name.
    public var subtitle: String?

    /// A line through `coordinates`.
    public init(coordinates: [Coordinate]) {
        self.coordinates = coordinates
        geometry = .lines([OverlayPath(coordinates)])
    }

    /// The point half way along the line.
    public var coordinate: Coordinate { geometry.middle }
}

/// A line along great circles, the shortest way over the Earth between its
/// points, drawn curved as it is on a Mercator map (after MapKit's
/// `MKGeodesicPolyline`): a flight from Zurich to New York bows north.
public final class GeodesicPolyline: Overlay {
    /// The points given, in order (the great circles run between them).
    public let coordinates: [Coordinate]
    /// The shapes as drawn, projected.
    public let geometry: OverlayGeometry
    /// The name its callout shows.
    public var title: String?
    /// The line under the name.
    public var subtitle: String?

    /// The shortest way through `coordinates`.
    public init(coordinates: [Coordinate]) {
        self.coordinates = coordinates
        var along: [Coordinate] = coordinates.isEmpty ? [] : [coordinates[0]]
        for (from, to) in zip(coordinates, coordinates.dropFirst()) {
            along += GreatCircle.points(from: from, to: to).dropFirst()
        }
        geometry = .lines([OverlayPath(along)])
    }

    /// Where its callout points (see `OverlayGeometry.middle`).
    public var coordinate: Coordinate { geometry.middle }
}

/// Several lines that are one overlay (after MapKit's `MKMultiPolyline`):
/// the segments of a track, selected and styled together.
public final class MultiPolyline: Overlay {
    /// The lines, in order.
    public let polylines: [Polyline]
    /// The shapes as drawn, projected.
    public let geometry: OverlayGeometry
    /// The name its callout shows.
    public var title: String?
    /// The line under the name.
    public var subtitle: String?

    /// One overlay of `polylines`.
    public init(_ polylines: [Polyline]) {
        self.polylines = polylines
        geometry = .lines(polylines.flatMap { line -> [OverlayPath] in
            if case .lines(let paths) = line.geometry { return paths } else { return [] }
        })
    }

    /// Where its callout points (see `OverlayGeometry.middle`).
    public var coordinate: Coordinate { geometry.middle }
}
