import Foundation

/// A stretch of the map: a centre and how many degrees it spans each way
/// (MapKit's `MKCoordinateRegion`).
///
///     let alps = CoordinateRegion(center: Coordinate(latitude: 46.5, longitude: 10),
///                                 span: CoordinateSpan(latitudeDelta: 4, longitudeDelta: 10))
///     map.setRegion(alps, animated: true)
public struct CoordinateRegion: Equatable, Sendable {
    /// The middle of the region.
    public var center: Coordinate
    /// Its height and width in degrees.
    public var span: CoordinateSpan

    /// A region around `center` spanning `span`.
    public init(center: Coordinate, span: CoordinateSpan) {
        self.center = center
        self.span = span
    }

    /// The region `latitudinalMeters` tall and `longitudinalMeters` wide
    /// around `center` (MapKit's `MKCoordinateRegion(center:latitudinalMeters:longitudinalMeters:)`).
    public init(center: Coordinate, latitudinalMeters: Double, longitudinalMeters: Double) {
        let metersPerDegree = 111_320.0
        let cosine = max(0.01, cos(center.latitude * .pi / 180))
        self.init(center: center, span: CoordinateSpan(latitudeDelta: latitudinalMeters / metersPerDegree,
                                                       longitudeDelta: longitudinalMeters / (metersPerDegree * cosine)))
    }

    /// The region as a unit-world rectangle (Web Mercator, 0...1 each way;
    /// x may run past 1 across the antimeridian).
    public var mapRect: Rect {
        let north = min(center.latitude + span.latitudeDelta / 2, WebMercator.maxLatitude)
        let south = max(center.latitude - span.latitudeDelta / 2, -WebMercator.maxLatitude)
        let topLeft = WebMercator.project(Coordinate(latitude: north, longitude: center.longitude - span.longitudeDelta / 2))
        let bottom = WebMercator.project(Coordinate(latitude: south, longitude: center.longitude)).y
        let width = min(1, span.longitudeDelta / 360)
        return Rect(x: topLeft.x, y: topLeft.y, width: width, height: bottom - topLeft.y)
    }
}

/// How far a region reaches: degrees of latitude (north–south) and of
/// longitude (east–west) (MapKit's `MKCoordinateSpan`).
///
///     let zurich = CoordinateRegion(center: Coordinate(latitude: 47.37, longitude: 8.54),
///                                   span: CoordinateSpan(latitudeDelta: 0.1, longitudeDelta: 0.15))
public struct CoordinateSpan: Equatable, Sendable {
    /// Degrees from the south edge to the north edge.
    public var latitudeDelta: Double
    /// Degrees from the west edge to the east edge.
    public var longitudeDelta: Double

    /// A span of the given degrees.
    public init(latitudeDelta: Double, longitudeDelta: Double) {
        self.latitudeDelta = latitudeDelta
        self.longitudeDelta = longitudeDelta
    }
}
