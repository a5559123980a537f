extension Color {
    /// A colour from CSS hex notation: "#rgb" or "#rrggbb", the "#" optional
    /// as simplestyle allows. Nil for anything else.
    ///
    ///     Color(cssHex: "#7e7e7e")   // Color(hex: 0x7E7E7E)
    public init?(cssHex text: String) {
        var digits = Substring(text)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 3 || digits.count == 6, digits.allSatisfy(\.isHexDigit),
              var value = UInt32(digits, radix: 16) else { return nil }
        if digits.count == 3 {
            // Each digit doubles: "f80" is "ff8800".
            let (r, g, b) = ((value >> 8) & 0xF, (value >> 4) & 0xF, value & 0xF)
            value = (r * 17) << 16 | (g * 17) << 8 | b * 17
        }
        self.init(hex: value)
    }

    /// A colour from "#rgb", "#rrggbb" or, with alpha, "#rrggbbaa". Nil for
    /// anything else.
    ///
    ///     Color(cssHexWithAlpha: "#1d3557e6")   // Color(hex: 0x1D3557, alpha: 0xE6)
    public init?(cssHexWithAlpha text: String) {
        var digits = Substring(text)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        if digits.count == 8, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) {
            self.init(hex: value >> 8, alpha: UInt8(value & 0xFF))
        } else {
            self.init(cssHex: text)
        }
    }
}
