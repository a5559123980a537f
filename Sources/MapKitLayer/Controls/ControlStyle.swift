import MapEngine

/// What the map's own controls share in their look (the zoom buttons,
/// the search button): a thin dark edge instead of a soft shadow, which a
/// software renderer draws at every frame for next to nothing.
enum ControlStyle {
    static let edge = Color(hex: 0x000000, alpha8: 60)
    /// Text, quieter text, a card's face, a pressed face, and a picked row.
    static let ink = Color(hex: 0x202124)
    static let grey = Color(hex: 0x70757A)
    static let face = Color(hex: 0xFFFFFF)
    static let pressedFace = Color(hex: 0xE3E3E3)
    static let pick = Color(hex: 0xE8F0FE)

    /// The round search button's side and its margin from the top right corner, in points.
    static let searchButtonSize = 44.0
    static let searchMargin = 10.0

    /// Where the search button sits: top right, in pixels of a viewport at `scale`.
    static func searchButton(viewport: Size, scale: Double) -> Rect {
        Rect(x: viewport.width - (searchButtonSize + searchMargin) * scale, y: searchMargin * scale,
             width: searchButtonSize * scale, height: searchButtonSize * scale)
    }

    /// A floating card (a menu, the card of keys): white, rounded by
    /// `radius` pixels, on a soft shadow; `role` names it in scene dumps.
    static func card(_ frame: Rect, radius: Double, role: String, scale: Double) -> [DrawCommand] {
        let outline = CalloutDrawing.roundedRect(frame, radius: radius)
        return [
            .shape(CalloutStyle.shadow(of: outline, center: frame.center, rect: frame, role: role + "-shadow", scale: scale,
                                       alpha: 0.7)),
            .shape(ShapeDraw(outline: outline, center: frame.center, color: ControlStyle.face, feather: 1, rect: frame, role: role)),
        ]
    }

    /// One-pixel lines around a closed outline.
    static func border(_ outline: [Point]) -> [DrawCommand] {
        outline.indices.map { i in
            .line(from: outline[i], to: outline[(i + 1) % outline.count], color: edge, width: 1)
        }
    }
}
