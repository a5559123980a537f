/// One point of a GPX track or route: where it is and what the device
/// measured there. Values the file does not give are nil.
///
///     let point = GPXPoint(coordinate: Coordinate(latitude: 47.37, longitude: 8.54), elevation: 408)
public struct GPXPoint: Equatable, Sendable {
    /// Where the point is (`lat`, `lon`).
    public var coordinate: Coordinate
    /// Metres above sea level (`ele`).
    public var elevation: Double?
    /// Seconds since 1970-01-01T00:00:00Z (`time`).
    public var time: Double?
    /// Heart rate in beats a minute (Garmin TrackPointExtension `hr`).
    public var heartRate: Double?
    /// Cadence in revolutions a minute (`cad`).
    public var cadence: Double?
    /// Air temperature in °C (`atemp`).
    public var temperature: Double?

    /// A point at `coordinate` with the readings given.
    public init(coordinate: Coordinate, elevation: Double? = nil, time: Double? = nil,
                heartRate: Double? = nil, cadence: Double? = nil, temperature: Double? = nil) {
        self.coordinate = coordinate
        self.elevation = elevation
        self.time = time
        self.heartRate = heartRate
        self.cadence = cadence
        self.temperature = temperature
    }
}

/// A GPX waypoint (`wpt`): a point with its text, and where its `lat` and
/// `lon` attribute values sit in the file's bytes so that a moved waypoint
/// changes only those.
///
///     let pins = try GPXDocument.load(from: file).waypoints.map {
///         PointAnnotation(coordinate: $0.point.coordinate, title: $0.name)
///     }
public struct GPXWaypoint: Equatable, Sendable {
    /// Where it is and what was measured there.
    public var point: GPXPoint
    /// `name`.
    public var name: String?
    /// `desc`, else `cmt`.
    public var description: String?
    /// `sym`: the symbol the device shows ("Flag, Blue").
    public var symbol: String?
    /// The whole `<wpt>…</wpt>` element in the file.
    public var element: Range<Int>
    /// The `lat` attribute's value in the file (inside its quotes).
    public var latitudeRange: Range<Int>
    /// The `lon` attribute's value in the file (inside its quotes).
    public var longitudeRange: Range<Int>

    /// Every stored field, as the memberwise initialiser takes them.
    package init(point: GPXPoint, name: String?, description: String?, symbol: String?, element: Range<Int>, latitudeRange: Range<Int>, longitudeRange: Range<Int>) {
        self.point = point
        self.name = name
        self.description = description
        self.symbol = symbol
        self.element = element
        self.latitudeRange = latitudeRange
        self.longitudeRange = longitudeRange
    }
}

/// A GPX route (`rte`): planned points in order.
///
///     for route in try GPXDocument.load(from: file).routes { map.addOverlay(TrackOverlay(route: route)) }
public struct GPXRoute: Equatable, Sendable {
    /// Its `name`.
    public var name: String?
    /// Its `desc`.
    public var description: String?
    /// The route points (`rtept`), in order.
    public var points: [GPXPoint]

    /// Every stored field, as the memberwise initialiser takes them.
    package init(name: String? = nil, description: String? = nil, points: [GPXPoint]) {
        self.name = name
        self.description = description
        self.points = points
    }
}

/// A GPX track (`trk`): what was recorded, in segments (`trkseg`) that are
/// not joined across their gaps.
///
///     let ride = try GPXDocument.load(from: file)
///     for track in ride.tracks { print(track.name ?? "track", track.points.count) }
public struct GPXTrack: Equatable, Sendable {
    /// Its `name`.
    public var name: String?
    /// Its `desc`.
    public var description: String?
    /// The track segments (`trkseg`), each its points in order.
    public var segments: [[GPXPoint]]

    /// Every stored field, as the memberwise initialiser takes them.
    package init(name: String? = nil, description: String? = nil, segments: [[GPXPoint]]) {
        self.name = name
        self.description = description
        self.segments = segments
    }

    /// Every point, segment after segment.
    public var points: [GPXPoint] { segments.flatMap { $0 } }
}
