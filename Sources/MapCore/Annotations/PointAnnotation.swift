/// A plain annotation at a coordinate with a title and subtitle (MapKit's
/// `MKPointAnnotation`). Changing any of them notifies the maps showing it.
///
///     let pin = PointAnnotation(coordinate: Coordinate(latitude: 51.4779, longitude: -0.0015),
///                               title: "Greenwich")
///     pin.subtitle = "51.4779° North, 0.0015° West"   // an open callout updates
open class PointAnnotation: MovableAnnotation {
    public let identifier: String?
    public let changes = AnnotationChanges()

    public var coordinate: Coordinate {
        didSet { if coordinate != oldValue { changes.post(.coordinate) } }
    }
    public var title: String? {
        didSet { if title != oldValue { changes.post(.calloutInfo) } }
    }
    public var subtitle: String? {
        didSet { if subtitle != oldValue { changes.post(.calloutInfo) } }
    }

    public init(coordinate: Coordinate, title: String? = nil, subtitle: String? = nil,
                identifier: String? = nil) {
        self.coordinate = coordinate
        self.title = title
        self.subtitle = subtitle
        self.identifier = identifier
    }
}
