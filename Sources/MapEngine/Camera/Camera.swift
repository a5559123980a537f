import Foundation

/// What the map shows: a centre, a fractional zoom, a heading and a pitch
/// (after MapKit's `MKMapCamera`), and the viewport's size.
///
/// The heading turns the map: it is the compass direction, in degrees
/// clockwise from north, that points up on screen. The pitch tilts it: 0
/// looks straight down, larger angles look towards the horizon through a
/// perspective camera (MapLibre's: a vertical field of view of about 37°,
/// so the eye is 1.5 view heights from the centre). Both turn and tilt
/// about the view's centre; see `Camera+Projection.swift` for the maths.
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
    /// The pitches the camera accepts, in degrees: flat to MapLibre's default limit.
    public static let pitchLimits: ClosedRange<Double> = 0...60

    /// Centre of the viewport in unit world coordinates.
    public private(set) var center: Point
    /// The zoom level: the world is 256 × 2^zoom pixels wide.
    public private(set) var zoom: Double
    /// The size of the view the camera looks through, in pixels.
    public private(set) var viewportSize: Size
    /// The compass direction that points up on screen, in degrees clockwise
    /// from north, 0 ..< 360 (MapLibre's bearing).
    public private(set) var heading: Double = 0
    /// How far the view is tilted from looking straight down, in degrees (`pitchLimits`).
    public private(set) var pitch: Double = 0
    /// The heading's and the pitch's cosine and sine, kept with them.
    package private(set) var turn = Turn(degrees: 0)
    package private(set) var tilt = Turn(degrees: 0)

    /// A camera over `center` at `zoom`, for a view of `viewportSize` pixels,
    /// turned to `heading` and tilted by `pitch` degrees.
    public init(center: Coordinate, zoom: Double, viewportSize: Size, heading: Double = 0, pitch: Double = 0) {
        let projected = WebMercator.project(center.wrapped)
        self.center = projected.isFinite ? projected : Point(x: 0.5, y: 0.5)
        self.zoom = zoom.isNaN ? Camera.zoomLimits.lowerBound : Camera.zoomLimits.clamp(zoom)
        self.viewportSize = Camera.usable(viewportSize) ?? Size(width: 1, height: 1)
        setAngles(heading: heading, pitch: pitch)
        normalize()
    }

    /// True when the map is north up and looks straight down: a point's
    /// place on screen is its world position scaled and moved.
    @inline(__always) public var isFlatNorthUp: Bool { heading == 0 && pitch == 0 }

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
    /// A point behind the eye of a tilted camera lands far below the view.
    public func screenPoint(forWorld p: Point) -> Point {
        let offset = Point(x: WebMercator.shortWay(p.x - center.x) * worldSize, y: (p.y - center.y) * worldSize)
        return screenOffset(forGround: offset) + viewportSize.center
    }

    /// Where `coordinate` shows in the view, in pixels from its top-left corner (on the copy of the
    /// world nearest the centre).
    public func screenPoint(for coordinate: Coordinate) -> Point {
        screenPoint(forWorld: WebMercator.project(coordinate))
    }

    /// Unit world position under a screen point (x not wrapped). Above a
    /// tilted map's horizon, the farthest ground the camera reaches there.
    public func worldPoint(at screen: Point) -> Point {
        center + groundOffset(at: screen) / worldSize
    }

    /// The coordinate under a screen point (longitude wrapped into -180..<180).
    public func coordinate(at screen: Point) -> Coordinate {
        WebMercator.unproject(worldPoint(at: screen))
    }

    /// Moves the map's content by `delta` pixels, as a hand dragging it would
    /// (on a tilted map, as it would at the centre of the view).
    public mutating func pan(by delta: Point) {
        pan(from: viewportSize.center, to: viewportSize.center + delta)
    }

    /// Moves the map so that the place under screen point `from` comes under `to`.
    public mutating func pan(from: Point, to: Point) {
        guard from.isFinite, to.isFinite else { return }
        let moved = center + (groundOffset(at: from) - groundOffset(at: to)) / worldSize
        guard moved.isFinite else { return }
        center = moved
        normalize()
    }

    /// Whether `other` is this camera moved, turned or tilted, at the same
    /// zoom and view size: labels placed for one can be carried to the other.
    package func differsOnlyInPlace(from other: Camera) -> Bool {
        other.zoom == zoom && other.viewportSize == viewportSize
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
        let moved = fixed - groundOffset(at: anchor) / WebMercator.worldSize(zoom: zoom)
        guard moved.isFinite else { return }
        self.zoom = zoom
        center = moved
        normalize()
    }

    /// Turns the map to `heading` (degrees clockwise from north) so that
    /// the place under `anchor` stays under it.
    public mutating func rotate(to heading: Double, about anchor: Point) {
        guard heading.isFinite, anchor.isFinite else { return }
        let fixed = worldPoint(at: anchor)
        setAngles(heading: heading, pitch: pitch)
        let moved = fixed - groundOffset(at: anchor) / worldSize
        if moved.isFinite { center = moved }
        normalize()
    }

    /// Tilts the map to `pitch` degrees (kept inside `pitchLimits`) about the view's centre.
    public mutating func tilt(to pitch: Double) {
        guard pitch.isFinite else { return }
        setAngles(heading: heading, pitch: pitch)
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
            && (0..<360).contains(heading) && Camera.pitchLimits.contains(pitch)
            && viewportSize.height >= 1 && (0...1).contains(center.y) && (0..<1).contains(center.x)
    }

    private mutating func setAngles(heading: Double, pitch: Double) {
        if heading.isFinite {
            var turned = heading.truncatingRemainder(dividingBy: 360)
            if turned < 0 { turned += 360 }
            // A heading a hair from north is north, so a turn back ends exactly flat.
            self.heading = turned >= 360 - 1e-9 || turned < 1e-9 ? 0 : turned
        }
        if !pitch.isNaN { self.pitch = Camera.pitchLimits.clamp(pitch) < 1e-9 ? 0 : Camera.pitchLimits.clamp(pitch) }
        turn = Turn(degrees: self.heading)
        tilt = Turn(degrees: self.pitch)
    }

    private mutating func normalize() {
        center.x -= center.x.rounded(.down)
        if center.x >= 1 { center.x = 0 }  // -1e-20 wraps to 1.0 in doubles
        guard isFlatNorthUp else {
            // Turned or tilted, the view's corners reach past the poles anyway: only the centre is kept on the world.
            center.y = min(max(center.y, 0), 1)
            return
        }
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
    package func clamp(_ value: Double) -> Double { Swift.min(Swift.max(value, lowerBound), upperBound) }
}

extension Camera {
    /// What a zoom in points adds to become one in the display's pixels
    /// (a camera counts pixels): log2 of the pixels a point, 0 for a scale
    /// that is not a positive number.
    public static func zoomOffset(displayScale: Double) -> Double {
        displayScale.isFinite && displayScale > 0 ? log2(displayScale) : 0
    }
}
