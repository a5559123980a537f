/// A style's sprite: where each icon sits in the sprite image, and how many
/// image pixels make one point (2 in an `@2x` sheet).
///
///     let sheet = try SpriteSheet(bytes: json, file: "sprite@2x.json")
///     sheet.icons["town-hall"]?.size   // in points
package struct SpriteSheet: Sendable, Equatable {
    /// One icon: its rectangle in the sprite image, in pixels, and its pixel ratio.
    package struct Icon: Sendable, Equatable {
        /// Where the icon is in the sprite image, in pixels.
        package var rect: Rect
        /// Image pixels per point: 2 in an `@2x` sheet.
        package var pixelRatio: Double
        /// Whether its alpha is a signed distance field (`"sdf": true`): a
        /// shape drawn in `icon-color`, with an `icon-halo-*` around it.
        package var isSDF = false

        /// An icon at `rect` of the sprite image, `pixelRatio` pixels a point.
        package init(rect: Rect, pixelRatio: Double) {
            self.rect = rect
            self.pixelRatio = pixelRatio
        }

        /// The icon's size in points.
        package var size: Size { Size(width: rect.width / pixelRatio, height: rect.height / pixelRatio) }
    }

    /// The icons by name.
    package var icons: [String: Icon]

    /// Each icon's width in points, by name.
    package var iconWidths: [String: Double] { icons.mapValues { $0.size.width } }

    /// A sheet of these icons.
    package init(icons: [String: Icon]) {
        self.icons = icons
    }

    /// Reads a sprite index (`{"name": {"x", "y", "width", "height", "pixelRatio"}}`);
    /// entries that are not whole, positive rectangles are left out.
    package init(bytes: [UInt8], file: String) throws(StyleError) {
        let root = try StyleError.parseJSON(bytes, file: file)
        guard case .object(let members) = root.value else {
            throw StyleError(file: file, line: 1, column: 1, reason: "a sprite index is a JSON object")
        }
        var icons: [String: Icon] = [:]
        for (name, node) in members {
            func number(_ key: String) -> Double? {
                if case .number(let value, _)? = node[key]?.value, value.isFinite, value >= 0, value < 16384 { return value }
                return nil
            }
            guard let x = number("x"), let y = number("y"), let width = number("width"), let height = number("height"),
                  width > 0, height > 0 else { continue }
            var icon = Icon(rect: Rect(x: x, y: y, width: width, height: height), pixelRatio: max(number("pixelRatio") ?? 1, 1))
            if case .bool(true)? = node["sdf"]?.value { icon.isSDF = true }
            icons[name] = icon
        }
        self.icons = icons
    }
}
