/// Flat-shaded triangles with a colour at each corner, drawn in order
/// (3D buildings, back to front), and then laid over the map at `opacity`
/// as one picture, so faces of a translucent layer do not show through
/// one another.
package struct TriangleDraw: Equatable, Sendable {
    /// The corners, in screen pixels.
    package var points: [Point]
    /// Each corner's colour.
    package var colors: [Color]
    /// Three indices into `points` a triangle.
    package var indices: [Int32]
    /// The whole picture's opacity, 0 to 1.
    package var opacity: Double
    /// What the triangles are ("buildings"), for scene dumps.
    package var role: String?
    /// Images repeated across the triangles in place of their colours, or nil.
    package var pattern: TrianglePattern?

    /// Triangles through `points` coloured `colors`, `indices` three to a triangle.
    package init(points: [Point], colors: [Color], indices: [Int32], opacity: Double = 1, role: String? = nil) {
        self.points = points
        self.colors = colors
        self.indices = indices
        self.opacity = opacity
        self.role = role
    }

    /// The smallest rectangle holding every corner.
    package var bounds: Rect { TileMesh(cells: 0, points: points).bounds }
}

extension TriangleDraw {
    /// Draws one after another as one: their points and colours in order,
    /// each one's indices moved past the points before it; the opacity and
    /// role of the first.
    init(joining draws: [TriangleDraw]) {
        self.init(points: [], colors: [], indices: [], opacity: draws.first?.opacity ?? 1, role: draws.first?.role)
        points.reserveCapacity(draws.reduce(0) { $0 + $1.points.count })
        colors.reserveCapacity(points.capacity)
        indices.reserveCapacity(draws.reduce(0) { $0 + $1.indices.count })
        for draw in draws {
            let offset = Int32(points.count)
            points += draw.points
            colors += draw.colors
            for index in draw.indices { indices.append(index + offset) }
        }
        if draws.contains(where: { $0.pattern != nil }) {
            pattern = TrianglePattern(joining: draws.map { $0.pattern ?? TrianglePattern(plain: $0.points.count) })
        }
    }
}
