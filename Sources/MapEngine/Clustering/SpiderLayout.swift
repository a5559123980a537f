import Foundation

/// Where the members of a cluster that never comes apart (pins in one
/// building) fan out around its centre, in points: on a circle for fewer
/// than 9, on a spiral beyond, each a pin's width from its neighbours (the
/// figures of Leaflet.markercluster's spiderfier).
///
///     SpiderLayout.offsets(count: 5)    // five points on a circle
package enum SpiderLayout {
    /// Below this many members, a circle.
    static let circleLimit = 9
    /// Points between neighbours along the circle or the spiral.
    static let separation = 28.0
    /// How far a default pin's head is above its tip, in points.
    package static let pinHeadHeight = 20.0

    package static func offsets(count: Int) -> [Point] {
        guard count > 0 else { return [] }
        return count < circleLimit ? circle(count) : spiral(count)
    }

    private static func circle(_ count: Int) -> [Point] {
        let radius = max(separation * Double(2 + count) / (2 * .pi), 30)
        let step = 2 * .pi / Double(count)
        return (0..<count).map { i in
            let angle = Double(i) * step - .pi / 2
            return Point(x: radius * cos(angle), y: radius * sin(angle))
        }
    }

    private static func spiral(_ count: Int) -> [Point] {
        // An Archimedean spiral: each member a separation further along it,
        // the arms a separation and a half apart.
        let armGap = separation * 1.5
        var angle = 2 * .pi * 0.75, points: [Point] = []
        for _ in 0..<count {
            let radius = armGap * angle / (2 * .pi)
            points.append(Point(x: radius * cos(angle), y: radius * sin(angle)))
            angle += separation / max(radius, 1)
        }
        return points
    }
}
