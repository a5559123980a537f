import MapEngine

/// A place the map marks: data only, no drawing (MapKit's `MKAnnotation`).
///
///     final class Cafe: Annotation {
///         let coordinate = Coordinate(latitude: 48.8530, longitude: 2.3499)
///         let title: String? = "Café"
///         let subtitle: String? = nil
///         let changes = AnnotationChanges()
///     }
///     map.addAnnotation(Cafe())
@MainActor public protocol Annotation: AnyObject {
    /// Where the annotation is. The map reads it when the annotation is added and whenever
    /// `changes` posts `.coordinate`.
    var coordinate: Coordinate { get }
    /// The callout's first line, and the name screen readers and dumps use; nil for none.
    var title: String? { get }
    /// The callout's second line; nil for none.
    var subtitle: String? { get }
    /// A stable name for scene dumps and saved files; nil lets the map number it.
    var identifier: String? { get }
    /// Where the annotation tells the map that it moved or that its title or
    /// subtitle changed.
    var changes: AnnotationChanges { get }
    /// True when the map should name the annotation's place in its subtitle
    /// (see `PointAnnotation.isPlacemark`); the annotation must let the map
    /// set its subtitle, as `PointAnnotation` does.
    var isPlacemark: Bool { get }
    /// Annotations with the same identifier merge into a cluster where
    /// their views would overlap (MapKit sets this on the view; pinmap reads
    /// it here, so 100,000 pins need no views to be grouped). Nil: never.
    var clusteringIdentifier: String? { get }
    /// Whether it gives way where views crowd (MapKit sets this on the
    /// view; like the clustering identifier it is read here). The default:
    /// `defaultHigh` for an annotation that clusters, `required` (always
    /// shown) for one that does not.
    var displayPriority: DisplayPriority { get }
    /// The shape it collides with; `.rectangle` unless set. Within a
    /// cluster group the first member's mode is used.
    var collisionMode: CollisionMode { get }
}

extension Annotation {
    /// None: the map numbers the annotation.
    public var identifier: String? { nil }
    /// Not a placemark.
    public var isPlacemark: Bool { false }
    /// Never clusters.
    public var clusteringIdentifier: String? { nil }
    /// `defaultHigh` for an annotation that clusters, `required` otherwise.
    public var displayPriority: DisplayPriority { clusteringIdentifier == nil ? .required : .defaultHigh }
    /// Its view's rectangle.
    public var collisionMode: CollisionMode { .rectangle }
}

/// An annotation whose subtitle the map may set: a placemark's place name
/// goes there. `PointAnnotation` is one; so can any annotation of yours be.
///
///     final class Find: NameableAnnotation {
///         let coordinate: Coordinate
///         let title: String? = "Find"
///         var subtitle: String?     // the map may write the place's name here
///         init(_ coordinate: Coordinate) { self.coordinate = coordinate }
///     }
package protocol NameableAnnotation: Annotation {
    /// The callout's second line, which the map may fill in with a looked-up place name.
    var subtitle: String? { get set }
}

/// An annotation that accepts a new coordinate, as dragging needs.
///
/// The one rule: the map learns that an annotation moved from a `.coordinate`
/// posted on its `changes` (MapKit's key-value observing of `coordinate`).
/// - Moves the map makes itself (a drag, an undo, the arrow keys) it
///   announces itself when the setter did not, so a plain stored property is
///   enough for a draggable annotation.
/// - When your own code changes the coordinate, post `.coordinate`, or put
///   the change in the setter as `PointAnnotation` does:
///
///       final class Bus: MovableAnnotation {
///           var coordinate: Coordinate { didSet { changes.post(.coordinate) } }
///           ...
///       }
///
/// An annotation moved without a word is still caught once its view is on
/// screen (the map checks the coordinates of the views it shows every frame)
/// and put where it now is, but one off screen may stay hidden until then.
public protocol MovableAnnotation: Annotation {
    /// Where the annotation is; the map sets it at the end of a drag.
    var coordinate: Coordinate { get set }
}

extension MovableAnnotation {
    /// Sets the coordinate as the map does (a drag, an undo) and makes sure
    /// every map showing the annotation hears of it once, whether or not
    /// the annotation's setter posts `.coordinate` itself.
    func move(to coordinate: Coordinate) {
        let posted = changes.coordinatePosts
        self.coordinate = coordinate
        if changes.coordinatePosts == posted { changes.post(.coordinate) }
    }
}
