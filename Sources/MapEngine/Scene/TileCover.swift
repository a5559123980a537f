import Foundation

/// Where one tile is drawn on screen. The same tile may be placed more than
/// once when the world repeats east-west.
package struct TilePlacement: Equatable, Sendable {
    /// The tile.
    package let tile: TileID
    /// Screen rectangle, snapped to whole pixels so neighbours share edges;
    /// on a turned or tilted map, the rectangle holding the mesh.
    package let rect: Rect
    /// The part of the tile placed, in pixels of a `WebMercator.tileSize`
    /// tile: all of it, except where a tilted map draws a tile in parts.
    package var source = TileLayer.wholeTile
    /// Where the part lands on a turned or tilted map; nil on a flat, north-up one.
    package var mesh: TileMesh?
    /// On a flat, north-up map, where the tile lies on screen before its
    /// edges are snapped to whole pixels (for a tile painted again at rest
    /// to lie exactly there); `rect` elsewhere.
    package var exact: Rect?
}

/// The tiles that cover a camera's viewport.
///
///     let cover = TileCover(camera: camera, levels: 0...5)
///     cover.level       // the zoom level whose tiles are drawn
///     cover.placements  // each tile with its screen rectangle
struct TileCover: Equatable, Sendable {
    /// The tile level drawn: the camera's zoom rounded, kept inside `levels`
    /// (below the source's first level it draws that level shrunk, past its
    /// last it over-zooms the deepest tiles).
    let level: Int
    let placements: [TilePlacement]

    /// `overlapping`: on a turned map, whether neighbouring meshes reach
    /// half a pixel into each other (opaque tiles: no hairline between them).
    /// Tiles seen through (overlays) meet edge to edge instead: an overlap
    /// would be blended twice, a seam across a filled area.
    init(camera: Camera, levels: ClosedRange<Int>, overlapping: Bool = true) {
        let level = min(max(Int(camera.zoom.rounded()), levels.lowerBound), levels.upperBound)
        self.level = level
        guard camera.isValid else {
            placements = []
            return
        }
        guard camera.isFlatNorthUp else {
            placements = TurnedTileCover(camera: camera, levels: levels, overlap: overlapping ? TurnedTileCover.overlap : 0).placements()
            return
        }
        let count = 1 << level
        let tileOnScreen = camera.worldSize / Double(count)
        let topLeft = camera.worldPoint(at: .zero)
        let bottomRight = camera.worldPoint(at: Point(x: camera.viewportSize.width,
                                                      y: camera.viewportSize.height))
        let firstColumn = Int((topLeft.x * Double(count)).rounded(.down))
        let lastColumn = Int((bottomRight.x * Double(count)).rounded(.up)) - 1
        let firstRow = max(0, Int((topLeft.y * Double(count)).rounded(.down)))
        let lastRow = min(count - 1, Int((bottomRight.y * Double(count)).rounded(.up)) - 1)
        let origin = camera.screenPoint(forWorldUnwrapped: Point(x: Double(firstColumn) / Double(count),
                                                                 y: Double(firstRow) / Double(count)))
        var placements: [TilePlacement] = []
        if firstRow <= lastRow && firstColumn <= lastColumn {
            placements.reserveCapacity((lastRow - firstRow + 1) * (lastColumn - firstColumn + 1))
            for row in firstRow...lastRow {
                let exactTop = origin.y + Double(row - firstRow) * tileOnScreen
                let exactBottom = origin.y + Double(row - firstRow + 1) * tileOnScreen
                let (top, bottom) = (exactTop.rounded(), exactBottom.rounded())
                for column in firstColumn...lastColumn {
                    let exactLeft = origin.x + Double(column - firstColumn) * tileOnScreen
                    let exactRight = origin.x + Double(column - firstColumn + 1) * tileOnScreen
                    let (left, right) = (exactLeft.rounded(), exactRight.rounded())
                    let wrapped = ((column % count) + count) % count
                    var placement = TilePlacement(tile: TileID(z: level, x: wrapped, y: row),
                                                  rect: Rect(x: left, y: top, width: right - left, height: bottom - top))
                    placement.exact = Rect(x: exactLeft, y: exactTop, width: exactRight - exactLeft, height: exactBottom - exactTop)
                    placements.append(placement)
                }
            }
        }
        self.placements = placements
    }
}

extension Camera {
    /// Screen position of a unit world point without choosing the nearest copy.
    func screenPoint(forWorldUnwrapped p: Point) -> Point {
        screenOffset(forGround: (p - center) * worldSize) + viewportSize.center
    }
}
