import Foundation

extension Coordinate {
    /// The Earth's mean radius (IUGG), in kilometres.
    public static let earthRadiusKilometres = 6371.0088

    /// The point on the unit sphere: x towards 0° E on the equator, y towards
    /// 90° E, z towards the North Pole. Straight-line distances between these
    /// grow with great-circle distances, everywhere, poles and antimeridian
    /// included.
    package var unitVector: (x: Double, y: Double, z: Double) {
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        return (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }

    /// The great-circle distance to `other`, in kilometres (haversine).
    public func distanceKilometres(to other: Coordinate) -> Double {
        let phi1 = latitude * .pi / 180, phi2 = other.latitude * .pi / 180
        let dPhi = phi2 - phi1, dLambda = (other.longitude - longitude) * .pi / 180
        let h = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
        return 2 * Coordinate.earthRadiusKilometres * asin(min(1, sqrt(h)))
    }

    /// The initial compass bearing of the great circle towards `other`, in
    /// degrees clockwise from north, 0 ..< 360.
    public func bearing(to other: Coordinate) -> Double {
        let phi1 = latitude * .pi / 180, phi2 = other.latitude * .pi / 180
        let dLambda = (other.longitude - longitude) * .pi / 180
        let y = sin(dLambda) * cos(phi2)
        let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(dLambda)
        let degrees = atan2(y, x) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }
}
