import Foundation
import Testing
@testable import MapEngine

/// Tile statuses set by hand.
struct FakeTiles: TileStatusProviding {
    var statuses: [TileID: TileStatus] = [:]
    /// Tiles painted again at a size, by key.
    var sized: [TileKey: TileStatus] = [:]
    var asksForStandIns = true
    var paintsAtAnySize = false
    var offersLabels = false
    /// When tiles came in, for fading them in.
    var arrivals: [TileID: Double] = [:]
    func status(of key: TileKey) -> TileStatus? { key.pixels == nil && key.layer == .base ? statuses[key.tile] : sized[key] }
    func readySince(_ key: TileKey) -> Double? { key.isPlainBase ? arrivals[key.tile] : nil }
    /// Pictures painted again at their own size while the map rested, by tile.
    var ownSize: [TileID: TileKey] = [:]
    func ownSizePicture(of tile: TileID) -> TileKey? { ownSize[tile] }
}

@Suite struct TileLayerTests {
    let camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 1,
                        viewportSize: Size(width: 512, height: 512))

    @Test func loadedTilesAreDrawnWhole() {
        var tiles = FakeTiles()
        for x in 0...1 { for y in 0...1 { tiles.statuses[TileID(z: 1, x: x, y: y)] = .loaded } }
        let layer = TileLayer.build(camera: camera, levels: 0...5, tiles: tiles)
        #expect(layer.commands.count == 4)
        #expect(layer.commands.first == .tile(TileImageDraw(tile: TileID(z: 1, x: 0, y: 0),
                                                       source: Rect(x: 0, y: 0, width: 256, height: 256),
                                                       rect: Rect(x: 0, y: 0, width: 256, height: 256))))
    }

    @Test func aTileThatCameInLatelyFadesInOverItsParent() {
        let parent = TileID(z: 0, x: 0, y: 0), child = TileID(z: 1, x: 1, y: 0)
        var tiles = FakeTiles(statuses: [parent: .loaded], arrivals: [parent: 0, child: 10])
        for x in 0...1 { for y in 0...1 { tiles.statuses[TileID(z: 1, x: x, y: y)] = .loaded } }
        let corner = Rect(x: 256, y: 0, width: 256, height: 256)
        func drawn(at now: Double) -> [DrawCommand] {
            TileLayer.build(camera: camera, levels: 0...5, tiles: tiles, fade: TileFade(now: now, duration: 0.3)).commands
                .filter { $0.rect == corner }
        }
        // A tenth of a second in: the parent's quarter, then the tile a third opaque over it.
        let early = drawn(at: 10.1)
        #expect(early.count == 2)
        #expect(early.first == .tile(TileImageDraw(tile: parent, source: Rect(x: 128, y: 0, width: 128, height: 128), rect: corner)))
        if case .tile(let draw) = early.last {
            #expect(draw.tile == child)
            #expect(abs(draw.alpha - 1.0 / 3) < 1e-9)
        } else {
            Issue.record("the tile is drawn last: \(early)")
        }
        // Once the fade is over, the tile alone, whole; likewise the tiles long in, and every tile without a fade.
        #expect(drawn(at: 10.3) == [.tile(TileImageDraw(tile: child, source: TileLayer.wholeTile, rect: corner))])
        let others = TileLayer.build(camera: camera, levels: 0...5, tiles: tiles, fade: TileFade(now: 10.1, duration: 0.3)).commands
        #expect(others.count == 5, "three tiles long in, and the fading one over its stand-in: \(others)")
        #expect(TileLayer.build(camera: camera, levels: 0...5, tiles: tiles).commands.count == 4)
    }

    @Test func aTileFadingInWithNothingToStandInFadesOverThePlaceholder() {
        let tile = TileID(z: 1, x: 0, y: 0)
        let tiles = FakeTiles(statuses: [tile: .loaded], arrivals: [tile: 5])
        let commands = TileLayer.build(camera: camera, levels: 0...5, tiles: tiles, fade: TileFade(now: 5.15, duration: 0.3)).commands
        let here = commands.filter { Rect(x: 0, y: 0, width: 256, height: 256).contains($0.rect.center) }
        #expect(here.first == .rect(Rect(x: 0, y: 0, width: 256, height: 256), TileLayer.placeholderFill))
        if case .tile(let draw) = here.last { #expect(abs(draw.alpha - 0.5) < 1e-9) } else { Issue.record("\(here)") }
    }

    @Test func aFadeIsBoundedWhateverItsNumbers() {
        #expect(TileFade(now: 1, duration: 0).opacity(since: 1) == 1)
        #expect(TileFade(now: 1, duration: .nan).opacity(since: 1) == 1)
        #expect(TileFade(now: 1, duration: 0.3).opacity(since: nil) == 1)
        #expect(TileFade(now: 1, duration: 0.3).opacity(since: 2) == 0, "a clock gone back shows the stand-in, not a negative opacity")
        #expect(TileFade(now: .infinity, duration: 0.3).opacity(since: 0) == 1)
    }

    @Test func aLoadingTileShowsTheScaledParent() {
        let tiles = FakeTiles(statuses: [TileID(z: 0, x: 0, y: 0): .loaded, TileID(z: 1, x: 1, y: 0): .loading])
        let layer = TileLayer.build(camera: camera, levels: 0...5, tiles: tiles)
        let topRight = layer.commands.first { $0.rect == Rect(x: 256, y: 0, width: 256, height: 256) }
        #expect(topRight == .tile(TileImageDraw(tile: TileID(z: 0, x: 0, y: 0),
                                           source: Rect(x: 128, y: 0, width: 128, height: 128),
                                           rect: Rect(x: 256, y: 0, width: 256, height: 256))))
    }

    @Test func aBrokenTileShowsThePlaceholderEvenWithAParent() {
        let tiles = FakeTiles(statuses: [TileID(z: 0, x: 0, y: 0): .loaded, TileID(z: 1, x: 0, y: 0): .failed])
        let layer = TileLayer.build(camera: camera, levels: 0...5, tiles: tiles)
        #expect(layer.commands.first == .rect(Rect(x: 0, y: 0, width: 256, height: 256), TileLayer.placeholderFill))
    }

    @Test func withNothingLoadedEveryTileIsAPlaceholder() {
        let layer = TileLayer.build(camera: camera, levels: 0...5, tiles: FakeTiles())
        let fills = layer.commands.filter { if case .rect = $0 { return true } else { return false } }
        #expect(fills.count == 4)
        #expect(!layer.commands.contains { if case .tile = $0 { return true } else { return false } })
    }

    @Test func requestsAncestorsFirstThenVisibleTilesFromTheCentre() {
        let view = Camera(center: Coordinate(latitude: 10, longitude: 10), zoom: 3,
                          viewportSize: Size(width: 300, height: 300))
        let layer = TileLayer.build(camera: view, levels: 0...5, tiles: FakeTiles())
        let visible = TileCover(camera: view, levels: 0...5).placements.map(\.tile)
        let requests = layer.requests.map(\.tile)
        #expect(layer.requests.allSatisfy { $0.isPlainBase }, "images are never asked for again at another size")
        let ancestors = requests.prefix { $0.z < 3 }
        #expect(ancestors.first == TileID(z: 0, x: 0, y: 0))
        #expect(Set(requests.dropFirst(ancestors.count)) == Set(visible))
        let nearest = TileCover(camera: view, levels: 0...5).placements
            .min { ($0.rect.center - Point(x: 150, y: 150)).length < ($1.rect.center - Point(x: 150, y: 150)).length }
        #expect(requests[ancestors.count] == nearest?.tile)
    }

    @Test func paintedTilesAskForNoStandInsButALoadedAncestorStillStandsIn() {
        let view = Camera(center: Coordinate(latitude: 10, longitude: 10), zoom: 3,
                          viewportSize: Size(width: 300, height: 300))
        var tiles = FakeTiles(asksForStandIns: false)
        let visible = TileCover(camera: view, levels: 0...5).placements.map(\.tile)
        #expect(TileLayer.build(camera: view, levels: 0...5, tiles: tiles).requests.map(\.tile).sorted() == Set(visible).sorted())
        tiles.statuses[TileID(z: 0, x: 0, y: 0)] = .loaded
        let layer = TileLayer.build(camera: view, levels: 0...5, tiles: tiles)
        #expect(layer.commands.allSatisfy { if case .tile(let draw) = $0 { draw.tile.z == 0 } else { true } })
        #expect(layer.commands.contains { if case .tile = $0 { true } else { false } })
    }

    @Test func atRestBetweenWholeZoomsPaintedTilesAreAskedForAndDrawnAtTheirSizeOnScreen() {
        let view = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 1.45, viewportSize: Size(width: 600, height: 600))
        var tiles = FakeTiles(asksForStandIns: false, paintsAtAnySize: true)
        for x in 0...1 { for y in 0...1 { tiles.statuses[TileID(z: 1, x: x, y: y)] = .loaded } }
        let moving = TileLayer.build(camera: view, levels: 0...5, tiles: tiles, atRest: false)
        #expect(moving.requests.allSatisfy { $0.pixels == nil }, "a moving map is only scaled")
        let resting = TileLayer.build(camera: view, levels: 0...5, tiles: tiles, atRest: true)
        let side = Int((256 * pow(2, 0.45)).rounded())
        let sharp = resting.requests.filter { $0.pixels != nil }
        #expect(sharp.count == 4 && sharp.allSatisfy { $0.pixels == side }, "\(sharp)")
        #expect(resting.requests.prefix(4).allSatisfy { $0.isPlainBase }, "the tiles themselves come first")
        for key in sharp { tiles.sized[key] = .loaded }
        let sharpened = TileLayer.build(camera: view, levels: 0...5, tiles: tiles, atRest: true)
        let drawn = sharpened.commands.compactMap { if case .tile(let draw) = $0 { draw.key } else { nil } }
        #expect(drawn.count == 4 && drawn.allSatisfy { $0.pixels == side })
        var images = FakeTiles()
        images.statuses = tiles.statuses
        #expect(TileLayer.build(camera: view, levels: 0...5, tiles: images, atRest: true).requests.allSatisfy { $0.pixels == nil },
                "images come at their own size")
    }

    @Test func atRestBetweenWholePixelsTilesArePaintedAgainWhereTheyLieInTheirFirstPixel() {
        var view = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 2, viewportSize: Size(width: 512, height: 512))
        var tiles = FakeTiles(asksForStandIns: false, paintsAtAnySize: true)
        for x in 0...3 { for y in 0...3 { tiles.statuses[TileID(z: 2, x: x, y: y)] = .loaded } }
        #expect(TileLayer.build(camera: view, levels: 0...5, tiles: tiles, atRest: true).requests.allSatisfy { $0.pixels == nil },
                "tiles on whole pixels at their own size are exact as they are")
        // A quarter of a pixel across and three quarters down: each corner lies that far into a pixel.
        view.pan(by: Point(x: 0.25, y: 0.75))
        let resting = TileLayer.build(camera: view, levels: 0...5, tiles: tiles, atRest: true)
        let phased = resting.requests.filter { $0.pixels != nil }
        // A quarter of a pixel past the nearest edge across, a quarter before it down.
        #expect(phased.count == 9 && phased.allSatisfy { $0.pixels == 256 && $0.phase == TilePhase(x: 16, y: -16) }, "\(phased)")
        for key in phased { tiles.sized[key] = .loaded }
        let drawn = TileLayer.build(camera: view, levels: 0...5, tiles: tiles, atRest: true).commands
            .compactMap { if case .tile(let draw) = $0 { draw } else { nil } }
        #expect(drawn.count == 9 && drawn.allSatisfy { $0.key.pixels == 256 })
        for draw in drawn {
            let exact = view.screenPoint(forWorld: Point(x: Double(draw.key.tile.x) / 4, y: Double(draw.key.tile.y) / 4))
            // Laid on the nearest whole pixels (where the plain tile lies), the tile's corner that far into it.
            #expect(draw.rect.minX == exact.x.rounded() && draw.rect.minY == exact.y.rounded())
            #expect(abs(draw.rect.minX + draw.key.phase.offset.x - exact.x) < 1e-9 && abs(draw.rect.minY + draw.key.phase.offset.y - exact.y) < 1e-9)
            #expect(draw.rect.size == Size(width: 256, height: 256))
        }
    }

    /// A first frame at rest on a whole zoom paints each tile once: the
    /// picture with its corner where it lies is asked for in place of the
    /// plain tile (it offers the same labels), not after it.
    @Test func atRestOnAWholeZoomThePictureWhereTheTileLiesIsAskedForInsteadOfThePlainTile() {
        var view = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 2, viewportSize: Size(width: 512, height: 512))
        view.pan(by: Point(x: 0.25, y: 0.75))
        let tiles = FakeTiles(asksForStandIns: false, paintsAtAnySize: true, offersLabels: true)
        let requests = TileLayer.build(camera: view, levels: 0...5, tiles: tiles, atRest: true).requests
        #expect(requests.count == 9 && requests.allSatisfy { $0.pixels == 256 && $0.isOwnSizeBase }, "\(requests)")
        #expect(!requests.contains { $0.isPlainBase }, "no plain tile is asked for")
        // Moving, the plain tiles are asked for again.
        #expect(TileLayer.build(camera: view, levels: 0...5, tiles: tiles, atRest: false).requests.allSatisfy { $0.isPlainBase })
    }

    /// Between whole zooms the tiles drawn are painted again at their size,
    /// and the plain tiles deeper than the level labels come from serve
    /// nothing: they are not asked for.
    @Test func betweenWholeZoomsTheDrawnLevelsPlainTilesAreNotAskedForWhenLabelsComeFromAbove() {
        let view = Camera(center: Coordinate(latitude: 20, longitude: 20), zoom: 2.7, viewportSize: Size(width: 500, height: 400))
        let tiles = FakeTiles(asksForStandIns: false, paintsAtAnySize: true, offersLabels: true)
        let requests = TileLayer.build(camera: view, levels: 0...5, tiles: tiles, atRest: true).requests
        #expect(requests.filter(\.isPlainBase).allSatisfy { $0.tile.z == 2 }, "only the label level's plain tiles: \(requests)")
        #expect(requests.contains { $0.tile.z == 3 && $0.pixels != nil })
    }

    /// When the map starts to move after resting, a tile whose plain
    /// picture never came shows the picture painted while it rested, put
    /// back where the tile lies now, rather than its blurred ancestor.
    @Test func movingAfterRestTheOwnSizePictureStandsInForThePlainTile() {
        var view = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 2, viewportSize: Size(width: 512, height: 512))
        view.pan(by: Point(x: 0.25, y: 0.75))
        var tiles = FakeTiles(asksForStandIns: false, paintsAtAnySize: true, offersLabels: true)
        for x in 0...3 { for y in 0...3 { tiles.statuses[TileID(z: 1, x: x / 2, y: y / 2)] = .loaded } }
        for key in TileLayer.build(camera: view, levels: 0...5, tiles: tiles, atRest: true).requests {
            tiles.sized[key] = .loaded
            tiles.ownSize[key.tile] = key
        }
        view.pan(by: Point(x: 3.5, y: 0))
        let drawn = TileLayer.build(camera: view, levels: 0...5, tiles: tiles, atRest: false).commands
            .compactMap { if case .tile(let draw) = $0 { draw } else { nil } }
        #expect(!drawn.isEmpty && drawn.allSatisfy { $0.key.pixels == 256 && $0.key.tile.z == 2 }, "no ancestor: \(drawn.map(\.key))")
        for draw in drawn {
            let exact = view.screenPoint(forWorld: Point(x: Double(draw.key.tile.x) / 4, y: Double(draw.key.tile.y) / 4))
            // The picture's content lies where the tile does now.
            #expect(abs(draw.rect.minX + draw.key.phase.offset.x - exact.x) < 1e-9 && abs(draw.rect.minY + draw.key.phase.offset.y - exact.y) < 1e-9)
        }
    }

    /// A drag moves the map by whole pixels: the pictures painted while it
    /// rested still lie where their tiles do, so they stay, asked for in
    /// the plain tiles' place (no plain tile comes to replace them, and
    /// their labels stay); a tile that came into view meanwhile is asked
    /// for plain.
    @Test func pannedByWholePixelsAfterRestThePicturesPaintedAtRestStay() {
        var view = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 2, viewportSize: Size(width: 512, height: 512))
        view.pan(by: Point(x: 0.25, y: 0.75))
        var tiles = FakeTiles(asksForStandIns: false, paintsAtAnySize: true, offersLabels: true)
        let resting = TileLayer.build(camera: view, levels: 0...5, tiles: tiles, atRest: true).requests
        #expect(!resting.isEmpty && resting.allSatisfy { $0.isOwnSizeBase && $0.pixels == 256 })
        for key in resting { tiles.sized[key] = .loaded }
        view.pan(by: Point(x: 40, y: -3))
        let moving = TileLayer.build(camera: view, levels: 0...5, tiles: tiles, atRest: false)
        let drawn = moving.commands.compactMap { if case .tile(let draw) = $0 { draw } else { nil } }
        #expect(!drawn.isEmpty && drawn.allSatisfy { $0.key.pixels == 256 }, "\(drawn.map(\.key))")
        for draw in drawn {
            let exact = view.screenPoint(forWorld: Point(x: Double(draw.key.tile.x) / 4, y: Double(draw.key.tile.y) / 4))
            #expect(abs(draw.rect.minX + draw.key.phase.offset.x - exact.x) < 1e-9 && abs(draw.rect.minY + draw.key.phase.offset.y - exact.y) < 1e-9)
        }
        #expect(Set(moving.requests.filter { $0.pixels != nil }) == Set(drawn.map(\.key)))
        #expect(!moving.requests.contains { $0.isPlainBase && Set(drawn.map(\.key.tile)).contains($0.tile) },
                "no plain tile for a tile whose picture stays: \(moving.requests)")
        // Panned by a fraction of a pixel, the pictures no longer lie on the tiles' pixels: the plain tiles are asked for.
        view.pan(by: Point(x: 0.5, y: 0))
        #expect(TileLayer.build(camera: view, levels: 0...5, tiles: tiles, atRest: false).requests.allSatisfy { $0.isPlainBase })
    }

    /// At zoom 2.7 the tiles drawn are of level 3, but painted at rest from
    /// the data of style zoom 1 (level 2 tiles' data), as MapLibre draws at
    /// its zoom 1.7; so the labels come from level 2's tiles, which are asked
    /// for too, and until they come the level 3 tiles' own labels stand in.
    @Test func labelsComeFromTheLevelOfTheZoomRoundedDown() {
        let view = Camera(center: Coordinate(latitude: 20, longitude: 20), zoom: 2.7, viewportSize: Size(width: 500, height: 400))
        let cover = TileCover(camera: view, levels: 0...5)
        #expect(cover.level == 3)
        let tiles = FakeTiles(asksForStandIns: false, paintsAtAnySize: true, offersLabels: true)
        let requests = TileLayer.build(camera: view, levels: 0...5, tiles: tiles).requests.map(\.tile)
        let parents = Set(cover.placements.map { $0.tile.ancestor(at: 2) })
        #expect(parents.isSubset(of: Set(requests)), "\(requests)")
        #expect(Set(requests.filter { $0.z == 2 }) == parents)
        #expect(requests.count == Set(requests).count, "each once")

        var held = Dictionary(uniqueKeysWithValues: cover.placements.map { ($0.tile, 1) })
        #expect(Set(TileLayer.labelTiles(camera: view, levels: 0...5, held: held)) == Set(cover.placements.map(\.tile)),
                "the drawn tiles' labels stand in until their parents' come")
        for parent in parents { held[parent] = 2 }
        #expect(Set(TileLayer.labelTiles(camera: view, levels: 0...5, held: held)) == parents)

        let whole = Camera(center: Coordinate(latitude: 20, longitude: 20), zoom: 3.2, viewportSize: view.viewportSize)
        let drawn = TileLayer.build(camera: whole, levels: 0...5, tiles: tiles).requests.map(\.tile)
        #expect(drawn.allSatisfy { $0.z == 3 }, "zoom rounded down is the level drawn: nothing more is asked for")
        var images = tiles
        images.offersLabels = false
        #expect(TileLayer.build(camera: view, levels: 0...5, tiles: images).requests.allSatisfy { $0.tile.z == 3 })
    }
}
