import MapEngine

/// Where the user is, as a location source last said.
///
///     let fix = LocationFix(coordinate: Coordinate(latitude: 47.37, longitude: 8.54), accuracy: 25)   // metres
public struct LocationFix: Equatable, Sendable {
    /// Where the user is.
    public var coordinate: Coordinate
    /// The radius, in metres, the true position is likely within; nil when
    /// the source gives no estimate.
    public var accuracy: Double?

    /// A fix at `coordinate`, within `accuracy` metres if known.
    public init(coordinate: Coordinate, accuracy: Double? = nil) {
        self.coordinate = coordinate
        self.accuracy = accuracy
    }
}

/// What a location provider says, as it happens.
///
///     feed.post(.unavailable("the receiver is unplugged"))
public enum LocationReport: Equatable, Sendable {
    /// A position.
    case fix(LocationFix)
    /// The source is there but knows no position (a receiver without a fix).
    case noFix
    /// The source cannot be reached or broke off; the provider keeps trying.
    case unavailable(String)
}
