/// A point or a vector in screen pixels (x right, y down).
///
///     let p = Point(x: 10, y: 20) + Point(x: 1, y: 1)   // (11, 21)
public struct Point: Equatable, Hashable, Sendable {
    /// Distance to the right.
    public var x: Double
    /// Distance down.
    public var y: Double

    /// The point `x` right and `y` down.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// The sum, coordinate by coordinate.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The difference, coordinate by coordinate.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// Both coordinates times `k`.
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
    /// Both coordinates divided by `k`.
    public static func / (a: Point, k: Double) -> Point { Point(x: a.x / k, y: a.y / k) }
    /// The point mirrored through the origin.
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
