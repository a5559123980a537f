import Testing
@testable import MapEngine

@Suite struct TileIDTests {
    @Test func anAncestorIsTheTileThatHoldsThisOneAtThatLevel() {
        let tile = TileID(z: 12, x: 2149, y: 1458)
        #expect(tile.ancestor(at: 10) == TileID(z: 10, x: 537, y: 364))
        #expect(tile.ancestor(at: 11) == tile.parent)
        #expect(tile.ancestor(at: 0) == TileID(z: 0, x: 0, y: 0))
        #expect(tile.ancestor(at: -3) == TileID(z: 0, x: 0, y: 0))
        #expect(tile.ancestor(at: 12) == tile && tile.ancestor(at: 15) == tile, "a tile holds itself; it has no deeper ancestor")
    }
}
