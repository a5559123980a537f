import Testing
@testable import MapEngine

/// The one home of ancestor maths: the nearest ancestor that qualifies, and the part of it a tile covers.
@Suite struct TileAncestryTests {
    @Test func theNearestQualifyingAncestorAndThePartItCovers() {
        let loaded: Set<TileID> = [TileID(z: 0, x: 0, y: 0), TileID(z: 2, x: 2, y: 1)]
        let tile = TileID(z: 4, x: 11, y: 6)
        let ancestor = tile.nearestAncestor(levelsUp: 5) { loaded.contains($0) }
        #expect(ancestor == TileID(z: 2, x: 2, y: 1))
        // 4/11/6 is column 3, row 2 of the 4x4 grid inside 2/2/1: 64 px cells.
        #expect(tile.rect(in: TileID(z: 2, x: 2, y: 1), pixels: 256) == Rect(x: 192, y: 128, width: 64, height: 64))
    }

    @Test func unloadedLevelsAreSkipped() {
        let tile = TileID(z: 3, x: 5, y: 2)
        #expect(tile.nearestAncestor(levelsUp: 5) { $0.z == 0 } == TileID(z: 0, x: 0, y: 0))
        #expect(tile.rect(in: TileID(z: 0, x: 0, y: 0), pixels: 256) == Rect(x: 160, y: 64, width: 32, height: 32))
    }

    @Test func itLooksNoFurtherThanAllowed() {
        #expect(TileID(z: 6, x: 0, y: 0).nearestAncestor(levelsUp: 3) { $0.z == 2 } == nil)
        #expect(TileID(z: 0, x: 0, y: 0).nearestAncestor(levelsUp: 5) { _ in true } == nil)
    }

    @Test func aTileIsTheWholeOfItself() {
        let tile = TileID(z: 7, x: 3, y: 9)
        #expect(tile.part(of: tile) == (0, 0, 1))
        #expect(tile.rect(in: tile, pixels: 512) == Rect(x: 0, y: 0, width: 512, height: 512))
    }

    @Test func thePartIsTheSameForEveryImageSize() {
        let tile = TileID(z: 9, x: 301, y: 170), ancestor = TileID(z: 6, x: 37, y: 21)
        let part = tile.part(of: ancestor)
        #expect(part == (5.0 / 8, 2.0 / 8, 1.0 / 8))
        #expect(tile.rect(in: ancestor, pixels: 1024) == Rect(x: 640, y: 256, width: 128, height: 128))
    }
}
