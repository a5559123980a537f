import MapEngine

@MainActor
extension PinDocument {
    /// What the file shows (pins, lines, areas, routes and tracks), as a
    /// unit-world rectangle; nil when it shows nothing.
    ///
    ///     let view = document.mapRect.map { Camera.fitting($0, viewportSize: size) }
    public var mapRect: Rect? {
        var rects = shapes.flatMap { $0.overlays() }.map(\.boundingMapRect)
        var coordinates = features.map(\.coordinate)
        if let gpx {
            coordinates += gpx.routes.flatMap { $0.points.map(\.coordinate) }
            coordinates += gpx.tracks.flatMap { $0.segments.flatMap { $0.map(\.coordinate) } }
        }
        if let (first, rest) = coordinates.first.map({ ($0, coordinates.dropFirst()) }) {
            var low = WebMercator.project(first), high = low
            for coordinate in rest {
                let p = WebMercator.project(coordinate)
                low = Point(x: min(low.x, p.x), y: min(low.y, p.y))
                high = Point(x: max(high.x, p.x), y: max(high.y, p.y))
            }
            rects.append(Rect(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y))
        }
        return Rect.union(rects)
    }
}
