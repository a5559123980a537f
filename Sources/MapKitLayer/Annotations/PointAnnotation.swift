import MapEngine

/// A plain annotation at a coordinate with a title and subtitle (MapKit's
/// `MKPointAnnotation`). Changing any of them notifies the maps showing it.
///
///     let pin = PointAnnotation(coordinate: Coordinate(latitude: 51.4779, longitude: -0.0015),
///                               title: "Greenwich")
///     pin.subtitle = "51.4779° North, 0.0015° West"   // an open callout updates
open class PointAnnotation: MovableAnnotation, NameableAnnotation {
    /// A stable name for scene dumps and saved files; nil lets the map number it.
    public let identifier: String?
    /// Where the annotation announces its changes; setting a property posts them.
    public let changes = AnnotationChanges()

    /// Where the annotation is; setting it moves its view.
    public var coordinate: Coordinate {
        didSet { if coordinate != oldValue { changes.post(.coordinate) } }
    }
    /// The callout's first line.
    public var title: String? {
        didSet { if title != oldValue { changes.post(.calloutInfo) } }
    }
    /// The callout's second line; a placemark's looked-up place name lands here.
    public var subtitle: String? {
        didSet { if subtitle != oldValue { changes.post(.calloutInfo) } }
    }

    /// True for a placemark: the map names its place in the subtitle, from
    /// its geocoder, whenever it comes to rest somewhere new (the original
    /// sample's `DDAnnotation`). Until the name arrives the subtitle reads
    /// the coordinate.
    public let isPlacemark: Bool
    /// A placemark's note (see `EditablePin.note`): its own words, beside its looked-up place name.
    package var placemarkNote: String?
    /// Whether the pin editor may name it: yes, but for the map's own callouts' stands.
    package var isEditable: Bool { true }
    /// Pins with the same identifier cluster where they crowd (nil: never).
    public let clusteringIdentifier: String?
    /// Set before the pin is added to a map (the map reads it when it groups pins).
    public var displayPriority: DisplayPriority
    /// How its view takes up room when views collide.
    public var collisionMode: CollisionMode

    /// An annotation at `coordinate` with a callout's lines, a stable `identifier` for dumps and
    /// files, and whether the map names its place (`isPlacemark`).
    public init(coordinate: Coordinate, title: String? = nil, subtitle: String? = nil,
                identifier: String? = nil, isPlacemark: Bool = false, clusteringIdentifier: String? = nil,
                displayPriority: DisplayPriority? = nil, collisionMode: CollisionMode = .rectangle) {
        self.coordinate = coordinate
        self.clusteringIdentifier = clusteringIdentifier
        self.displayPriority = displayPriority ?? (clusteringIdentifier == nil ? .required : .defaultHigh)
        self.collisionMode = collisionMode
        self.title = title
        self.subtitle = subtitle
        self.identifier = identifier
        self.isPlacemark = isPlacemark
    }
}
