import Testing
@testable import MapEngine

/// An area to download: the tiles that cover its box at its zooms.
@Suite struct AreaPlanTests {
    @Test func aPlanCountsTheTilesThatCoverItsBox() throws {
        let world = try AreaPlan(south: -85, west: -180, north: 85, east: 180, zooms: 0...2)
        #expect(world.tileCount == 1 + 4 + 16)
        #expect(Set(world.tiles).count == world.tileCount)
        // About 10 km by 10 km around Vaduz: one or two tiles at zoom 9, about 7 by 7 at 14 (a tile there is 1.7 km wide).
        let city = try AreaPlan(south: 47.095, west: 9.455, north: 47.185, east: 9.587, zooms: 9...14)
        #expect(city.range(at: 9).columns.count * city.range(at: 9).rows.count <= 2)
        let columns = Int(((9.587 + 180) / 360 * 16384).rounded(.down)) - Int(((9.455 + 180) / 360 * 16384).rounded(.down)) + 1
        #expect(city.range(at: 14).columns.count == columns)
        #expect((60...120).contains(city.tileCount), "\(city.tileCount) tiles")
        #expect(city.estimatedBytes == city.tileCount * AreaPlan.typicalTileBytes)
        #expect(throws: AreaPlanError.self) { try AreaPlan(south: 47.2, west: 9.4, north: 47.1, east: 9.5, zooms: 9...14) }
        #expect(throws: AreaPlanError.self) { try AreaPlan(south: .nan, west: 9.4, north: 47.1, east: 9.5, zooms: 9...14) }
        #expect(throws: AreaPlanError.self) { try AreaPlan(south: 47, west: 9.4, north: 47.1, east: 9.5, zooms: 9...30) }
    }

    @Test func aPlanHoldsTheTilesOfItsBoxAtItsZoomsOnly() throws {
        let city = try AreaPlan(south: 47.095, west: 9.455, north: 47.185, east: 9.587, zooms: 9...14)
        for tile in city.tiles { #expect(city.contains(tile)) }
        let inside = city.tiles.first { $0.z == 12 }!
        #expect(!city.contains(TileID(z: 15, x: inside.x * 8, y: inside.y * 8)), "deeper than its zooms")
        #expect(!city.contains(TileID(z: 8, x: inside.x / 16, y: inside.y / 16)), "shallower than its zooms")
        #expect(!city.contains(TileID(z: 12, x: inside.x + 40, y: inside.y)), "beside the box")
        #expect(city.covers(Coordinate(latitude: 47.14, longitude: 9.52)))
        #expect(!city.covers(Coordinate(latitude: 47.3, longitude: 9.52)))
    }
}
