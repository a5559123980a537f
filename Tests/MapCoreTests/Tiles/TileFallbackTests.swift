import Testing
@testable import MapCore

@Suite struct TileFallbackTests {
    @Test func usesTheNearestLoadedAncestor() {
        let loaded: Set<TileID> = [TileID(z: 0, x: 0, y: 0), TileID(z: 2, x: 2, y: 1)]
        let fallback = TileFallback.nearest(for: TileID(z: 4, x: 11, y: 6), maxLevelsUp: 5,
                                            isLoaded: { loaded.contains($0) })
        #expect(fallback?.ancestor == TileID(z: 2, x: 2, y: 1))
        // 4/11/6 is column 3, row 2 of the 4x4 grid inside 2/2/1: 64 px cells.
        #expect(fallback?.sourceRect == Rect(x: 192, y: 128, width: 64, height: 64))
    }

    @Test func skipsUnloadedLevels() {
        let fallback = TileFallback.nearest(for: TileID(z: 3, x: 5, y: 2), maxLevelsUp: 5,
                                            isLoaded: { $0.z == 0 })
        #expect(fallback?.ancestor == TileID(z: 0, x: 0, y: 0))
        #expect(fallback?.sourceRect == Rect(x: 160, y: 64, width: 32, height: 32))
    }

    @Test func looksNoFurtherThanAllowed() {
        let fallback = TileFallback.nearest(for: TileID(z: 6, x: 0, y: 0), maxLevelsUp: 3,
                                            isLoaded: { $0.z == 2 })
        #expect(fallback == nil)
    }

    @Test func zoomZeroHasNoAncestor() {
        #expect(TileFallback.nearest(for: TileID(z: 0, x: 0, y: 0), maxLevelsUp: 5, isLoaded: { _ in true }) == nil)
    }
}
