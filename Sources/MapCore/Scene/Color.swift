/// An sRGB colour with straight (not premultiplied) alpha, 0...255 each.
///
///     Color(hex: 0x336699)             // opaque
///     Color(hex: 0xFFFFFF, alpha: 200) // translucent white
public struct Color: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Red, 0...255.
    public var red: UInt8
    /// Green, 0...255.
    public var green: UInt8
    /// Blue, 0...255.
    public var blue: UInt8
    /// Opacity, 0 (transparent) to 255 (opaque).
    public var alpha: UInt8

    /// A colour of these channels, opaque unless `alpha` says otherwise.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour written as 0xRRGGBB, opaque unless `alpha` says otherwise.
    public init(hex: UInt32, alpha: UInt8 = 255) {
        self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF),
                  blue: UInt8(hex & 0xFF), alpha: alpha)
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
        return Color(red: times(red, other.red), green: times(green, other.green), blue: times(blue, other.blue),
                     alpha: alpha)
    }
}
