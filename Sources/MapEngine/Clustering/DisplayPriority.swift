/// How much a view matters when views crowd (MapKit's
/// `MKFeatureDisplayPriority`): `required` views always show and never
/// cluster; among the others, where two collide the lower one hides first
/// (or, with a clustering identifier, joins a cluster led by the higher).
///
///     pin.displayPriority = .defaultLow          // hides under its neighbours first
///     pin.displayPriority = DisplayPriority(600) // any value from 0 to 1000
public struct DisplayPriority: RawRepresentable, Hashable, Comparable, Sendable {
    /// The priority, 0 to 1000.
    public var rawValue: Float

    /// A priority of `rawValue`, clamped to 0...1000.
    public init(rawValue: Float) {
        self.rawValue = min(max(rawValue, 0), 1000)
    }

    /// A priority of `value`, clamped to 0...1000.
    public init(_ value: Float) { self.init(rawValue: value) }

    /// Always shown, whatever it collides with (1000).
    public static let required = DisplayPriority(1000)
    /// Shown over most views that collide with it (750).
    public static let defaultHigh = DisplayPriority(750)
    /// Hidden first when views collide (250).
    public static let defaultLow = DisplayPriority(250)

    /// Lower priorities give way first.
    public static func < (a: DisplayPriority, b: DisplayPriority) -> Bool { a.rawValue < b.rawValue }
}

/// The shape a view takes up when deciding whether it collides with
/// another (MapKit's `MKAnnotationViewCollisionMode`): a square or a circle
/// `ClusterPresenter.radius` points across, or none (it never collides:
/// it never clusters and never hides).
///
///     let stop = PointAnnotation(coordinate: place, title: "Stop", collisionMode: .circle)
public enum CollisionMode: Sendable, Hashable {
    /// The shapes a view can take up: its frame, the circle inside it, or nothing.
    case rectangle, circle, none
}
