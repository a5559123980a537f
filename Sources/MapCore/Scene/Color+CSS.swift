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
}
