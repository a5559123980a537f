extension Color {
    /// A colour from CSS hex notation: "#rgb" or "#rrggbb", the "#" optional
    /// as simplestyle allows. Nil for anything else.
    ///
    ///     Color(cssHex: "#7e7e7e")   // Color(hex: 0x7E7E7E)
    public init?(cssHex text: String) {
        self.init(hexText: text, digitCounts: [3, 6])
    }

    /// A colour from "#rgb", "#rrggbb" or, with alpha, "#rrggbbaa". Nil for
    /// anything else.
    ///
    ///     Color(cssHexWithAlpha: "#1d3557e6")   // Color(hex: 0x1D3557, alpha8: 0xE6)
    public init?(cssHexWithAlpha text: String) {
        self.init(hexText: text, digitCounts: [3, 6, 8])
    }

    private init?(hexText text: String, digitCounts: Set<Int>) {
        var digits = Substring(text)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digitCounts.contains(digits.count), let parts = Color.components(hexDigits: digits) else { return nil }
        self.init(rgba: parts.red, parts.green, parts.blue, parts.alpha)
    }

    /// The one reader of hex colour digits, without the "#": 3, 4, 6 or 8
    /// of them (red, green, blue and maybe alpha; a short digit doubles, so
    /// "f80" is "ff8800"). Nil for anything else. Styles and simplestyle both read colours here.
    package static func components(hexDigits digits: Substring) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)? {
        guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit) else { return nil }
        let short = digits.count <= 4
        var values: [UInt8] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            let end = digits.index(index, offsetBy: short ? 1 : 2)
            guard let value = UInt8(digits[index..<end], radix: 16) else { return nil }
            values.append(short ? value * 17 : value)
            index = end
        }
        return (values[0], values[1], values[2], values.count == 4 ? values[3] : 255)
    }
}
