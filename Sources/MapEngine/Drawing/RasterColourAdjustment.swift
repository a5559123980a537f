import Foundation

/// A raster layer's colour changes (`raster-hue-rotate`,
/// `raster-saturation`, `raster-contrast`, `raster-brightness-min` and
/// `-max`), applied to each pixel in MapLibre's order and by its
/// formulas: the hue turned, the colour moved towards or away from its
/// grey, the contrast about the middle, then the channels spread between
/// the two brightnesses.
package struct RasterColourAdjustment: Sendable, Equatable {
    /// Degrees the hue turns.
    package var hueRotate: Double
    /// −1 (grey) to 1 (most saturated).
    package var saturation: Double
    /// −1 (flat grey) to 1 (hardest).
    package var contrast: Double
    /// What black becomes, 0 to 1.
    package var brightnessMin: Double
    /// What white becomes, 0 to 1.
    package var brightnessMax: Double

    /// These changes, each held to its range.
    package init(hueRotate: Double = 0, saturation: Double = 0, contrast: Double = 0, brightnessMin: Double = 0, brightnessMax: Double = 1) {
        func held(_ value: Double, _ range: ClosedRange<Double>, _ fallback: Double) -> Double {
            value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : fallback
        }
        self.hueRotate = held(hueRotate, -1e6...1e6, 0)
        self.saturation = held(saturation, -1...1, 0)
        self.contrast = held(contrast, -1...1, 0)
        self.brightnessMin = held(brightnessMin, 0...1, 0)
        self.brightnessMax = held(brightnessMax, 0...1, 1)
    }

    /// No change.
    package static let none = RasterColourAdjustment()

    /// Whether it changes nothing.
    package var isNone: Bool { self == .none }

    /// Pixels (0xAARRGGBB, not premultiplied) changed.
    package func applied(to pixels: [UInt32]) -> [UInt32] {
        guard !isNone else { return pixels }
        let angle = hueRotate * .pi / 180, (s, c) = (sin(angle), cos(angle))
        let root3 = 3.0.squareRoot()
        // The hue's turn about the grey axis, as three weights of the channels.
        let w = ((2 * c + 1) / 3, (-root3 * s - c + 1) / 3, (root3 * s - c + 1) / 3)
        let saturate = saturation > 0 ? 1 - 1 / (1.001 - saturation) : -saturation
        let contrastFactor = contrast > 0 ? 1 / (1 - contrast) : 1 + contrast
        let (low, high) = (brightnessMin, brightnessMax)
        return pixels.map { word in
            let r0 = Double((word >> 16) & 0xFF) / 255, g0 = Double((word >> 8) & 0xFF) / 255, b0 = Double(word & 0xFF) / 255
            var r = r0 * w.0 + g0 * w.1 + b0 * w.2
            var g = r0 * w.2 + g0 * w.0 + b0 * w.1
            var b = r0 * w.1 + g0 * w.2 + b0 * w.0
            let average = (r + g + b) / 3
            r += (average - r) * saturate; g += (average - g) * saturate; b += (average - b) * saturate
            r = (r - 0.5) * contrastFactor + 0.5; g = (g - 0.5) * contrastFactor + 0.5; b = (b - 0.5) * contrastFactor + 0.5
            func channel(_ value: Double) -> UInt32 {
                UInt32((min(max(low + (high - low) * value, 0), 1) * 255).rounded())
            }
            return (word & 0xFF00_0000) | channel(r) << 16 | channel(g) << 8 | channel(b)
        }
    }
}
