import Foundation
import MapEngine

/// Where the map looks, after MapKit's `region`, `setRegion(_:animated:)`,
/// `setCamera(_:animated:)` and `showAnnotations(_:animated:)` (worked out
/// by `Camera+Region`), and conversions in points: pixels divided by
/// `displayScale`, from the map's top left corner.
extension MapController {
    /// How long an animated change of region, camera or zoom takes, in seconds.
    public static let regionAnimationDuration = 0.5

    /// The stretch of the world on screen (MapKit's `region`).
    public var region: CoordinateRegion { camera.region }

    /// The unit-world rectangle on screen (MapKit's `visibleMapRect`).
    public var visibleMapRect: Rect { camera.visibleMapRect }

    /// Shows `region` whole and as large as fits, gliding there when `animated`.
    public func setRegion(_ region: CoordinateRegion, animated: Bool) {
        setCamera(camera.fitting(region), animated: animated)
    }

    /// Looks from `camera`'s centre, zoom, heading and pitch (the viewport stays the map's), flying
    /// there when `animated`.
    public func setCamera(_ camera: Camera, animated: Bool) {
        if animated {
            rig.fly(to: camera.centerCoordinate, zoom: camera.zoom, heading: camera.heading, pitch: camera.pitch, at: clock,
                    duration: MapController.regionAnimationDuration)
        } else {
            self.camera = Camera(center: camera.centerCoordinate, zoom: camera.zoom, viewportSize: self.camera.viewportSize,
                                 heading: camera.heading, pitch: camera.pitch)
        }
        setNeedsDisplay()
    }

    /// How far in the map looks, in points: 0 shows the whole world in 256
    /// points, on any screen. (`camera.zoom` counts the display's pixels:
    /// on a 2x screen it is one more.)
    public var zoom: Double { camera.zoom - Camera.zoomOffset(displayScale: displayScale) }

    /// Zooms about the centre to `zoom` (0: the whole world in 256 points, as `zoom`), gliding when `animated`.
    public func setZoom(_ zoom: Double, animated: Bool) {
        setCamera(Camera(center: camera.centerCoordinate, zoom: zoom + Camera.zoomOffset(displayScale: displayScale),
                         viewportSize: camera.viewportSize, heading: camera.heading, pitch: camera.pitch), animated: animated)
    }


    /// Moves and zooms so every one of `annotations` shows with its pin whole (MapKit's `showAnnotations`).
    public func showAnnotations(_ annotations: [any Annotation], animated: Bool) {
        guard let target = camera.showing(annotations.map(\.coordinate), padding: 56 * displayScale,
                                          headroom: 20 * displayScale) else { return }
        setCamera(target, animated: animated)
    }

    /// Where `coordinate` is on screen, in points (MapKit's `convert(_:toPointTo:)`).
    public func point(for coordinate: Coordinate) -> Point { camera.screenPoint(for: coordinate) / displayScale }

    /// The coordinate under a point of the map, in points (MapKit's `convert(_:toCoordinateFrom:)`).
    public func coordinate(at point: Point) -> Coordinate { camera.coordinate(at: point * displayScale) }

    /// The frame in points of the annotation's view where it is drawn now; nil when it has no view.
    public func frame(of annotation: any Annotation) -> Rect? {
        annotationLayer.view(for: annotation).map { annotationLayer.frame(of: $0, camera: camera, scale: displayScale) / displayScale }
    }

    /// The annotation whose view is topmost under a point (points), as a click there finds it.
    public func annotation(at point: Point) -> (any Annotation)? {
        annotationLayer.hitTest(point * displayScale, camera: camera, scale: displayScale)?.annotation
    }

    /// The open callout's controls by action, with their frames in points; empty when none shows.
    public var calloutControlFrames: [String: Rect] {
        Dictionary(callouts.controlFrames().map { ($0.action, $0.frame / displayScale) }, uniquingKeysWith: { first, _ in first })
    }
}
