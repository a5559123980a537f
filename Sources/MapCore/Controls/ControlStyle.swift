/// What the map's own controls share in their look (the zoom buttons,
/// the search button): a thin dark edge instead of a soft shadow, which a
/// software renderer draws at every frame for next to nothing.
enum ControlStyle {
    static let edge = Color(hex: 0x000000, alpha: 60)

    /// One-pixel lines around a closed outline.
    static func border(_ outline: [Point]) -> [DrawCommand] {
        outline.indices.map { i in
            .line(from: outline[i], to: outline[(i + 1) % outline.count], color: edge, width: 1)
        }
    }
}
