/// A point or a vector in screen pixels (x right, y down).
///
///     let p = Point(x: 10, y: 20) + Point(x: 1, y: 1)   // (11, 21)
public struct Point: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
    public static func / (a: Point, k: Double) -> Point { Point(x: a.x / k, y: a.y / k) }
    public static prefix func - (a: Point) -> Point { Point(x: -a.x, y: -a.y) }

    /// True when both coordinates are finite numbers (not NaN, not infinite).
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// Euclidean length of the vector.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// The point `t` of the way from `self` to `other` (0 is self, 1 is other).
    public func interpolated(to other: Point, by t: Double) -> Point {
        self + (other - self) * t
    }
}
