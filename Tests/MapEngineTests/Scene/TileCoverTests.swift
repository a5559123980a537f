import Testing
@testable import MapEngine

@Suite struct TileCoverTests {
    @Test func theWholeWorldAtZoomZeroIsOneTile() {
        let camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 0,
                            viewportSize: Size(width: 256, height: 256))
        let cover = TileCover(camera: camera, levels: 0...5)
        #expect(cover.placements.map(\.tile) == [TileID(z: 0, x: 0, y: 0)])
        #expect(cover.placements.map(\.rect) == [Rect(x: 0, y: 0, width: 256, height: 256)])
    }

    @Test func aPlacementKeepsWhereItLiesBeforeItsEdgesAreSnapped() {
        // Half a tile and 0.3 pixels right of a tile's corner: the corners lie 0.3 pixels into a pixel.
        let camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 2, viewportSize: Size(width: 256, height: 256))
        var moved = camera
        moved.pan(by: Point(x: -0.3, y: 0))
        let cover = TileCover(camera: moved, levels: 0...5)
        for placement in cover.placements {
            let exact = try! #require(placement.exact)
            #expect(abs(abs(exact.minX - placement.rect.minX) - 0.3) < 1e-9, "snapped to the nearest pixel, 0.3 away")
            #expect(exact.width == 256 && placement.rect.width == 256)
        }
    }

    @Test func aWideViewRepeatsTheWorldEastWest() {
        let camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 0,
                            viewportSize: Size(width: 768, height: 256))
        let cover = TileCover(camera: camera, levels: 0...5)
        #expect(cover.placements.map(\.tile) == Array(repeating: TileID(z: 0, x: 0, y: 0), count: 3))
        #expect(cover.placements.map(\.rect.minX) == [0, 256, 512])
    }

    @Test func tilesAcrossTheAntimeridianWrapToValidColumns() {
        let camera = Camera(center: Coordinate(latitude: 0, longitude: 180), zoom: 2,
                            viewportSize: Size(width: 512, height: 256))
        let columns = Set(TileCover(camera: camera, levels: 0...5).placements.map(\.tile.x))
        #expect(columns == [0, 3], "the view straddles the last and the first column")
    }

    @Test(arguments: [(2.4, 2), (2.6, 3), (4.5, 5), (7.0, 5), (0.2, 0)])
    func drawsTheNearestLevelWithinTheSource(_ zoom: Double, _ level: Int) {
        let camera = Camera(center: Coordinate(latitude: 10, longitude: 10), zoom: zoom,
                            viewportSize: Size(width: 800, height: 600))
        #expect(TileCover(camera: camera, levels: 0...5).level == level)
    }

    @Test func placementsTileTheViewportWithoutGapsOrOverlaps() {
        let camera = Camera(center: Coordinate(latitude: 47.3, longitude: 8.5), zoom: 4.37,
                            viewportSize: Size(width: 1280, height: 800))
        let cover = TileCover(camera: camera, levels: 0...5)
        var covered = 0.0
        for placement in cover.placements {
            let left = max(placement.rect.minX, 0), right = min(placement.rect.maxX, 1280)
            let top = max(placement.rect.minY, 0), bottom = min(placement.rect.maxY, 800)
            covered += max(0, right - left) * max(0, bottom - top)
            #expect(placement.rect.minX == placement.rect.minX.rounded(), "edges are whole pixels")
        }
        #expect(covered == 1280 * 800)
    }

    @Test func overZoomDrawsTheDeepestLevelLarger() {
        let camera = Camera(center: Coordinate(latitude: 10, longitude: 10), zoom: 7,
                            viewportSize: Size(width: 800, height: 600))
        let cover = TileCover(camera: camera, levels: 0...5)
        #expect(cover.level == 5)
        #expect(cover.placements.allSatisfy { $0.rect.width == 1024 })
    }
}
