import Foundation

extension Camera {
    /// The view that shows `rect` (unit-world coordinates; x may run past
    /// the antimeridian) whole in `viewportSize` with `padding` pixels to
    /// spare at each side, zoomed in no further than `maxZoom` (a lone pin
    /// is shown at that zoom rather than the deepest). `headroom` pixels
    /// more are kept above, for what stands over its points (a pin's head).
    ///
    ///     let view = Camera.fitting(track.boundingMapRect, viewportSize: Size(width: 1024, height: 768))
    public static func fitting(_ rect: Rect, viewportSize: Size, padding: Double = 48, maxZoom: Double = 16,
                               headroom: Double = 0) -> Camera {
        let headroom = min(max(headroom, 0), max(0, viewportSize.height - 2 * padding - 1))
        let room = Size(width: max(1, viewportSize.width - 2 * padding),
                        height: max(1, viewportSize.height - 2 * padding - headroom))
        let widthZoom = rect.width > 0 ? log2(room.width / (rect.width * WebMercator.tileSize)) : maxZoom
        let heightZoom = rect.height > 0 ? log2(room.height / (rect.height * WebMercator.tileSize)) : maxZoom
        let zoom = min(max(min(widthZoom, heightZoom, maxZoom), zoomLimits.lowerBound), zoomLimits.upperBound)
        // The rect sits half the headroom below the middle.
        let center = WebMercator.unproject(Point(x: rect.midX, y: rect.midY - headroom / 2 / (WebMercator.tileSize * pow(2, zoom))))
        return Camera(center: center.wrapped, zoom: zoom, viewportSize: viewportSize)
    }
}
