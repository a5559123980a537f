import Foundation
@testable import MapEngine
import Testing

/// The tiles found for turned and tilted views.
@Suite struct TurnedTileCoverTests {
    let size = Size(width: 1024, height: 768)

    func camera(heading: Double, pitch: Double) -> Camera {
        Camera(center: Coordinate(latitude: 43.74, longitude: 7.42), zoom: 14.4, viewportSize: size, heading: heading, pitch: pitch)
    }

    /// The placement whose tile holds the ground under a screen point, if any.
    func tile(under screen: Point, camera: Camera, cover: TileCover) -> TilePlacement? {
        let world = camera.worldPoint(at: screen)
        return cover.placements.first { placement in
            let n = Double(1 << placement.tile.z), t = placement.tile
            let part = placement.source
            var x = world.x * n - Double(t.x)
            x -= (x / n).rounded(.down) * n  // the copy of the world the tile is on
            let y = world.y * n - Double(t.y)
            return x >= part.minX / 256 && x < part.maxX / 256 && y >= part.minY / 256 && y < part.maxY / 256
        }
    }

    @Test(arguments: [(45.0, 0.0), (200.0, 0.0), (0.0, 60.0), (37.0, 45.0)])
    func everyPixelOfTheViewIsCovered(heading: Double, pitch: Double) {
        let c = camera(heading: heading, pitch: pitch)
        let cover = TileCover(camera: c, levels: 0...14)
        for x in stride(from: 2.0, through: 1022, by: 60) {
            for y in stride(from: 2.0, through: 766, by: 60) {
                #expect(tile(under: Point(x: x, y: y), camera: c, cover: cover) != nil, "nothing under \(x), \(y)")
            }
        }
        #expect(cover.placements.count < 120, "\(cover.placements.count) tiles")
    }

    @Test func aTiltedViewTakesFartherTilesFromShallowerLevels() throws {
        let c = camera(heading: 0, pitch: 60)
        let cover = TileCover(camera: c, levels: 0...20)
        let near = try #require(tile(under: Point(x: 512, y: 760), camera: c, cover: cover))
        let far = try #require(tile(under: Point(x: 512, y: 5), camera: c, cover: cover))
        #expect(near.tile.z >= 14 && far.tile.z < near.tile.z, "near \(near.tile), far \(far.tile)")
    }

    @Test func meshesLandWhereTheCameraProjectsTheirCornersOverlappingByAHairline() throws {
        let c = camera(heading: 37, pitch: 45)
        let cover = TileCover(camera: c, levels: 0...14)
        for placement in cover.placements {
            let mesh = try #require(placement.mesh)
            let n = Double(1 << placement.tile.z)
            let corner = Point(x: (Double(placement.tile.x) + placement.source.minX / 256) / n,
                               y: (Double(placement.tile.y) + placement.source.minY / 256) / n)
            // Out past the corner by the half-pixel overlap (more where the tile is drawn larger).
            let off = (mesh.points[0] - c.screenPoint(forWorld: corner)).length
            #expect(off > 0.3 && off < 1.5, "\(off)")
            #expect(mesh.points.count == (mesh.cells + 1) * (mesh.cells + 1))
        }
        let flat = TileCover(camera: camera(heading: 0, pitch: 0), levels: 0...14)
        #expect(flat.placements.allSatisfy { $0.mesh == nil }, "a flat, north-up map draws plain rectangles")
    }

    @Test func aTurnedFlatMapNeedsOneSquareATileAndATiltedOneMore() {
        let turned = TileCover(camera: camera(heading: 45, pitch: 0), levels: 0...14)
        #expect(turned.placements.allSatisfy { $0.mesh?.cells == 1 })
        let tilted = TileCover(camera: camera(heading: 0, pitch: 60), levels: 0...14)
        #expect(tilted.placements.contains { ($0.mesh?.cells ?? 0) > 1 })
    }
}
