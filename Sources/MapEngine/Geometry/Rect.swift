/// An axis-aligned rectangle in screen pixels: origin at the top-left corner.
///
///     let r = Rect(x: 0, y: 0, width: 256, height: 256)
///     r.contains(Point(x: 10, y: 10))   // true
public struct Rect: Equatable, Hashable, Sendable {
    /// The top left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// A rectangle at `origin` of `size`.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle with its top left corner at (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The four corners, clockwise from the top-left: the rectangle as an outline.
    public var corners: [Point] {
        [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
    }

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The width.
    public var width: Double { size.width }
    /// The height.
    public var height: Double { size.height }
    /// The middle, across.
    public var midX: Double { origin.x + size.width / 2 }
    /// The middle, down.
    public var midY: Double { origin.y + size.height / 2 }
    /// The middle.
    public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

    /// True when `p` lies inside; the right and bottom edges are outside.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// True when the two rectangles share some area.
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The rectangle with every coordinate divided by `k` (pixels to points).
    public static func / (rect: Rect, k: Double) -> Rect {
        Rect(x: rect.minX / k, y: rect.minY / k, width: rect.width / k, height: rect.height / k)
    }

    /// The rectangle moved by `delta`.
    public func offsetBy(_ delta: Point) -> Rect {
        Rect(origin: origin + delta, size: size)
    }

    /// The rectangle grown by `d` on every side (shrunk when negative).
    public func insetBy(_ d: Double) -> Rect {
        Rect(x: minX + d, y: minY + d, width: width - 2 * d, height: height - 2 * d)
    }

    /// The smallest rectangle holding every one of `rects`; nil for none.
    public static func union(_ rects: some Sequence<Rect>) -> Rect? {
        var iterator = rects.makeIterator()
        guard let first = iterator.next() else { return nil }
        var minX = first.minX, minY = first.minY, maxX = first.maxX, maxY = first.maxY
        while let rect = iterator.next() {
            minX = min(minX, rect.minX); minY = min(minY, rect.minY)
            maxX = max(maxX, rect.maxX); maxY = max(maxY, rect.maxY)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
