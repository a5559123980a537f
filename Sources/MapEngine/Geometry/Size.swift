/// A width and height in screen pixels.
///
///     let viewport = Size(width: 800, height: 600)
public struct Size: Equatable, Hashable, Sendable {
    /// How wide.
    public var width: Double
    /// How high.
    public var height: Double

    /// A size `width` wide and `height` high.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No width and no height.
    public static let zero = Size(width: 0, height: 0)

    /// The centre of a rectangle of this size placed at the origin.
    public var center: Point { Point(x: width / 2, y: height / 2) }

    /// True when `p` lies on a rectangle of this size placed at the origin,
    /// edges included.
    public func contains(_ p: Point) -> Bool {
        p.x >= 0 && p.y >= 0 && p.x <= width && p.y <= height
    }
}
