import Foundation
import MapEngine

/// A small label with the coordinate under the mouse pointer (the map's
/// centre on touch screens, where nothing hovers) and the zoom, bottom
/// left above the scale bar. `--show-position` or the `P` key shows it.
///
///     PositionReadout.text(for: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 5.25)
///     // "48.8566° N, 2.3522° E · zoom 5.25"
enum PositionReadout {
    static let font = FontSpec(size: 11)
    static let ink = Color(hex: 0x202124)
    static let backing = Color(hex: 0xFFFFFF, alpha8: 210)

    static func text(for coordinate: Coordinate, zoom: Double) -> String {
        "\(coordinate.displayText) · zoom \(String(format: "%.2f", zoom))"
    }

    /// `above` is how much of the bottom left is taken already (the scale bar), in pixels.
    static func commands(camera: Camera, pointer: Point?, scale: Double, above: Double,
                                metrics: TextMeasuring) -> [DrawCommand] {
        let place = pointer ?? camera.viewportSize.center
        // The zoom in points, as every public zoom counts it (the camera counts pixels).
        let label = text(for: camera.coordinate(at: place).wrapped, zoom: camera.zoom - Camera.zoomOffset(displayScale: scale))
        let font = FontSpec(size: PositionReadout.font.size * scale)
        let size = metrics.size(of: label, font: font)
        let pad = 4 * scale
        let box = Rect(x: ScaleBar.margin * scale, y: camera.viewportSize.height - above - 6 * scale - size.height - 2 * pad,
                       width: size.width + 2 * pad, height: size.height + 2 * pad)
        return [
            .shape(ShapeDraw(outline: box.corners, center: box.center, color: backing, feather: 0, rect: box,
                             role: "position-readout")),
            .text(TextDraw(text: label, font: font, color: ink,
                           rect: Rect(origin: Point(x: box.minX + pad, y: box.minY + pad), size: size))),
        ]
    }
}
