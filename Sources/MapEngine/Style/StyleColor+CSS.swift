extension StyleColor {
    /// A colour from CSS text: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`,
    /// `rgb()`, `rgba()`, `hsl()`, `hsla()` or a colour name. Nil otherwise.
    ///
    ///     StyleColor(css: "rgba(255, 0, 0, 0.5)")   // translucent red
    package init?(css text: String) {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        if text.hasPrefix("#") {
            self.init(hexDigits: text.dropFirst())
        } else if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
            let name = text[..<open].trimmingCharacters(in: .whitespaces)
            let arguments = text[text.index(after: open)..<text.index(before: text.endIndex)]
                .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" }).map(String.init)
            self.init(function: name, arguments: arguments)
        } else if let hex = StyleColor.named[text] {
            self.init(hexDigits: Substring(hex))
        } else if text == "transparent" {
            self = .transparent
        } else {
            return nil
        }
    }

    private init?(hexDigits digits: Substring) {
        guard let parts = Color.components(hexDigits: digits) else { return nil }
        self.init(red: Double(parts.red) / 255, green: Double(parts.green) / 255, blue: Double(parts.blue) / 255,
                  alpha: Double(parts.alpha) / 255)
    }

    private init?(function: String, arguments: [String]) {
        func number(_ text: String, percentOf whole: Double) -> Double? {
            if text.hasSuffix("%") { return Double(text.dropLast()).map { $0 / 100 * whole } }
            return Double(text)
        }
        guard arguments.count == 3 || arguments.count == 4 else { return nil }
        let alpha = arguments.count == 4 ? number(arguments[3], percentOf: 1) : 1
        guard let alpha else { return nil }
        switch function {
        case "rgb", "rgba":
            let channels = arguments.prefix(3).compactMap { number($0, percentOf: 255) }
            guard channels.count == 3 else { return nil }
            self.init(red: channels[0] / 255, green: channels[1] / 255, blue: channels[2] / 255,
                      alpha: min(max(alpha, 0), 1))
        case "hsl", "hsla":
            guard let hue = Double(arguments[0].replacingOccurrences(of: "deg", with: "")),
                  let saturation = number(arguments[1], percentOf: 1), let lightness = number(arguments[2], percentOf: 1)
            else { return nil }
            let (r, g, b) = StyleColor.rgb(hue: hue, saturation: saturation, lightness: lightness)
            self.init(red: r, green: g, blue: b, alpha: min(max(alpha, 0), 1))
        default:
            return nil
        }
    }

    /// CSS's HSL to RGB conversion.
    static func rgb(hue: Double, saturation: Double, lightness: Double) -> (Double, Double, Double) {
        let s = min(max(saturation, 0), 1)
        let l = min(max(lightness, 0), 1)
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 360
        let q = l < 0.5 ? l * (1 + s) : l + s - l * s
        let p = 2 * l - q
        func channel(_ t: Double) -> Double {
            let t = t < 0 ? t + 1 : (t > 1 ? t - 1 : t)
            if t < 1.0 / 6 { return p + (q - p) * 6 * t }
            if t < 0.5 { return q }
            if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
            return p
        }
        return (channel(h + 1.0 / 3), channel(h), channel(h - 1.0 / 3))
    }

    /// The CSS colour names styles use most.
    static let named: [String: String] = [
        "black": "000000", "white": "ffffff", "red": "ff0000", "green": "008000", "blue": "0000ff",
        "yellow": "ffff00", "orange": "ffa500", "purple": "800080", "gray": "808080", "grey": "808080",
        "silver": "c0c0c0", "maroon": "800000", "olive": "808000", "lime": "00ff00", "aqua": "00ffff",
        "cyan": "00ffff", "teal": "008080", "navy": "000080", "fuchsia": "ff00ff", "magenta": "ff00ff",
        "brown": "a52a2a", "pink": "ffc0cb", "gold": "ffd700", "beige": "f5f5dc", "tan": "d2b48c",
        "khaki": "f0e68c", "ivory": "fffff0", "wheat": "f5deb3", "salmon": "fa8072", "coral": "ff7f50",
        "tomato": "ff6347", "orchid": "da70d6", "violet": "ee82ee", "indigo": "4b0082", "crimson": "dc143c",
        "darkgray": "a9a9a9", "darkgrey": "a9a9a9", "lightgray": "d3d3d3", "lightgrey": "d3d3d3",
        "dimgray": "696969", "dimgrey": "696969", "gainsboro": "dcdcdc", "whitesmoke": "f5f5f5",
        "lightblue": "add8e6", "skyblue": "87ceeb", "steelblue": "4682b4", "royalblue": "4169e1",
        "darkblue": "00008b", "lightgreen": "90ee90", "darkgreen": "006400", "forestgreen": "228b22",
        "seagreen": "2e8b57", "darkred": "8b0000", "firebrick": "b22222", "chocolate": "d2691e",
        "sienna": "a0522d", "peru": "cd853f", "linen": "faf0e6", "lavender": "e6e6fa", "honeydew": "f0fff0",
        "aliceblue": "f0f8ff", "azure": "f0ffff", "mintcream": "f5fffa", "snow": "fffafa", "seashell": "fff5ee",
        "oldlace": "fdf5e6", "cornsilk": "fff8dc", "lemonchiffon": "fffacd", "papayawhip": "ffefd5",
        "lightyellow": "ffffe0", "lightcyan": "e0ffff", "darkcyan": "008b8b", "darkorange": "ff8c00",
        "slategray": "708090", "slategrey": "708090", "lightslategray": "778899", "darkslategray": "2f4f4f",
    ]
}
