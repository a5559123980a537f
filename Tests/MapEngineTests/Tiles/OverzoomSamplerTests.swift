import Testing
@testable import MapEngine

/// Tiles made past the source's last level from the deepest ancestor.
@Suite struct OverzoomSamplerTests {
    /// A 4 x 4 ancestor: left half red, right half blue, all opaque.
    let halves: [UInt32] = (0..<16).map { $0 % 4 < 2 ? 0xFFFF_0000 : 0xFF00_00FF }

    @Test func aChildShowsItsQuarterEnlarged() {
        let parent = TileID(z: 5, x: 10, y: 10)
        let left = OverzoomSampler.enlarge(halves, width: 4, height: 4, from: parent, to: TileID(z: 6, x: 20, y: 20))
        let right = OverzoomSampler.enlarge(halves, width: 4, height: 4, from: parent, to: TileID(z: 6, x: 21, y: 21))
        #expect(left.count == 16 && right.count == 16)
        #expect(left[0] == 0xFFFF_0000 && right[15] == 0xFF00_00FF)
        // The child's outer columns are far from the split: pure colours.
        #expect(left.enumerated().filter { $0.offset % 4 == 0 }.allSatisfy { $0.element == 0xFFFF_0000 })
    }

    @Test func fifteenLevelsDownIsOneSmoothColour() {
        let parent = TileID(z: 5, x: 0, y: 0)
        let deep = TileID(z: 20, x: 3 << 13, y: 0)  // inside the blue half, away from the split
        let pixels = OverzoomSampler.enlarge(halves, width: 4, height: 4, from: parent, to: deep)
        #expect(Set(pixels) == [0xFF00_00FF])
    }

    @Test func theSplitIsBlendedNotStepped() {
        let parent = TileID(z: 0, x: 0, y: 0)
        let middle = OverzoomSampler.enlarge(halves, width: 4, height: 4, from: parent, to: TileID(z: 1, x: 0, y: 0))
        // Towards the split (x = 1 of the parent) the red fades into blue.
        let row = Array(middle[0..<4])
        let reds = row.map { ($0 >> 16) & 0xFF }
        #expect(reds == reds.sorted(by: >) && reds.first == 255 && reds.last! < 255)
    }

    @Test func transparentNeighboursDoNotDarkenAnEdge() {
        // White opaque left half, fully transparent black right half.
        let edge: [UInt32] = (0..<16).map { $0 % 4 < 2 ? 0xFFFF_FFFF : 0x0000_0000 }
        let out = OverzoomSampler.enlarge(edge, width: 4, height: 4, from: TileID(z: 0, x: 0, y: 0),
                                          to: TileID(z: 1, x: 0, y: 0))
        for pixel in out where pixel >> 24 > 0 {
            #expect(pixel & 0x00FF_FFFF == 0x00FF_FFFF, "colour stays white as alpha falls")
        }
    }
}
