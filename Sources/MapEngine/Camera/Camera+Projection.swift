import Foundation

/// How a turned and tilted camera sees the ground.
///
/// Ground offsets are pixels at the camera's zoom from the centre, in the
/// world's directions (x east, y south). The heading turns them into the
/// view's directions: `r = (x·cos h + y·sin h, −x·sin h + y·cos h)`, so that
/// with a heading of 90° east points up. The pitch then looks at that
/// plane from an eye `eyeDistance` from the centre, tilted back by the
/// pitch: a point `r` lies at depth `d − r.y·sin p` and shows at
/// `r · d / depth`, its y shortened by `cos p`. So points ahead (up the
/// view) shrink towards a horizon `d·cot p` above the centre, points
/// behind grow, and a flat camera shows the turned plane as it is.
extension Camera {
    /// A pair of cosine and sine, kept with the angle they belong to.
    package struct Turn: Equatable, Sendable {
        package let cos: Double
        package let sin: Double

        package init(degrees: Double) {
            let radians = degrees * .pi / 180
            cos = Foundation.cos(radians)
            sin = Foundation.sin(radians)
        }
    }

    /// The eye's distance from the view's centre, in pixels: MapLibre's
    /// field of view of 2·atan(1/3) ≈ 36.9°, so 1.5 view heights.
    public var eyeDistance: Double { 1.5 * viewportSize.height }

    /// The nearest depth a point is drawn at: points nearer the eye (or
    /// behind it) are drawn as if this near, far below the view.
    static let nearestDepth = 0.01

    /// How far ahead of the centre the camera sees the ground, in pixels
    /// at its zoom: a tilted camera's view above the horizon reaches this
    /// far and no further (MapLibre stops its view at a similar distance).
    var farthestGround: Double { 8 * eyeDistance }

    /// Where a ground offset (pixels from the centre, world directions)
    /// shows, in pixels from the view's centre.
    @inline(__always)
    package func screenOffset(forGround offset: Point) -> Point {
        if isFlatNorthUp { return offset }
        let rx = offset.x * turn.cos + offset.y * turn.sin
        let ry = -offset.x * turn.sin + offset.y * turn.cos
        if pitch == 0 { return Point(x: rx, y: ry) }
        let d = eyeDistance
        let k = d / max(d - ry * tilt.sin, d * Camera.nearestDepth)
        return Point(x: rx * k, y: ry * tilt.cos * k)
    }

    /// Where a point `altitude` pixels above a ground offset shows, in
    /// pixels from the view's centre: the eye is `eyeDistance` from the
    /// centre, so on a flat map too a tall building's roof is drawn larger
    /// than its footprint and leans away from the middle.
    package func screenOffset(forGround offset: Point, altitude: Double) -> Point {
        let rx = offset.x * turn.cos + offset.y * turn.sin
        let ry = -offset.x * turn.sin + offset.y * turn.cos
        let d = eyeDistance
        let k = d / max(d - ry * tilt.sin - altitude * tilt.cos, d * Camera.nearestDepth)
        return Point(x: rx * k, y: (ry * tilt.cos - altitude * tilt.sin) * k)
    }

    /// Where the eye is, as a ground offset (world directions) and a height, in pixels.
    package var eye: (ground: Point, height: Double) {
        let back = eyeDistance * tilt.sin
        return (Point(x: -back * turn.sin, y: back * turn.cos), eyeDistance * tilt.cos)
    }

    /// The ground offset (pixels from the centre, world directions) under a
    /// screen point; above the horizon, the farthest ground in that direction.
    package func groundOffset(at screen: Point) -> Point {
        let u = screen.x - viewportSize.width / 2, v = screen.y - viewportSize.height / 2
        if isFlatNorthUp { return Point(x: u, y: v) }
        var rx = u, ry = v
        if pitch > 0 {
            let d = eyeDistance
            let below = d * tilt.cos + v * tilt.sin
            // On the ground (in front of the horizon) or the farthest ground the camera sees.
            let y = below > 0 ? v * d / below : -.infinity
            ry = max(y, -farthestGround)
            rx = u * (d - ry * tilt.sin) / d
        }
        return Point(x: rx * turn.cos - ry * turn.sin, y: rx * turn.sin + ry * turn.cos)
    }

    /// How much larger than at the centre something on the ground at this
    /// ground offset is drawn: 1 on a flat map, less towards the horizon.
    package func perspectiveScale(atGround offset: Point) -> Double {
        guard pitch > 0 else { return 1 }
        let ry = -offset.x * turn.sin + offset.y * turn.cos
        let d = eyeDistance
        return d / max(d - ry * tilt.sin, d * Camera.nearestDepth)
    }

    /// How much larger than at the centre something on the ground at a
    /// unit world point is drawn.
    package func perspectiveScale(atWorld p: Point) -> Double {
        guard pitch > 0 else { return 1 }
        return perspectiveScale(atGround: Point(x: WebMercator.shortWay(p.x - center.x) * worldSize, y: (p.y - center.y) * worldSize))
    }

    /// The screen height of a tilted map's horizon, in pixels from the top
    /// (negative when it lies above the view); nil for a flat camera.
    public var horizonY: Double? {
        guard pitch > 0 else { return nil }
        return viewportSize.height / 2 - eyeDistance * tilt.cos / tilt.sin
    }

    /// The ground the view shows, as its corners' ground offsets in the
    /// world's directions (clockwise from the top left): on a tilted map
    /// the top corners reach far out, and no further than `farthestGround`.
    package var groundCorners: [Point] {
        let w = viewportSize.width, h = viewportSize.height
        return [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)].map { groundOffset(at: $0) }
    }
}

/// A camera's projection with its constants worked out once, for code
/// that projects many points a frame (tile meshes, buildings, pins): the
/// same answers as `Camera.screenPoint(forWorld:)` and
/// `Camera.screenOffset(forGround:altitude:)`.
package struct GroundProjector {
    private let center: Point
    private let viewCenter: Point
    private let worldSize: Double
    private let cosH: Double, sinH: Double, cosP: Double, sinP: Double
    private let eye: Double

    package init(_ camera: Camera) {
        center = camera.center
        viewCenter = camera.viewportSize.center
        worldSize = camera.worldSize
        (cosH, sinH, cosP, sinP) = (camera.turn.cos, camera.turn.sin, camera.tilt.cos, camera.tilt.sin)
        eye = camera.eyeDistance
    }

    /// Where a unit world point (not wrapped) shows on screen.
    @inline(__always)
    package func screen(world p: Point) -> Point {
        screen(ground: Point(x: (p.x - center.x) * worldSize, y: (p.y - center.y) * worldSize), altitude: 0)
    }

    /// Where a point `altitude` pixels above a ground offset shows on screen.
    @inline(__always)
    package func screen(ground g: Point, altitude: Double) -> Point {
        let rx = g.x * cosH + g.y * sinH, ry = -g.x * sinH + g.y * cosH
        let k = eye / max(eye - ry * sinP - altitude * cosP, eye * Camera.nearestDepth)
        return Point(x: rx * k + viewCenter.x, y: (ry * cosP - altitude * sinP) * k + viewCenter.y)
    }

    /// Where points `low` and `high` pixels above a ground offset show on
    /// screen (a wall's foot and head): `screen(ground:altitude:)` twice,
    /// turning the offset once.
    @inline(__always)
    package func screen(ground g: Point, low: Double, high: Double) -> (low: Point, high: Point) {
        let rx = g.x * cosH + g.y * sinH, ry = -g.x * sinH + g.y * cosH
        let depth = eye - ry * sinP, nearest = eye * Camera.nearestDepth, y = ry * cosP
        let kLow = eye / max(depth - low * cosP, nearest), kHigh = eye / max(depth - high * cosP, nearest)
        return (Point(x: rx * kLow + viewCenter.x, y: (y - low * sinP) * kLow + viewCenter.y),
                Point(x: rx * kHigh + viewCenter.x, y: (y - high * sinP) * kHigh + viewCenter.y))
    }

    /// How much perspective enlarges points `low` and `high` pixels above a
    /// ground offset (1 at the view's middle on the ground): what a picture
    /// spread across a face is divided by, to lie true in perspective.
    @inline(__always)
    package func scales(ground g: Point, low: Double, high: Double) -> (low: Double, high: Double) {
        let ry = -g.x * sinH + g.y * cosH
        let depth = eye - ry * sinP, nearest = eye * Camera.nearestDepth
        return (eye / max(depth - low * cosP, nearest), eye / max(depth - high * cosP, nearest))
    }
}
