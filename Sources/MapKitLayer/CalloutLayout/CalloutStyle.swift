import MapEngine

/// The standard callout's look, in points (multiplied by the display scale
/// when laid out). Figures follow the classic callout: about 70 pt high
/// with its 14 pt pointer, at least 75 pt wide, title bold 17 pt, subtitle
/// 12 pt, accessories at most 32 pt tall 14 pt in from the ends.
enum CalloutStyle {
    static let titleFont = FontSpec(size: 17, weight: .bold)
    static let subtitleFont = FontSpec(size: 12)
    static let titleColor = Color(hex: 0x1B1B1B)
    static let subtitleColor = Color(hex: 0x5F6368)
    static let bubbleColor = Color(hex: 0xFFFFFF)  // opaque: nothing of the map shows through a callout
    static let shadowColor = Color(hex: 0x000000, alpha8: 70)

    /// The bubble without its pointer is at least this tall.
    static let minBodyHeight = 56.0
    static let minWidth = 75.0
    static let maxWidth = 300.0
    static let pointerHeight = 14.0
    static let pointerWidth = 28.0
    /// The pointer's tip keeps this far from either end of the bubble.
    static let pointerInset = 39.0
    static let cornerRadius = 10.0
    /// Space between the bubble's ends and an accessory.
    static let accessoryMargin = 14.0
    /// Space between the bubble's ends and text when there is no accessory there.
    static let textMargin = 12.0
    /// Space between an accessory and the text.
    static let accessoryGap = 8.0
    static let verticalPadding = 10.0
    /// Space between the title and the subtitle.
    static let lineGap = 2.0
    /// How far the whole callout keeps from the screen's edges once panned into view.
    static let screenMargin = 10.0
    /// How far the shadow is dropped and how soft it is.
    static let shadowOffset = Point(x: 0, y: 3)
    static let shadowFeather = 7.0

    /// The soft shadow under a shape: its outline dropped a little and
    /// feathered. `scale` is pixels per point times any pop.
    static func shadow(of outline: [Point], center: Point, rect: Rect, role: String, scale: Double = 1,
                       alpha: Double = 1) -> ShapeDraw {
        let drop = shadowOffset * scale
        var color = shadowColor
        color.alpha = UInt8((Double(color.alpha) * max(0, min(1, alpha))).rounded())
        return ShapeDraw(outline: outline.map { $0 + drop }, center: center + drop, color: color,
                         feather: shadowFeather * scale, rect: rect, role: role)
    }

    /// A pressed control is drawn multiplied by this grey.
    static let pressedTint = Color(hex: 0x9A9A9A)
    /// The pop: scale 0.05 → 1.11 → 0.95 → 1.0 over 1/3 s.
    static let popDuration = 1.0 / 3
    /// The fade when the callout closes.
    static let fadeDuration = 0.2
    /// How long the map takes to pan an opening callout into view.
    static let panDuration = 0.3
}
