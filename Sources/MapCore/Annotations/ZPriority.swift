/// How far in front a view is drawn: higher values in front of lower ones
/// (MapKit's `MKAnnotationViewZPriority`). Among equal priorities, views
/// lower on the screen are in front.
///
///     view.zPriority = .max   // always on top of ordinary views
public struct ZPriority: Comparable, Hashable, Sendable {
    public var value: Double

    public init(_ value: Double) { self.value = value }

    public static let min = ZPriority(0)
    public static let defaultUnselected = ZPriority(500)
    public static let defaultSelected = ZPriority(1000)
    public static let max = ZPriority(1000)

    public static func < (a: ZPriority, b: ZPriority) -> Bool { a.value < b.value }
}
