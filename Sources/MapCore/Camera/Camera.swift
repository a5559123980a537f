import Foundation

/// What the map shows: a centre, a fractional zoom and the viewport's size.
///
/// The centre is kept in unit world coordinates (see `WebMercator`), wrapped
/// east-west so the world repeats, and clamped north-south so that no space
/// beyond the poles shows while the world is taller than the viewport.
///
///     var camera = Camera(center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 4.5,
///                         viewportSize: Size(width: 800, height: 600))
///     let p = camera.screenPoint(for: camera.centerCoordinate)   // (400, 300)
public struct Camera: Equatable, Sendable {
    /// The smallest and largest zoom the camera accepts.
    public static let zoomLimits: ClosedRange<Double> = 0...20

    /// Centre of the viewport in unit world coordinates.
    public private(set) var center: Point
    public private(set) var zoom: Double
    public private(set) var viewportSize: Size

    public init(center: Coordinate, zoom: Double, viewportSize: Size) {
        self.center = WebMercator.project(center.wrapped)
        self.zoom = Camera.zoomLimits.clamp(zoom)
        self.viewportSize = viewportSize
        normalize()
    }

    /// World width in pixels at the current zoom.
    public var worldSize: Double { WebMercator.worldSize(zoom: zoom) }

    public var centerCoordinate: Coordinate { WebMercator.unproject(center) }

    /// Screen position of a unit world point, choosing the copy of the world
    /// nearest the centre so points across the antimeridian land on screen.
    public func screenPoint(forWorld p: Point) -> Point {
        var dx = p.x - center.x
        dx -= (dx + 0.5).rounded(.down)
        return Point(x: dx * worldSize + viewportSize.width / 2,
                     y: (p.y - center.y) * worldSize + viewportSize.height / 2)
    }

    public func screenPoint(for coordinate: Coordinate) -> Point {
        screenPoint(forWorld: WebMercator.project(coordinate))
    }

    /// Unit world position under a screen point (x not wrapped).
    public func worldPoint(at screen: Point) -> Point {
        center + (screen - viewportSize.center) / worldSize
    }

    /// The coordinate under a screen point (longitude wrapped into -180..<180).
    public func coordinate(at screen: Point) -> Coordinate {
        WebMercator.unproject(worldPoint(at: screen))
    }

    /// Moves the map's content by `delta` pixels, as a hand dragging it would.
    public mutating func pan(by delta: Point) {
        center = center - delta / worldSize
        normalize()
    }

    /// Puts the centre at a unit world point.
    public mutating func setCenter(world p: Point) {
        center = p
        normalize()
    }

    /// Changes the zoom so that the place under `anchor` stays under it.
    public mutating func zoom(to newZoom: Double, about anchor: Point) {
        let fixed = worldPoint(at: anchor)
        zoom = Camera.zoomLimits.clamp(newZoom)
        center = fixed - (anchor - viewportSize.center) / worldSize
        normalize()
    }

    /// A new viewport size; the centre stays where it is.
    public mutating func resize(to size: Size) {
        viewportSize = size
        normalize()
    }

    private mutating func normalize() {
        center.x -= center.x.rounded(.down)
        let halfHeight = viewportSize.height / 2 / worldSize
        if halfHeight >= 0.5 {
            center.y = 0.5
        } else {
            center.y = min(max(center.y, halfHeight), 1 - halfHeight)
        }
    }
}

extension ClosedRange where Bound == Double {
    /// The value brought inside the range.
    func clamp(_ value: Double) -> Double { Swift.min(Swift.max(value, lowerBound), upperBound) }
}
