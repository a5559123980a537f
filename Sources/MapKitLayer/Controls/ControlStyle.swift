import MapEngine

/// What the map's own controls share in their look (the zoom buttons,
/// the search button): a thin dark edge instead of a soft shadow, which a
/// software renderer draws at every frame for next to nothing.
enum ControlStyle {
    static let edge = Color(hex: 0x000000, alpha8: 60)

    /// A floating card (a menu, the card of keys): white, rounded by
    /// `radius` pixels, on a soft shadow; `role` names it in scene dumps.
    static func card(_ frame: Rect, radius: Double, role: String, scale: Double) -> [DrawCommand] {
        let outline = CalloutDrawing.roundedRect(frame, radius: radius)
        return [
            .shape(CalloutStyle.shadow(of: outline, center: frame.center, rect: frame, role: role + "-shadow", scale: scale,
                                       alpha: 0.7)),
            .shape(ShapeDraw(outline: outline, center: frame.center, color: SearchPanel.face, feather: 1, rect: frame, role: role)),
        ]
    }

    /// One-pixel lines around a closed outline.
    static func border(_ outline: [Point]) -> [DrawCommand] {
        outline.indices.map { i in
            .line(from: outline[i], to: outline[(i + 1) % outline.count], color: edge, width: 1)
        }
    }
}
