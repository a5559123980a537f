import MapEngine

/// How far in front a view is drawn: higher values in front of lower ones
/// (MapKit's `MKAnnotationViewZPriority`). Among equal priorities, views
/// lower on the screen are in front.
///
///     view.zPriority = .max   // always on top of ordinary views
public struct ZPriority: Comparable, Hashable, Sendable {
    /// The priority; higher is further in front.
    public var value: Double

    /// A priority of `value`.
    public init(_ value: Double) { self.value = value }

    /// Behind every other view.
    public static let min = ZPriority(0)
    /// Where unselected views stand unless told otherwise.
    public static let defaultUnselected = ZPriority(500)
    /// Where a selected view stands unless told otherwise: in front of unselected ones.
    public static let defaultSelected = ZPriority(1000)
    /// In front of every other view.
    public static let max = ZPriority(1000)

    /// Lower priorities are drawn behind.
    public static func < (a: ZPriority, b: ZPriority) -> Bool { a.value < b.value }
}
