/// A position on the Earth in degrees (WGS 84): latitude north positive,
/// longitude east positive.
///
///     let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
public struct Coordinate: Equatable, Hashable, Sendable {
    /// Degrees north of the equator (negative south), -90...90.
    public var latitude: Double
    /// Degrees east of Greenwich (negative west), -180...180.
    public var longitude: Double

    /// The place at `latitude` and `longitude`, in degrees.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// True for finite values with latitude in -90...90 and longitude in -180...180.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite
            && (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }

    /// The same place with the longitude brought into -180..<180.
    public var wrapped: Coordinate {
        Coordinate(latitude: latitude, longitude: Coordinate.wrapLongitude(longitude))
    }

    /// Brings any finite longitude into -180..<180.
    public static func wrapLongitude(_ longitude: Double) -> Double {
        let shifted = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (shifted < 0 ? shifted + 360 : shifted) - 180
    }
}
