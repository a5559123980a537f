import Foundation
import MapEngine

/// A path measured on the map ("Measure from here"): the points clicked, in
/// order, each leg's length on the WGS 84 ellipsoid, their total, and the
/// area inside once the path is closed (a click on its first point).
///
///     var ruler = Ruler(start: zurich)
///     ruler.add(winterthur); ruler.add(zug)
///     ruler.total            // metres along the path
///     ruler.close(); ruler.area   // square metres inside
package struct Ruler: Equatable, Sendable {
    /// The points, first to last.
    package private(set) var points: [Coordinate]
    /// Whether the path runs back from its last point to its first, enclosing an area.
    package private(set) var isClosed = false

    /// The most points a path takes (a path of more is a drawing, not a measurement).
    package static let mostPoints = 500

    /// A path begun at `start`.
    package init(start: Coordinate) {
        points = [start]
    }

    /// Adds a point at the end (nothing once closed or full).
    package mutating func add(_ point: Coordinate) {
        guard !isClosed, points.count < Ruler.mostPoints, point.latitude.isFinite, point.longitude.isFinite else { return }
        points.append(point)
    }

    /// Closes the path, when it has three points or more to enclose something.
    package mutating func close() {
        if points.count >= 3 { isClosed = true }
    }

    /// Undoes the last step: reopens a closed path, else takes its last point
    /// off; false when only the first point is left (nothing to undo).
    @discardableResult
    package mutating func removeLast() -> Bool {
        if isClosed {
            isClosed = false
            return true
        }
        guard points.count > 1 else { return false }
        points.removeLast()
        return true
    }

    /// The legs as drawn: each pair of points in turn, and the closing one.
    package var legs: [(from: Coordinate, to: Coordinate)] {
        var legs = zip(points, points.dropFirst()).map { (from: $0, to: $1) }
        if isClosed, let first = points.first, let last = points.last { legs.append((last, first)) }
        return legs
    }

    /// Each leg's length in metres.
    package var legLengths: [Double] { legs.map { $0.from.ellipsoidDistance(to: $0.to) } }

    /// The length of the whole path in metres.
    package var total: Double { legLengths.reduce(0, +) }

    /// The area inside a closed path in square metres (on a sphere of the
    /// Earth's mean radius, the way web maps measure areas); nil while open.
    package var area: Double? {
        guard isClosed, points.count >= 3 else { return nil }
        let radius = Coordinate.earthRadiusKilometres * 1000
        var sum = 0.0
        for (index, point) in points.enumerated() {
            let next = points[(index + 1) % points.count]
            var dLambda = (next.longitude - point.longitude) * .pi / 180
            // A leg across the antimeridian goes the short way round.
            if dLambda > .pi { dLambda -= 2 * .pi } else if dLambda < -.pi { dLambda += 2 * .pi }
            sum += dLambda * (2 + sin(point.latitude * .pi / 180) + sin(next.latitude * .pi / 180))
        }
        return abs(sum) * radius * radius / 2
    }
}
