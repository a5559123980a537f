/// An sRGB colour with straight (not premultiplied) alpha. Its components
/// run from 0 to 1, as every other opacity of the API does (a renderer's
/// or a view's `alpha`):
///
///     Color(hex: 0x336699)                       // opaque
///     Color(hex: 0xFFFFFF, alpha8: 0.8)           // translucent white
///     Color(rgba: 1, 0.5, 0, 0.5)
///
/// It is stored as four bytes, as screens and PNG files hold colours.
public struct Color: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Red, 0...255.
    package var red: UInt8
    /// Green, 0...255.
    package var green: UInt8
    /// Blue, 0...255.
    package var blue: UInt8
    /// Opacity, 0 (transparent) to 255 (opaque).
    package var alpha: UInt8

    /// A colour of these components, each from 0 to 1 (values outside are
    /// taken as the nearest end), opaque unless `alpha` says otherwise.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.init(rgba: Color.byte(red), Color.byte(green), Color.byte(blue), Color.byte(alpha))
    }

    /// A colour written as 0xRRGGBB, opaque unless `alpha` (0 to 1) says otherwise.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(hex: hex, alpha8: Color.byte(alpha))
    }

    /// The components, each from 0 to 1.
    public var components: (red: Double, green: Double, blue: Double, alpha: Double) {
        (Double(red) / 255, Double(green) / 255, Double(blue) / 255, Double(alpha) / 255)
    }

    /// A colour of these bytes, opaque unless `alpha` says otherwise.
    package init(rgba red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour written as 0xRRGGBB with an opacity byte.
    package init(hex: UInt32, alpha8: UInt8) {
        self.init(rgba: UInt8((hex >> 16) & 0xFF), UInt8((hex >> 8) & 0xFF), UInt8(hex & 0xFF), alpha8)
    }

    /// A component from 0 to 1 as a byte; NaN is 0.
    private static func byte(_ value: Double) -> UInt8 {
        guard !value.isNaN else { return 0 }
        return UInt8((min(max(value, 0), 1) * 255).rounded())
    }

    /// "#rrggbb", or "#rrggbbaa" when not opaque.
    public var description: String {
        let rgb = [red, green, blue] + (alpha == 255 ? [] : [alpha])
        return "#" + rgb.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// Each channel multiplied by `other`'s, as a tint does; alpha kept.
    public func multiplied(by other: Color) -> Color {
        func times(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * Double(b) / 255).rounded()) }
        return Color(rgba: times(red, other.red), times(green, other.green), times(blue, other.blue), alpha)
    }
}
