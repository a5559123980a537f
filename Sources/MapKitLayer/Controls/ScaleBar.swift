import Foundation
import MapEngine

/// The scale bar, bottom left: a round length (1, 2 or 5 × 10ⁿ metres or
/// kilometres; feet or miles in imperial) drawn as long as it is on the
/// map at the centre's latitude, the longest such length that fits 100
/// points.
///
///     ScaleBar.length(metresPerPoint: 1200, units: .metric)   // (100_000 m, "100 km")
package enum ScaleBar {
    /// The units a scale bar counts in.
    package typealias Units = DistanceUnits

    /// The longest the bar grows, in points.
    package static let maxWidth = 100.0
    static let margin = 10.0
    static let font = FontSpec(size: 11, weight: .bold)
    static let ink = Color(hex: 0x3C4043)
    static let backing = Color(hex: 0xFFFFFF, alpha8: 190)
    static let metresPerFoot = 0.3048
    static let metresPerMile = 1609.344

    /// Metres one screen point spans at the camera's centre.
    package static func metresPerPoint(camera: Camera, scale: Double) -> Double {
        WebMercator.metresPerPixel(latitude: camera.centerCoordinate.latitude, worldSize: camera.worldSize) * scale
    }

    /// The round length that fits `maxWidth` points, in metres, and its label.
    package static func length(metresPerPoint: Double, units: Units) -> (metres: Double, label: String) {
        let longest = maxWidth * metresPerPoint
        switch units {
        case .metric:
            let metres = round(below: longest)
            return metres >= 1000 ? (metres, "\(number(metres / 1000)) km") : (metres, "\(number(metres)) m")
        case .imperial:
            if longest >= metresPerMile {
                let miles = round(below: longest / metresPerMile)
                return (miles * metresPerMile, "\(number(miles)) mi")
            }
            let feet = round(below: longest / metresPerFoot)
            return (feet * metresPerFoot, "\(number(feet)) ft")
        }
    }

    /// The largest 1, 2 or 5 × 10ⁿ not over `value`.
    static func round(below value: Double) -> Double {
        guard value > 0, value.isFinite else { return 0 }
        let power = pow(10, floor(log10(value)))
        for step in [5.0, 2, 1] where step * power <= value * (1 + 1e-12) { return step * power }
        return power
    }

    private static func number(_ value: Double) -> String {
        value >= 1 && value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }

    /// The bar and its label at the bottom left, for this camera at `scale` pixels a point.
    package static func commands(camera: Camera, scale: Double, units: Units, metrics: TextMeasuring) -> [DrawCommand] {
        let perPoint = metresPerPoint(camera: camera, scale: scale)
        let (metres, label) = length(metresPerPoint: perPoint, units: units)
        guard metres > 0 else { return [] }
        let width = (metres / perPoint * scale).rounded()
        let font = FontSpec(size: ScaleBar.font.size * scale, weight: ScaleBar.font.weight)
        let text = metrics.size(of: label, font: font)
        let pad = 4 * scale
        let bottom = camera.viewportSize.height - margin * scale
        let box = Rect(x: margin * scale, y: bottom - text.height - 8 * scale - pad,
                       width: max(width, text.width) + 2 * pad, height: text.height + 8 * scale + pad)
        let x0 = box.minX + pad, barY = box.maxY - pad - 2 * scale
        let line = max(1, (1.5 * scale).rounded())
        return [
            .shape(ShapeDraw(outline: box.corners, center: box.center, color: backing, feather: 0, rect: box,
                             role: "scale-bar")),
            .rect(Rect(x: x0, y: barY, width: width, height: line), ink),
            .rect(Rect(x: x0, y: barY - 5 * scale, width: line, height: 5 * scale + line), ink),
            .rect(Rect(x: x0 + width - line, y: barY - 5 * scale, width: line, height: 5 * scale + line), ink),
            .text(TextDraw(text: label, font: font, color: ink,
                           rect: Rect(origin: Point(x: x0 + 2 * scale, y: box.minY + pad / 2), size: text))),
        ]
    }
}
