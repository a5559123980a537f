import Testing
@testable import MapEngine
@testable import MapKitLayer

/// At every zoom and viewport size, a frame asks for tiles of ordinary size
/// and a bounded number of them: the cost of a frame at zoom 20 is the cost
/// of one at the source's last level.
@Suite struct DeepZoomTests {
    @Test(arguments: [Size(width: 16, height: 16), Size(width: 800, height: 600), Size(width: 4096, height: 4096)])
    func tilesStaySmallAtEveryZoom(size: Size) {
        var zoom = 0.0
        while zoom <= 20 {
            let camera = Camera(center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: zoom, viewportSize: size)
            let layer = TileLayer.build(camera: camera, levels: 0...5, tiles: AllTiles())
            for command in layer.commands {
                guard case .tile(let draw) = command else { continue }
                #expect(draw.rect.width <= 363 && draw.rect.height <= 363, "zoom \(zoom): \(draw.rect)")
                #expect(draw.source.width >= 8, "never a source smaller than a few pixels")
            }
            let side = (size.width / 181).rounded(.up) + 1
            #expect(layer.requests.count <= Int(side * ((size.height / 181).rounded(.up) + 1)) * 2 + 40)
            zoom += 0.25
        }
    }

    @Test func pastTheSourceTheDrawnTilesAreItsOwnLevel() {
        let camera = Camera(center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 12,
                            viewportSize: Size(width: 800, height: 600))
        let layer = TileLayer.build(camera: camera, levels: 0...5, tiles: AllTiles())
        let levels = Set(layer.commands.compactMap { command -> Int? in
            if case .tile(let draw) = command { return draw.tile.z } else { return nil }
        })
        #expect(levels == [12])
        #expect(layer.requests.contains(TileKey(tile: TileID(z: 12, x: 2074, y: 1408))), "Paris' tile at zoom 12")
    }
}
