import Foundation

/// What a camera shows as MapKit names it (`region`, `visibleMapRect`),
/// and the cameras that show a region or a set of places.
extension Camera {
    /// The unit-world rectangle in view (Web Mercator 0...1 each way; x
    /// may run outside it where the view crosses the antimeridian). A turned
    /// or tilted view's rectangle holds all the ground it shows.
    public var visibleMapRect: Rect {
        guard !isFlatNorthUp else {
            return Rect(x: center.x - viewportSize.width / 2 / worldSize, y: center.y - viewportSize.height / 2 / worldSize,
                        width: viewportSize.width / worldSize, height: viewportSize.height / worldSize)
        }
        let corners = groundCorners
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(x: center.x + xs.min()! / worldSize, y: center.y + ys.min()! / worldSize,
                    width: (xs.max()! - xs.min()!) / worldSize, height: (ys.max()! - ys.min()!) / worldSize)
    }

    /// The stretch of the world in view.
    public var region: CoordinateRegion {
        let rect = visibleMapRect
        let north = WebMercator.unproject(Point(x: rect.midX, y: max(0, rect.minY))).latitude
        let south = WebMercator.unproject(Point(x: rect.midX, y: min(1, rect.maxY))).latitude
        return CoordinateRegion(center: centerCoordinate,
                                span: CoordinateSpan(latitudeDelta: north - south, longitudeDelta: min(360, rect.width * 360)))
    }

    /// This camera turned to `heading` and tilted to `pitch` about its centre.
    public func turned(heading: Double, pitch: Double) -> Camera {
        var camera = self
        camera.rotate(to: heading, about: viewportSize.center)
        camera.tilt(to: pitch)
        return camera
    }

    /// The camera that shows `region` whole and as large as fits this viewport.
    public func fitting(_ region: CoordinateRegion) -> Camera {
        Camera.fitting(region.mapRect, viewportSize: viewportSize, padding: 0, maxZoom: Camera.zoomLimits.upperBound)
    }

    /// The camera that shows every coordinate with room for a pin's height
    /// above it (`padding` pixels around, the centre raised a little); one
    /// place alone keeps this zoom or goes to 14, whichever is closer in.
    /// Nil for no coordinates.
    public func showing(_ coordinates: [Coordinate], padding: Double, headroom: Double) -> Camera? {
        let points = coordinates.map { WebMercator.project($0) }
        guard let first = points.first else { return nil }
        // Around the world the short way: x measured from the first point.
        let xs = points.map { first.x + WebMercator.shortWay($0.x - first.x) }, ys = points.map(\.y)
        let rect = Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        let fitted = Camera.fitting(rect, viewportSize: viewportSize, padding: padding, maxZoom: max(zoom, 14))
        let zoom = points.count == 1 ? max(self.zoom, min(14, fitted.zoom)) : fitted.zoom
        let raised = WebMercator.project(fitted.centerCoordinate) - Point(x: 0, y: headroom / WebMercator.worldSize(zoom: zoom))
        return Camera(center: WebMercator.unproject(raised).wrapped, zoom: zoom, viewportSize: viewportSize)
    }
}
