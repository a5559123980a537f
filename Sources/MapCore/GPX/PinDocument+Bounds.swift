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
        return PinDocument.union(rects)
    }

    /// The smallest rectangle holding every one of `rects`; nil for none.
    public static func union(_ rects: [Rect]) -> Rect? {
        guard let first = rects.first else { return nil }
        var minX = first.minX, minY = first.minY, maxX = first.maxX, maxY = first.maxY
        for rect in rects.dropFirst() {
            minX = min(minX, rect.minX); minY = min(minY, rect.minY)
            maxX = max(maxX, rect.maxX); maxY = max(maxY, rect.maxY)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
