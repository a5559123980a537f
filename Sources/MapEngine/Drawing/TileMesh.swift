/// Where a tile image lands on a turned or tilted map: a grid of screen
/// points over its source rectangle, `cells` squares a side, row by row from
/// the source's top-left corner. A renderer draws each square as two
/// textured triangles (SDL's `RenderGeometry`); the grid is fine enough that
/// drawing each square flat strays from the true perspective by under a
/// pixel.
package struct TileMesh: Equatable, Sendable {
    /// Squares a side: 1 on a map only turned, more where perspective bends it.
    package var cells: Int
    /// `(cells + 1)²` screen points, row by row.
    package var points: [Point]

    /// A mesh of `cells` squares a side through `points`.
    package init(cells: Int, points: [Point]) {
        self.cells = cells
        self.points = points
    }

    /// The smallest rectangle holding every point.
    package var bounds: Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        guard minX <= maxX, minY <= maxY else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
