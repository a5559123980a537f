import Foundation

/// Points along great circles: the shortest way on the sphere, drawn as the
/// curve it is on a Mercator map (after MapKit's `MKGeodesicPolyline`), and
/// circles of a radius on the ground.
enum GreatCircle {
    /// The metres of the sphere's radius Web Mercator uses.
    static let radius = 6_378_137.0

    /// `from` and `to` and points between them on the great circle, at most
    /// `step` radians apart (about 1°: smooth at any zoom a screen shows it whole).
    static func points(from: Coordinate, to: Coordinate, step: Double = 0.0175) -> [Coordinate] {
        let a = from.unitVector, b = to.unitVector
        let dot = max(-1, min(1, a.x * b.x + a.y * b.y + a.z * b.z))
        let angle = acos(dot)
        let count = max(1, Int((angle / step).rounded(.up)))
        guard angle > 1e-12, abs(sin(angle)) > 1e-12 else { return [from, to] }
        var result: [Coordinate] = [from]
        for i in 1..<count {
            let t = Double(i) / Double(count)
            let wa = sin((1 - t) * angle) / sin(angle), wb = sin(t * angle) / sin(angle)
            let x = wa * a.x + wb * b.x, y = wa * a.y + wb * b.y, z = wa * a.z + wb * b.z
            result.append(Coordinate(latitude: atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi,
                                     longitude: atan2(y, x) * 180 / .pi))
        }
        result.append(to)
        return result
    }

    /// The point `metres` from `center` along the bearing `degrees` (clockwise from north).
    static func destination(from center: Coordinate, metres: Double, bearing degrees: Double) -> Coordinate {
        let delta = metres / radius, theta = degrees * .pi / 180
        let phi1 = center.latitude * .pi / 180, lambda1 = center.longitude * .pi / 180
        let phi2 = asin(sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta))
        let lambda2 = lambda1 + atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sin(phi2))
        return Coordinate(latitude: phi2 * 180 / .pi, longitude: lambda2 * 180 / .pi)
    }
}
