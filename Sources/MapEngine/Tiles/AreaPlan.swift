import Foundation

/// An area to download: a box of latitudes and longitudes and a range of
/// zooms, and the tiles that cover it.
package struct AreaPlan: Sendable, Equatable {
    package let south: Double, west: Double, north: Double, east: Double
    package let zooms: ClosedRange<Int>

    /// The most tiles an area may hold unless a setting allows more (as
    /// Organic Maps limits its regions): about 500 MB of street tiles.
    package static let mostTiles = 30_000
    /// What one street tile of OpenMapTiles weighs on average, for the estimate before anything is fetched.
    package static let typicalTileBytes = 17_000

    /// A box from south to north and west to east (west may be past east
    /// across the date line: not taken; give two areas), zooms 0 to 16.
    package init(south: Double, west: Double, north: Double, east: Double, zooms: ClosedRange<Int>) throws(AreaPlanError) {
        guard [south, west, north, east].allSatisfy(\.isFinite), (-85.06...85.06).contains(south), (-85.06...85.06).contains(north),
              (-180...180).contains(west), (-180...180).contains(east) else {
            throw AreaPlanError("the box must lie within latitudes -85 to 85 and longitudes -180 to 180")
        }
        guard south < north, west < east else { throw AreaPlanError("the box's south must be below its north and its west left of its east") }
        guard zooms.lowerBound >= 0, zooms.upperBound <= 16 else { throw AreaPlanError("zooms go from 0 to 16") }
        (self.south, self.west, self.north, self.east, self.zooms) = (south, west, north, east, zooms)
    }

    /// The tiles of one zoom that cover the box: columns and rows.
    package func range(at z: Int) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        let count = 1 << z
        func column(_ longitude: Double) -> Int { min(count - 1, max(0, Int(((longitude + 180) / 360 * Double(count)).rounded(.down)))) }
        func row(_ latitude: Double) -> Int {
            let y = WebMercator.project(Coordinate(latitude: latitude, longitude: 0)).y
            return min(count - 1, max(0, Int((y * Double(count)).rounded(.down))))
        }
        return (column(west)...column(east), row(north)...row(south))
    }

    /// How many tiles cover the box at all its zooms.
    package var tileCount: Int {
        zooms.reduce(0) { total, z in let r = range(at: z); return total + r.columns.count * r.rows.count }
    }

    /// The tiles, zoom by zoom, row by row.
    package var tiles: [TileID] {
        zooms.flatMap { z in
            let r = range(at: z)
            return r.rows.flatMap { y in r.columns.map { x in TileID(z: z, x: x, y: y) } }
        }
    }

    /// The size to expect before anything is fetched.
    package var estimatedBytes: Int { tileCount * AreaPlan.typicalTileBytes }
}

/// Why an area cannot be planned, in words.
package struct AreaPlanError: Error, CustomStringConvertible, Equatable {
    package let description: String
    package init(_ description: String) { self.description = description }
}

extension AreaPlan {
    /// Whether the tile is one of the area's: at one of its zooms, within its box.
    package func contains(_ tile: TileID) -> Bool {
        guard zooms.contains(tile.z) else { return false }
        let r = range(at: tile.z)
        return r.columns.contains(tile.x) && r.rows.contains(tile.y)
    }

    /// Whether the place lies within the area's box.
    package func covers(_ place: Coordinate) -> Bool {
        (south...north).contains(place.latitude) && (west...east).contains(place.longitude)
    }

    /// The plan an area file's metadata describes (`bounds` as west,south,east,north;
    /// `minzoom`, `maxzoom`), or nil when they are missing or out of range.
    package init?(metadata: [String: String]) {
        let bounds = (metadata["bounds"] ?? "").split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard bounds.count == 4, let low = metadata["minzoom"].flatMap({ Int($0) }), let high = metadata["maxzoom"].flatMap({ Int($0) }),
              low <= high, let plan = try? AreaPlan(south: bounds[1], west: bounds[0], north: bounds[3], east: bounds[2], zooms: low...high)
        else { return nil }
        self = plan
    }
}
