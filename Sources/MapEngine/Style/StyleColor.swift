/// A style colour: red, green, blue and alpha from 0 to 1, not
/// premultiplied, as a style's expressions compute and interpolate them.
///
///     StyleColor(css: "hsla(210, 50%, 40%, 0.8)")?.color   // the sRGB Color to draw
package struct StyleColor: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Red, 0 to 1.
    package var red: Double
    /// Green, 0 to 1.
    package var green: Double
    /// Blue, 0 to 1.
    package var blue: Double
    /// Opacity, 0 (clear) to 1.
    package var alpha: Double

    /// A colour from channels between 0 and 1.
    package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque black, the default of most colour properties.
    package static let black = StyleColor(red: 0, green: 0, blue: 0)
    /// No colour at all (`text-halo-color`'s default).
    package static let transparent = StyleColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// The 8-bit colour to draw, with `opacity` multiplied into its alpha.
    package func color(opacity: Double = 1) -> Color {
        func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        return Color(rgba: byte(red), byte(green), byte(blue), byte(alpha * opacity))
    }

    /// `rgba(r,g,b,a)` as MapLibre's `to-string` writes it.
    package var description: String {
        func channel(_ value: Double) -> String { FeatureValue.format((value * 255).rounded()) }
        return "rgba(\(channel(red)),\(channel(green)),\(channel(blue)),\(FeatureValue.format(alpha)))"
    }

    /// The colour `t` of the way from `self` to `other`.
    func interpolated(to other: StyleColor, _ t: Double) -> StyleColor {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        return StyleColor(red: mix(red, other.red), green: mix(green, other.green),
                          blue: mix(blue, other.blue), alpha: mix(alpha, other.alpha))
    }

    /// A colour from a value as `to-color` reads one: a colour, CSS text,
    /// or [red, green, blue] or [red, green, blue, alpha] with channels
    /// 0 to 255 and alpha 0 to 1; nil otherwise.
    package init?(coercing value: StyleValue) {
        if let color = value.asColor { self = color; return }
        guard let channels = value.asNumbers, channels.count == 3 || channels.count == 4,
              channels.prefix(3).allSatisfy({ (0...255).contains($0) }), channels.count == 3 || (0...1).contains(channels[3]) else {
            return nil
        }
        self.init(red: channels[0] / 255, green: channels[1] / 255, blue: channels[2] / 255, alpha: channels.count == 4 ? channels[3] : 1)
    }
}
