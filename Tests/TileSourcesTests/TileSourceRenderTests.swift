import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import Testing
import TileSources

/// Whole frames from each kind of source against the embedded tile folder
/// they were made from: they must be the same picture.
@Suite @MainActor struct TileSourceRenderTests {
    static let views: [(Coordinate, Double, Size)] = [
        (Coordinate(latitude: 30, longitude: 10), 2, Size(width: 640, height: 400)),
        (Coordinate(latitude: 48.85, longitude: 2.35), 4.5, Size(width: 512, height: 512)),
        (Coordinate(latitude: -33.9, longitude: 151.2), 3.25, Size(width: 300, height: 200)),
        (Coordinate(latitude: 64, longitude: -20), 7, Size(width: 400, height: 300)),  // past the deepest level
    ]

    func image(_ source: TileSource, _ view: (Coordinate, Double, Size)) throws -> Surface {
        var options = MapOptions(source: source, center: view.0, zoom: view.1, size: view.2, attribution: "Test tiles",
                                 resources: MapResources(fonts: PinmapResources.fontsDirectory, images: nil),
                                 tileCacheBytes: 64 << 20, pins: nil)
        options.showsControls = false
        return try HeadlessRun(options: options).renderImage()
    }

    func expectSame(_ actual: Surface, _ expected: Surface, _ what: String) {
        let comparison = ImageComparison(actual: actual, expected: expected, channelTolerance: 0)
        #expect(comparison?.differingPixels == 0, "\(what): \(comparison?.differingPixels ?? -1) pixels differ")
    }

    @Test func anMBTilesFileDrawsThePictureOfItsFolder() throws {
        let folder = try TestTiles.embedded
        for layout in [MBTilesWriter.Layout.plain, .deduplicated] {
            let mbtiles = try MBTilesSource(path: TestTiles.mbtiles(levels: 0...5, layout: layout))
            for view in TileSourceRenderTests.views {
                expectSame(try image(mbtiles, view), try image(folder, view), "\(layout) at \(view.0) z\(view.1)")
            }
        }
    }

    @Test func aTileServerDrawsThePictureOfItsFolderThenFromItsCacheAlone() throws {
        let server = TestTileServer(folder: PinmapResources.tilesDirectory)
        let cacheFolder = try TestTiles.temporaryFolder()
        func http() throws -> HTTPTileSource {
            HTTPTileSource(template: try TileURLTemplate("\(server.baseURL)/tiles/{z}/{x}/{y}.png"), levels: 0...5,
                           cache: try DiskTileCache(folder: cacheFolder, limitBytes: 64 << 20), concurrentReads: 2)
        }
        let folder = try TestTiles.embedded
        let view = TileSourceRenderTests.views[1]
        let online = try http()
        expectSame(try image(online, view), try image(folder, view), "online")
        #expect(server.mostOpenAtOnce <= 2, "at most 2 connections at once, got \(server.mostOpenAtOnce)")
        #expect(server.requests.count >= 4)
        server.stop()
        let offline = try http()
        expectSame(try image(offline, view), try image(folder, view), "from the cache with the server gone")
    }
}

/// What the map says when its tile server goes away.
@Suite @MainActor struct OfflineNoticeTests {
    @Test func oneNoticeNotOnePerTile() throws {
        let server = TestTileServer(folder: PinmapResources.tilesDirectory)
        server.stop()
        let source = HTTPTileSource(template: try TileURLTemplate("\(server.baseURL)/tiles/{z}/{x}/{y}.png"),
                                    levels: 0...5, cache: try DiskTileCache(folder: TestTiles.temporaryFolder(),
                                                                            limitBytes: 8 << 20))
        let options = MapOptions(source: source, center: Coordinate(latitude: 0, longitude: 0), zoom: 2,
                                 size: Size(width: 400, height: 300), attribution: nil,
                                 resources: MapResources(fonts: PinmapResources.fontsDirectory, images: nil),
                                 tileCacheBytes: 8 << 20, pins: nil)
        let run = try HeadlessRun(options: options)
        _ = try run.renderImage()
        let texts = run.session.frame(at: 0.5).commands.compactMap { command -> String? in
            if case .text(let text) = command { return text.text }
            return nil
        }
        #expect(texts.filter { $0 == "Offline: showing cached tiles" }.count == 1, "\(texts)")
        #expect(!source.isReachable)
    }
}
