import Foundation

/// Where a feature's coordinates lie in the world: the tile it was read
/// from and the extent its coordinates count across that tile. `within`
/// and `distance` need it to put the feature on the globe.
package struct FeaturePlace: Sendable, Equatable {
    package let tile: TileID
    package let extent: Int

    package init(tile: TileID, extent: Int = 4096) {
        self.tile = tile
        self.extent = max(extent, 1)
    }

    /// Steps of the grid that geometry is compared on, across one tile (as
    /// MapLibre compares: positions rounded to it, so a point on a polygon's
    /// edge is found there).
    static let gridPerTile = 8192.0

    /// The grid's steps across the whole world at the tile's zoom.
    var worldGrid: Double { pow(2, Double(tile.z)) * FeaturePlace.gridPerTile }

    /// A point in the tile's own coordinates, on the world's grid.
    func grid(tilePoint p: Point) -> Point {
        let scale = FeaturePlace.gridPerTile / Double(extent)
        return Point(x: Double(tile.x) * FeaturePlace.gridPerTile + p.x * scale,
                     y: Double(tile.y) * FeaturePlace.gridPerTile + p.y * scale)
    }

    /// A longitude and latitude (as x and y) on the world's grid, rounded to a whole step.
    func grid(lonLat p: Point) -> Point {
        let x = (180 + p.x) / 360
        let y = (180 - 180 / Double.pi * log(tan(Double.pi / 4 + p.y * Double.pi / 360))) / 360
        return Point(x: (x * worldGrid).rounded(.toNearestOrAwayFromZero), y: (y * worldGrid).rounded(.toNearestOrAwayFromZero))
    }

    /// A point of the world's grid as a longitude and latitude (as x and y).
    func lonLat(grid p: Point) -> Point {
        let x = p.x / worldGrid, y = p.y / worldGrid
        return Point(x: x * 360 - 180, y: 360 / Double.pi * atan(exp((180 - y * 360) * Double.pi / 180)) - 90)
    }
}
