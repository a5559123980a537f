import Foundation

extension Coordinate {
    /// The WGS 84 ellipsoid GPS positions are given on.
    enum WGS84 {
        static let semiMajorAxis = 6_378_137.0
        static let flattening = 1 / 298.257223563
        static let semiMinorAxis = semiMajorAxis * (1 - flattening)
    }

    /// The shortest distance in metres to `other` on the WGS 84 ellipsoid,
    /// by Vincenty's inverse formula (to well under a millimetre). For the
    /// nearly antipodal points where it does not converge, the distance on
    /// the sphere stands in.
    public func ellipsoidDistance(to other: Coordinate) -> Double {
        if self == other { return 0 }
        let a = WGS84.semiMajorAxis, b = WGS84.semiMinorAxis, f = WGS84.flattening
        let radians = Double.pi / 180
        let L = (other.longitude - longitude) * radians
        let U1 = atan((1 - f) * tan(latitude * radians))
        let U2 = atan((1 - f) * tan(other.latitude * radians))
        let sinU1 = sin(U1), cosU1 = cos(U1), sinU2 = sin(U2), cosU2 = cos(U2)
        var lambda = L
        for _ in 0..<200 {
            let sinLambda = sin(lambda), cosLambda = cos(lambda)
            let sinSigma = ((cosU2 * sinLambda) * (cosU2 * sinLambda)
                + (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda) * (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda)).squareRoot()
            if sinSigma == 0 { return 0 }
            let cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
            let sigma = atan2(sinSigma, cosSigma)
            let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
            let cosSqAlpha = 1 - sinAlpha * sinAlpha
            let cos2SigmaM = cosSqAlpha == 0 ? 0 : cosSigma - 2 * sinU1 * sinU2 / cosSqAlpha
            let C = f / 16 * cosSqAlpha * (4 + f * (4 - 3 * cosSqAlpha))
            let previous = lambda
            lambda = L + (1 - C) * f * sinAlpha
                * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            if abs(lambda - previous) < 1e-12 {
                let uSq = cosSqAlpha * (a * a - b * b) / (b * b)
                let A = 1 + uSq / 16384 * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)))
                let B = uSq / 1024 * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)))
                let deltaSigma = B * sinSigma * (cos2SigmaM + B / 4 * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)
                    - B / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
                return b * A * (sigma - deltaSigma)
            }
        }
        return distanceKilometres(to: other) * 1000
    }
}
