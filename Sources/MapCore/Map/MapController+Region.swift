import Foundation

/// Where the map looks, after MapKit's `region`, `setRegion(_:animated:)`,
/// `setCamera(_:animated:)` and `showAnnotations(_:animated:)`, and the
/// conversions between coordinates and points of the map's view.
///
/// Points are the app's units: pixels divided by `displayScale` (the same
/// on an ordinary screen, half on a high-density one), measured from the
/// map's top left corner.
extension MapController {
    /// How long an animated change of region, camera or zoom takes, in seconds.
    public static let regionAnimationDuration = 0.5

    /// The stretch of the world on screen (MapKit's `region`).
    public var region: CoordinateRegion {
        let rect = visibleMapRect
        let north = WebMercator.unproject(Point(x: rect.midX, y: max(0, rect.minY))).latitude
        let south = WebMercator.unproject(Point(x: rect.midX, y: min(1, rect.maxY))).latitude
        return CoordinateRegion(center: camera.centerCoordinate,
                                span: CoordinateSpan(latitudeDelta: north - south, longitudeDelta: min(360, rect.width * 360)))
    }

    /// The unit-world rectangle on screen (Web Mercator 0...1 each way; x
    /// may run outside it where the view crosses the antimeridian), after
    /// MapKit's `visibleMapRect`.
    public var visibleMapRect: Rect {
        let size = camera.viewportSize, world = camera.worldSize
        let center = camera.center
        return Rect(x: center.x - size.width / 2 / world, y: center.y - size.height / 2 / world,
                    width: size.width / world, height: size.height / world)
    }

    /// Shows `region` whole and as large as fits, gliding there when `animated`.
    public func setRegion(_ region: CoordinateRegion, animated: Bool) {
        setCamera(Camera.fitting(region.mapRect, viewportSize: camera.viewportSize, padding: 0,
                                 maxZoom: Camera.zoomLimits.upperBound), animated: animated)
    }

    /// Looks from `camera`'s centre and zoom (its viewport size is the
    /// map's own), flying there when `animated`.
    public func setCamera(_ camera: Camera, animated: Bool) {
        let target = Camera(center: camera.centerCoordinate, zoom: camera.zoom, viewportSize: self.camera.viewportSize)
        if animated {
            rig.fly(to: target.centerCoordinate, zoom: target.zoom, at: clock, duration: MapController.regionAnimationDuration)
        } else {
            self.camera = target
        }
        setNeedsDisplay()
    }

    /// Zooms about the centre to `zoom` (0: the whole world in 256 points), gliding when `animated`.
    public func setZoom(_ zoom: Double, animated: Bool) {
        setCamera(Camera(center: camera.centerCoordinate, zoom: zoom, viewportSize: camera.viewportSize), animated: animated)
    }

    /// Moves and zooms so every one of `annotations` shows with its view
    /// whole (MapKit's `showAnnotations(_:animated:)`); one alone is
    /// centred at zoom 14 or the present zoom, whichever is closer in.
    public func showAnnotations(_ annotations: [any Annotation], animated: Bool) {
        let points = annotations.map { WebMercator.project($0.coordinate) }
        guard let first = points.first else { return }
        // Around the world the short way: x measured from the first point.
        let xs = points.map { first.x + WebMercator.shortWay($0.x - first.x) }
        let ys = points.map(\.y)
        let rect = Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        // Room for a pin's height above its coordinate and a margin around.
        let padding = 56 * displayScale
        let fitted = Camera.fitting(rect, viewportSize: camera.viewportSize, padding: padding,
                                    maxZoom: max(camera.zoom, 14))
        let zoom = points.count == 1 ? max(camera.zoom, min(14, fitted.zoom)) : fitted.zoom
        // Raise the centre a little so the pins' heads, above their points, fit as well as their feet.
        let shift = 20 * displayScale / WebMercator.worldSize(zoom: zoom)
        let center = WebMercator.project(fitted.centerCoordinate)
        let target = Camera(center: WebMercator.unproject(Point(x: center.x, y: center.y - shift)).wrapped,
                            zoom: zoom, viewportSize: camera.viewportSize)
        setCamera(target, animated: animated)
    }

    /// The point (points, from the map's top left) where `coordinate` is
    /// on screen, on the copy of the world nearest the centre (MapKit's
    /// `convert(_:toPointTo:)`).
    public func point(for coordinate: Coordinate) -> Point {
        camera.screenPoint(for: coordinate) / displayScale
    }

    /// The coordinate under a point of the map (points, from its top left)
    /// (MapKit's `convert(_:toCoordinateFrom:)`).
    public func coordinate(at point: Point) -> Coordinate {
        camera.coordinate(at: point * displayScale)
    }

    /// The frame of the annotation's view on screen, in points, where it
    /// is drawn now (lifted, if carried); nil when it has no view (off
    /// screen, or inside a cluster).
    public func frame(of annotation: any Annotation) -> Rect? {
        guard let view = annotationLayer.view(for: annotation) else { return nil }
        let frame = annotationLayer.frame(of: view, camera: camera, scale: displayScale)
        return Rect(x: frame.minX / displayScale, y: frame.minY / displayScale,
                    width: frame.width / displayScale, height: frame.height / displayScale)
    }

    /// The annotation whose view is topmost under a point (points), as a
    /// click there would find it; nil over the bare map.
    public func annotation(at point: Point) -> (any Annotation)? {
        annotationLayer.hitTest(point * displayScale, camera: camera, scale: displayScale)?.annotation
    }

    /// The controls of the open callout (its accessories, or a layout's
    /// buttons) by their action, with their frames in points; empty when no
    /// callout shows.
    public var calloutControlFrames: [String: Rect] {
        guard let placement = callouts.visiblePlacement, let elements = callouts.shown?.body?.elements else { return [:] }
        var frames: [String: Rect] = [:]
        for element in elements {
            guard let control = element.control else { continue }
            let f = element.frame
            frames[control.action] = Rect(x: (placement.body.minX + f.minX) / displayScale,
                                          y: (placement.body.minY + f.minY) / displayScale,
                                          width: f.width / displayScale, height: f.height / displayScale)
        }
        return frames
    }
}
