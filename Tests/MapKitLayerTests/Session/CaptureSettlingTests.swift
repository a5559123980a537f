import Testing
@testable import MapEngine
@testable import MapKitLayer

@Suite struct CaptureSettlingTests {
    let own = [TileID(z: 3, x: 1, y: 1), TileID(z: 3, x: 2, y: 1)].map { TileKey(tile: $0) }
    let standIn = TileKey(tile: TileID(z: 2, x: 0, y: 0))
    let overlay = TileKey(tile: TileID(z: 3, x: 1, y: 1), layer: .overlay(.aboveRoads, version: 1))
    let sharp = TileKey(tile: TileID(z: 3, x: 1, y: 1), pixels: 300)

    struct Statuses: TileStatusProviding {
        var of: [TileKey: TileStatus]
        func status(of key: TileKey) -> TileStatus? { of[key] }
    }

    @Test func aCaptureWaitsForTheViewsOwnTilesOverlaysAndSharpTilesButNotStandIns() {
        let requests = [standIn] + own + [overlay, sharp]
        let tiles = Statuses(of: Dictionary(uniqueKeysWithValues: requests.map { ($0, TileStatus.loading) }))
        #expect(CaptureSettling().awaited(requests, tiles: tiles) == own + [overlay, sharp])
    }

    @Test func aMissingTileOfTheViewMakesItWaitForTheStandInsToo() {
        let requests = [standIn] + own
        var statuses = Dictionary(uniqueKeysWithValues: requests.map { ($0, TileStatus.loading) })
        statuses[own[0]] = .missing
        #expect(CaptureSettling().awaited(requests, tiles: Statuses(of: statuses)) == [standIn, own[1]])
    }

    @Test func tilesGivenUpOnAreNotWaitedForAgain() {
        var settling = CaptureSettling()
        let tiles = Statuses(of: Dictionary(uniqueKeysWithValues: own.map { ($0, TileStatus.loading) }))
        settling.abandon([own[0]])
        #expect(settling.awaited(own, tiles: tiles) == [own[1]])
    }

    /// Painted vector tiles ask for no stand-ins: a lower level asked for is
    /// where the labels and buildings come from (or a tilted map's far
    /// tiles), and the picture waits for it.
    @Test func withoutStandInsEveryTileAskedForIsWaitedFor() {
        struct Painted: TileStatusProviding {
            var asksForStandIns: Bool { false }
            func status(of key: TileKey) -> TileStatus? { .loading }
        }
        let labelTile = TileKey(tile: TileID(z: 2, x: 0, y: 0))
        #expect(CaptureSettling().awaited(own + [labelTile], tiles: Painted()) == own + [labelTile])
    }
}
