import Foundation

/// What the map shows: a centre, a fractional zoom and the viewport's size.
///
/// The centre is kept in unit world coordinates (see `WebMercator`), wrapped
/// east-west so the world repeats, and clamped north-south so that no space
/// beyond the poles shows while the world is taller than the viewport.
///
/// Every value in it stays finite: a change that would bring NaN or an
/// infinity (a pan by 1e300 px, a pinch of zero width) is ignored, and the
/// viewport is at least one pixel a side.
///
///     var camera = Camera(center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 4.5,
///                         viewportSize: Size(width: 800, height: 600))
///     let p = camera.screenPoint(for: camera.centerCoordinate)   // (400, 300)
public struct Camera: Equatable, Sendable {
    /// The smallest and largest zoom the camera accepts.
    public static let zoomLimits: ClosedRange<Double> = 0...20

    /// Centre of the viewport in unit world coordinates.
    public private(set) var center: Point
    /// The zoom level: the world is 256 × 2^zoom pixels wide.
    public private(set) var zoom: Double
    /// The size of the view the camera looks through, in pixels.
    public private(set) var viewportSize: Size

    /// A camera over `center` at `zoom`, for a view of `viewportSize` pixels.
    public init(center: Coordinate, zoom: Double, viewportSize: Size) {
        let projected = WebMercator.project(center.wrapped)
        self.center = projected.isFinite ? projected : Point(x: 0.5, y: 0.5)
        self.zoom = zoom.isNaN ? Camera.zoomLimits.lowerBound : Camera.zoomLimits.clamp(zoom)
        self.viewportSize = Camera.usable(viewportSize) ?? Size(width: 1, height: 1)
        normalize()
    }

    /// The largest viewport side the camera takes; a bigger resize is cut to it.
    public static let maximumViewportSide = 16384.0

    /// A size the camera can show: finite, at least a pixel and at most
    /// `maximumViewportSide` a side; nil for NaN or infinite sides.
    static func usable(_ size: Size) -> Size? {
        guard size.width.isFinite, size.height.isFinite else { return nil }
        return Size(width: min(max(size.width, 1), maximumViewportSide),
                    height: min(max(size.height, 1), maximumViewportSide))
    }

    /// World width in pixels at the current zoom.
    public var worldSize: Double { WebMercator.worldSize(zoom: zoom) }

    /// The coordinate at the middle of the view.
    public var centerCoordinate: Coordinate { WebMercator.unproject(center) }

    /// Screen position of a unit world point, choosing the copy of the world
    /// nearest the centre so points across the antimeridian land on screen.
    public func screenPoint(forWorld p: Point) -> Point {
        let dx = WebMercator.shortWay(p.x - center.x)
        return Point(x: dx * worldSize + viewportSize.width / 2,
                     y: (p.y - center.y) * worldSize + viewportSize.height / 2)
    }

    /// Where `coordinate` shows in the view, in pixels from its top-left corner (on the copy of the
    /// world nearest the centre).
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
        let moved = center - delta / worldSize
        guard moved.isFinite else { return }
        center = moved
        normalize()
    }

    /// Whether `other` is this camera moved, nothing else changed: the
    /// same zoom and view, so what is placed on screen only shifts.
    package func differsOnlyInCentre(from other: Camera) -> Bool {
        var moved = other
        moved.center = center
        return moved == self
    }

    /// Puts the centre at a unit world point.
    public mutating func setCenter(world p: Point) {
        guard p.isFinite else { return }
        center = p
        normalize()
    }

    /// Changes the zoom so that the place under `anchor` stays under it.
    public mutating func zoom(to newZoom: Double, about anchor: Point) {
        guard !newZoom.isNaN, anchor.isFinite else { return }
        let fixed = worldPoint(at: anchor)
        let zoom = Camera.zoomLimits.clamp(newZoom)
        let moved = fixed - (anchor - viewportSize.center) / WebMercator.worldSize(zoom: zoom)
        guard moved.isFinite else { return }
        self.zoom = zoom
        center = moved
        normalize()
    }

    /// A new viewport size; the centre stays where it is.
    public mutating func resize(to size: Size) {
        guard let size = Camera.usable(size) else { return }
        viewportSize = size
        normalize()
    }

    /// True when every value is a finite number and the zoom in range: what
    /// every method keeps true, checked by the robustness tests.
    public var isValid: Bool {
        center.isFinite && zoom.isFinite && Camera.zoomLimits.contains(zoom) && viewportSize.width >= 1
            && viewportSize.height >= 1 && (0...1).contains(center.y) && (0..<1).contains(center.x)
    }

    private mutating func normalize() {
        center.x -= center.x.rounded(.down)
        if center.x >= 1 { center.x = 0 }  // -1e-20 wraps to 1.0 in doubles
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
