/// Reads a symbol layer's text properties into a `LabelLook`, and finds
/// where an area's label goes.
enum LabelStyleReader {
    /// The properties a look reads: when none reads the feature, one look serves a whole layer.
    static let properties = [
        "text-size", "text-font", "text-color", "text-opacity", "text-halo-color", "text-halo-width", "text-anchor",
        "text-justify", "text-offset", "text-max-width", "text-line-height", "text-letter-spacing", "text-padding",
        "text-allow-overlap", "text-ignore-placement", "text-keep-upright", "text-max-angle", "icon-size", "icon-opacity",
        "text-rotation-alignment", "text-pitch-alignment", "icon-allow-overlap", "icon-ignore-placement", "text-optional",
        "icon-optional", "icon-color", "icon-halo-color", "icon-halo-width", "icon-halo-blur", "icon-text-fit",
        "icon-text-fit-padding", "text-variable-anchor", "text-radial-offset", "icon-rotate", "text-rotate",
        "text-translate", "icon-translate", "text-translate-anchor", "icon-translate-anchor", "text-overlap", "icon-overlap", "text-writing-mode", "symbol-z-order",
    ]

    static func look(_ layer: StyleLayer, _ context: StyleContext, icon: String?) -> LabelLook {
        var next = context
        next.zoom += 1
        let offset = layer.numbers("text-offset", context) ?? [0, 0]
        // A font stack is a few names: a longer list (a million, from a hostile style) is cut, as the style's warning says.
        let fonts = Array((layer.value("text-font", context).asStrings ?? []).prefix(LabelLook.mostFonts))
        var look = LabelLook(
            size: layer.number("text-size", context),
            sizeNext: layer.number("text-size", next),
            weight: weight(of: fonts),
            fonts: fonts,
            color: layer.color("text-color", context).color(opacity: layer.number("text-opacity", context)),
            haloColor: layer.color("text-halo-color", context).color(opacity: layer.number("text-opacity", context)),
            haloWidth: layer.number("text-halo-width", context),
            anchor: LabelLook.Anchor(rawValue: layer.string("text-anchor", context)) ?? .center,
            justify: LabelLook.Justify(rawValue: layer.string("text-justify", context)) ?? .center,
            offset: Point(x: offset.first ?? 0, y: offset.count > 1 ? offset[1] : 0),
            maxWidth: layer.number("text-max-width", context),
            lineHeight: layer.number("text-line-height", context),
            letterSpacing: layer.number("text-letter-spacing", context),
            padding: layer.number("text-padding", context),
            allowOverlap: layer.bool("text-allow-overlap", context),
            ignorePlacement: layer.bool("text-ignore-placement", context),
            keepUpright: layer.bool("text-keep-upright", context),
            maxAngle: layer.number("text-max-angle", context),
            icon: icon,
            iconSize: layer.number("icon-size", context),
            iconOpacity: layer.number("icon-opacity", context))
        let iconOpacity = layer.number("icon-opacity", context)
        look.iconColor = layer.color("icon-color", context).color(opacity: iconOpacity)
        look.iconHaloColor = layer.color("icon-halo-color", context).color(opacity: iconOpacity)
        look.iconHaloWidth = max(layer.number("icon-halo-width", context), 0)
        look.iconHaloBlur = max(layer.number("icon-halo-blur", context), 0)
        look.rotationAlignment = LabelLook.Alignment(rawValue: layer.string("text-rotation-alignment", context)) ?? .auto
        look.pitchAlignment = LabelLook.Alignment(rawValue: layer.string("text-pitch-alignment", context)) ?? .auto
        look.iconAllowOverlap = layer.bool("icon-allow-overlap", context)
        look.iconIgnorePlacement = layer.bool("icon-ignore-placement", context)
        look.textOptional = layer.bool("text-optional", context)
        look.iconOptional = layer.bool("icon-optional", context)
        look.iconTextFit = IconTextFit(rawValue: layer.string("icon-text-fit", context)) ?? .none
        let rotate = layer.number("icon-rotate", context)
        look.iconRotate = rotate.isFinite ? rotate.truncatingRemainder(dividingBy: 360) : 0
        if layer.sets("text-variable-anchor"), let names = layer.value("text-variable-anchor", context).asStrings {
            look.variableAnchors = names.compactMap(LabelLook.Anchor.init(rawValue:))
        }
        if layer.sets("text-radial-offset") {
            let radial = layer.number("text-radial-offset", context)
            look.radialOffset = radial.isFinite ? min(max(radial, 0), 1000) : 0
        }
        switch layer.string("symbol-z-order", context) {
        case "viewport-y": look.drawsByScreenY = true
        case "source": look.drawsByScreenY = false
        default: look.drawsByScreenY = !layer.sets("symbol-sort-key")
        }
        if layer.sets("text-writing-mode"), let modes = layer.value("text-writing-mode", context).asStrings {
            look.verticalModes = modes.compactMap { ["horizontal": false, "vertical": true][$0] }
        }
        let turn = layer.number("text-rotate", context)
        look.textRotate = turn.isFinite ? turn.truncatingRemainder(dividingBy: 360) : 0
        look.textTranslate = translation(layer, "text-translate", context)
        look.iconTranslate = translation(layer, "icon-translate", context)
        look.textTranslateTurns = layer.string("text-translate-anchor", context) != "viewport"
        look.iconTranslateTurns = layer.string("icon-translate-anchor", context) != "viewport"
        // The newer overlap modes stand above the flags: `never` keeps clear of others; `always` and `cooperative` may overlap.
        if layer.sets("text-overlap") { look.allowOverlap = layer.string("text-overlap", context) != "never" }
        if layer.sets("icon-overlap") { look.iconAllowOverlap = layer.string("icon-overlap", context) != "never" }
        if let padding = layer.numbers("icon-text-fit-padding", context), padding.count == 4, padding.allSatisfy(\.isFinite) {
            look.iconTextFitPadding = padding.map { min(max($0, -1000), 1000) }
        }
        return look
    }

    /// A `text-translate` or `icon-translate` in points; zero when unset or not two usable numbers.
    private static func translation(_ layer: StyleLayer, _ name: String, _ context: StyleContext) -> Point {
        guard layer.sets(name), let values = layer.numbers(name, context), values.count == 2,
              values.allSatisfy({ $0.isFinite && abs($0) < 1e4 }) else { return .zero }
        return Point(x: values[0], y: values[1])
    }

    /// A font stack's weight and slant, from its first name: "Noto Sans
    /// Bold Italic" is bold italic; "Medium" and "Regular" are regular.
    static func weight(of fonts: [String]) -> FontSpec.Weight {
        let name = (fonts.first ?? "").lowercased()
        let bold = name.contains("bold") || name.contains("black") || name.contains("heavy") || name.contains("semibold")
        let italic = name.contains("italic") || name.contains("oblique")
        switch (bold, italic) {
        case (true, true): return .boldItalic
        case (true, false): return .bold
        case (false, true): return .italic
        case (false, false): return .regular
        }
    }

    /// The area-weighted centre of a ring, or the middle of its bounds when
    /// the centre falls outside (a crescent) or the ring has no area.
    static func center(of ring: [Point]) -> Point {
        var area = 0.0, cx = 0.0, cy = 0.0
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for index in 0..<ring.count {
            let a = ring[index], b = ring[(index + 1) % ring.count]
            let cross = a.x * b.y - b.x * a.y
            area += cross
            cx += (a.x + b.x) * cross
            cy += (a.y + b.y) * cross
            minX = min(minX, a.x); maxX = max(maxX, a.x); minY = min(minY, a.y); maxY = max(maxY, a.y)
        }
        let middle = Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2)
        guard abs(area) > 1e-9 else { return middle }
        let centroid = Point(x: cx / (3 * area), y: cy / (3 * area))
        return Ring.contains(ring, centroid) ? centroid : middle
    }

}
