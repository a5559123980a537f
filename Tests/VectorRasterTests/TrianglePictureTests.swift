import MapEngine
import MapKitLayer
import Testing
@testable import VectorRaster

/// Triangles drawn on the processor: which pixels, what colours, and the
/// region a renderer must upload.
@Suite struct TrianglePictureTests {
    private let red = Color(rgba: 255, 0, 0, 255)
    private let blue = Color(rgba: 0, 0, 255, 255)

    private func count(_ picture: TrianglePicture, where test: (UInt32) -> Bool) -> Int {
        picture.pixels.reduce(0) { $0 + (test($1) ? 1 : 0) }
    }

    @Test func aSquareOfTwoTrianglesCoversEachPixelOnce() {
        // Translucent, so a pixel drawn twice would come out darker than one drawn once.
        var picture = TrianglePicture(width: 20, height: 20)
        let half = Color(rgba: 0, 0, 0, 128)
        let points = [Point(x: 2.3, y: 3.7), Point(x: 15.2, y: 2.1), Point(x: 17.9, y: 16.4), Point(x: 1.6, y: 14.8)]
        picture.fill(points: points, colors: Array(repeating: half, count: 4), indices: [0, 1, 2, 0, 2, 3])
        let alphas = Set(picture.pixels.map { $0 >> 24 })
        #expect(alphas == [0, 128], "every pixel drawn at most once: \(alphas.sorted())")
        // The quad's area, give or take its outline's pixels.
        let drawn = count(picture) { $0 >> 24 > 0 }
        let area = 0.5 * abs((points[2].x - points[0].x) * (points[3].y - points[1].y) - (points[3].x - points[1].x) * (points[2].y - points[0].y))
        #expect(abs(Double(drawn) - area) < 20, "\(drawn) pixels for an area of \(area)")
    }

    @Test func aPixelIsDrawnWhenItsCentreIsInside() {
        var picture = TrianglePicture(width: 4, height: 4)
        // A right triangle below the diagonal from (0, 0) to (4, 4): the centres on the diagonal lie on its right edge, which is left out.
        picture.fill(points: [Point(x: 0, y: 0), Point(x: 4, y: 4), Point(x: 0, y: 4)], colors: [red, red, red], indices: [0, 1, 2])
        for y in 0..<4 {
            for x in 0..<4 {
                #expect((picture.pixels[y * 4 + x] != 0) == (x < y), "pixel \(x), \(y)")
            }
        }
        #expect(picture.pixels[3 * 4 + 0] == 0xFFFF_0000, "opaque red as ARGB")
        #expect(picture.pixels[0 * 4 + 3] == 0, "above the diagonal stays clear")
    }

    @Test func coloursShadeFromCornerToCorner() {
        var picture = TrianglePicture(width: 101, height: 10)
        let points = [Point(x: 0, y: 0), Point(x: 101, y: 0), Point(x: 101, y: 10), Point(x: 0, y: 10)]
        picture.fill(points: points, colors: [red, blue, blue, red], indices: [0, 1, 2, 0, 2, 3])
        func channels(_ x: Int) -> (red: UInt32, blue: UInt32) {
            let word = picture.pixels[5 * 101 + x]
            return ((word >> 16) & 255, word & 255)
        }
        #expect(channels(0).red > 250 && channels(0).blue < 5)
        #expect(channels(100).blue > 250 && channels(100).red < 5)
        let middle = channels(50)
        #expect(abs(Int(middle.red) - 127) <= 2 && abs(Int(middle.blue) - 127) <= 2, "halfway: \(middle)")
    }

    /// A layer laid over a picture at an opacity is one sheet: where two of
    /// its faces overlap, what lies below shows through once, not twice.
    @Test func aLayerIsLaidAsOneSheetAtItsOpacityAndCleared() {
        let square = [Point(x: 0, y: 0), Point(x: 128, y: 0), Point(x: 128, y: 160), Point(x: 0, y: 160)]
        var ground = TrianglePicture(width: 128, height: 160)
        ground.fill(points: square, colors: Array(repeating: blue, count: 4), indices: [0, 1, 2, 0, 2, 3])
        var layer = TrianglePicture(width: 128, height: 160)
        // Two red faces, the second over half of the first, on the top half; a clear picture beside for the general case.
        layer.fill(points: [Point(x: 0, y: 0), Point(x: 128, y: 0), Point(x: 128, y: 80), Point(x: 0, y: 80)],
                   colors: Array(repeating: red, count: 4), indices: [0, 1, 2, 0, 2, 3, 0, 1, 2])
        ground.lay(&layer, opacity: 0.5)
        // (10, 70) lies under one face, (120, 10) under two.
        let over = ground.pixels[70 * 128 + 10], twice = ground.pixels[10 * 128 + 120], below = ground.pixels[120 * 128 + 64]
        #expect(over == twice, "overlapping faces show the ground once")
        #expect(over >> 24 == 255 && abs(Int((over >> 16) & 255) - 128) <= 1 && abs(Int(over & 255) - 127) <= 1, "\(String(over, radix: 16))")
        #expect(below == 0xFF00_00FF, "beyond the layer the ground stands")
        #expect(layer.drawn == nil && layer.pixels.allSatisfy { $0 == 0 }, "the layer is cleared")
        // Over a clear picture, the layer's colour at its opacity.
        var clear = TrianglePicture(width: 128, height: 160)
        layer.fill(points: square, colors: Array(repeating: red, count: 4), indices: [0, 1, 2])
        clear.lay(&layer, opacity: 0.5)
        #expect(clear.pixels[10 * 128 + 120] >> 24 == 128 && (clear.pixels[10 * 128 + 120] >> 16) & 255 == 255)
    }

    /// A haze laid row by row: each row its colour at the row's centre, over what is there.
    @Test func aGradientShadesEachRowOverThePicture() {
        let white = Color(rgba: 255, 255, 255, 255)
        var picture = TrianglePicture(width: 10, height: 20)
        let square = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 20), Point(x: 0, y: 20)]
        picture.fill(points: square, colors: Array(repeating: white, count: 4), indices: [0, 1, 2, 0, 2, 3])
        let gradient = RowGradient(Rect(x: 0, y: 0, width: 10, height: 20), top: Color(rgba: 0, 0, 0, 255),
                                   bottom: Color(rgba: 0, 0, 0, 0))
        picture.shade(gradient)
        let greys = (0..<20).map { Int(picture.pixels[$0 * 10 + 5] & 255) }
        #expect(zip(greys, greys.dropFirst()).allSatisfy { $0 < $1 }, "lighter row by row: \(greys)")
        for row in [0, 7, 19] {
            let expected = 255 - Int(gradient.color(atRow: row).alpha)
            #expect(abs(greys[row] - expected) <= 1, "row \(row): \(greys[row]) for \(expected)")
        }
    }

    @Test func laterTrianglesCoverEarlierOnes() {
        var picture = TrianglePicture(width: 10, height: 10)
        let square = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)]
        picture.fill(points: square, colors: Array(repeating: red, count: 4), indices: [0, 1, 2, 0, 2, 3])
        picture.fill(points: square, colors: Array(repeating: blue, count: 4), indices: [0, 1, 2])
        #expect(picture.pixels[1 * 10 + 8] == 0xFF00_00FF, "the second triangle on top")
        #expect(picture.pixels[8 * 10 + 1] == 0xFFFF_0000, "the first where the second is not")
    }

    @Test func theDrawnRegionIsWhatWasDrawnAndClearingEmptiesIt() {
        var picture = TrianglePicture(width: 50, height: 40)
        #expect(picture.drawn == nil)
        picture.fill(points: [Point(x: 10, y: 5), Point(x: 30, y: 5), Point(x: 10, y: 25)], colors: [red, red, red], indices: [0, 1, 2])
        let drawn = try! #require(picture.drawn)
        #expect(drawn.columns == 10..<30 && drawn.rows == 5..<25, "\(drawn)")
        picture.fade(to: 0.5)
        #expect(picture.pixels[10 * 50 + 12] >> 24 == 127 || picture.pixels[10 * 50 + 12] >> 24 == 128, "faded to half")
        picture.clear()
        #expect(picture.drawn == nil)
        #expect(picture.pixels.allSatisfy { $0 == 0 })
    }

    @Test func fillingFadedInOnePassEqualsFillingThenFading() {
        // Overlapping faces, one shaded from corner to corner, as a layer of buildings draws them.
        let points = [Point(x: 2, y: 1), Point(x: 40, y: 3), Point(x: 5, y: 30), Point(x: 10, y: 8), Point(x: 45, y: 25),
                      Point(x: 20, y: 35)]
        let shaded = Color(rgba: 40, 200, 90, 255)
        let colors = [red, red, red, blue, shaded, blue]
        let indices: [Int32] = [0, 1, 2, 3, 4, 5]
        for opacity in [0.8, 0.35, 1.0] {
            var twoPasses = TrianglePicture(width: 48, height: 40)
            twoPasses.fill(points: points, colors: colors, indices: indices)
            twoPasses.fade(to: opacity)
            var onePass = TrianglePicture(width: 48, height: 40)
            let oneDrew = onePass.fill(points: points, colors: colors, indices: indices, fadedTo: opacity)
            #expect(oneDrew)
            #expect(onePass.pixels == twoPasses.pixels, "opacity \(opacity)")
            #expect(onePass.drawn?.columns == twoPasses.drawn?.columns && onePass.drawn?.rows == twoPasses.drawn?.rows)
        }
        var translucent = TrianglePicture(width: 48, height: 40)
        let glass = Color(rgba: 0, 0, 255, 128)
        let drew = translucent.fill(points: points, colors: [red, red, red, glass, glass, glass], indices: indices, fadedTo: 0.5)
        #expect(!drew, "translucent faces blend with one another: two passes")
        #expect(translucent.drawn == nil)
    }

    @Test func trianglesReachingFarOutsideAreClippedAndBrokenOnesLeftOut() {
        var picture = TrianglePicture(width: 16, height: 16)
        let points = [Point(x: -1e12, y: -5), Point(x: 1e12, y: -5), Point(x: 8, y: 1e15),
                      Point(x: .nan, y: 3), Point(x: .infinity, y: 3)]
        picture.fill(points: points, colors: Array(repeating: red, count: 5), indices: [0, 1, 2, 0, 3, 4, 1, 2, 99, 0, 1])
        #expect(count(picture) { $0 != 0 } > 0, "the huge triangle covers some of the picture")
        let drawn = try! #require(picture.drawn)
        #expect(drawn.columns.lowerBound >= 0 && drawn.columns.upperBound <= 16 && drawn.rows.upperBound <= 16)
        var empty = TrianglePicture(width: 8, height: 8)
        empty.fill(points: [Point(x: 1, y: 1), Point(x: 5, y: 5), Point(x: 3, y: 3)], colors: [red, red, red], indices: [0, 1, 2])
        #expect(empty.drawn == nil, "a triangle without area draws nothing")
        empty.fill(points: [Point(x: 1, y: 1)], colors: [], indices: [0, 0, 0])
        #expect(empty.drawn == nil, "points without colours draw nothing")
    }

    /// A 2 x 2 picture: red, green / blue, translucent white (its alpha byte 0x80).
    private func quarters(opaque: Bool = false) -> TexelBlocks {
        TexelBlocks(argb: [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0x80FF_FFFF], width: 2, height: 2, isOpaque: opaque)!
    }

    /// A mesh of `cells` squares a side over the square from `origin`, `side` pixels wide, turned a quarter when asked.
    private func mesh(cells: Int, origin: Point, side: Double, quarterTurn: Bool = false) -> TileMesh {
        var points: [Point] = []
        for row in 0...cells {
            for column in 0...cells {
                let u = Double(column) / Double(cells), v = Double(row) / Double(cells)
                // A quarter turn clockwise: the picture's top edge runs down the right side.
                let (x, y) = quarterTurn ? (1 - v, u) : (u, v)
                points.append(Point(x: origin.x + x * side, y: origin.y + y * side))
            }
        }
        return TileMesh(cells: cells, points: points)
    }

    @Test func aPictureWarpedOntoAMeshShowsEachPixelWhereItBelongs() {
        var picture = TrianglePicture(width: 20, height: 20)
        picture.map(quarters(), source: Rect(x: 0, y: 0, width: 2, height: 2),
                    onto: mesh(cells: 3, origin: Point(x: 0, y: 0), side: 20))
        #expect(picture.pixels[2 * 20 + 2] == 0xFFFF_0000, "top left red")
        #expect(picture.pixels[2 * 20 + 17] == 0xFF00_FF00, "top right green")
        #expect(picture.pixels[17 * 20 + 2] == 0xFF00_00FF, "bottom left blue")
        #expect(picture.pixels[17 * 20 + 17] >> 24 == 0x80, "bottom right laid over clear: still half transparent")
        #expect(picture.drawn?.columns == 0..<20 && picture.drawn?.rows == 0..<20)
        // Every pixel drawn once: no seam between the mesh's triangles.
        #expect(picture.pixels.allSatisfy { $0 != 0 })
    }

    @Test func aTurnedMeshTurnsThePicture() {
        var picture = TrianglePicture(width: 20, height: 20)
        picture.map(quarters(opaque: true), source: Rect(x: 0, y: 0, width: 2, height: 2),
                    onto: mesh(cells: 1, origin: Point(x: 0, y: 0), side: 20, quarterTurn: true))
        #expect(picture.pixels[2 * 20 + 17] == 0xFFFF_0000, "red, the top left, is now top right")
        #expect(picture.pixels[17 * 20 + 17] == 0xFF00_FF00, "green below it")
        #expect(picture.pixels[2 * 20 + 2] == 0xFF00_00FF, "blue, the bottom left, is now top left")
        #expect(picture.pixels[17 * 20 + 2] == 0xFFFF_FFFF, "an opaque picture's alpha bytes are not read")
    }

    @Test func blocksHoldEveryPixelOfAPictureOfAnySize() throws {
        // 11 x 9: blocks padded past both edges.
        let argb = (0..<99).map { UInt32($0) | 0xFF00_0000 }
        let blocks = try #require(TexelBlocks(argb: argb, width: 11, height: 9, isOpaque: true))
        for v in 0..<9 {
            for u in 0..<11 {
                #expect(blocks.texels[TexelBlocks.index(u: u, v: v, blocksPerRow: blocks.blocksPerRow)] == argb[v * 11 + u])
            }
        }
    }

    @Test func theBytesOfBlocksNotYetMadeAreThoseTheyWillHold() throws {
        for (width, height) in [(11, 9), (256, 256), (512, 512), (300, 17), (16, 16)] {
            let blocks = try #require(TexelBlocks(argb: [UInt32](repeating: 0, count: width * height), width: width, height: height,
                                                  isOpaque: true))
            #expect(TexelBlocks.byteCount(width: width, height: height) == blocks.byteCount, "\(width)x\(height)")
        }
    }

    @Test func aCoveredPictureStaysOpaqueUntilCleared() {
        var picture = TrianglePicture(width: 6, height: 4)
        #expect(!picture.isOpaque)
        picture.cover(with: Color(rgba: 10, 20, 30, 255))
        #expect(picture.isOpaque && picture.pixels.allSatisfy { $0 == 0xFF0A_141E })
        #expect(picture.drawn?.columns == 0..<6 && picture.drawn?.rows == 0..<4, "the whole picture is to be copied")
        // Translucent faces laid over it leave it opaque.
        let half = Color(rgba: 255, 255, 255, 128)
        picture.fill(points: [Point(x: 0, y: 0), Point(x: 6, y: 0), Point(x: 0, y: 4)], colors: [half, half, half], indices: [0, 1, 2])
        #expect(picture.pixels.allSatisfy { $0 >> 24 == 255 })
        #expect(picture.pixels[0] != 0xFF0A_141E, "the face shows")
        picture.clear()
        #expect(!picture.isOpaque && picture.pixels.allSatisfy { $0 == 0 })
    }

    /// A 64 x 64 picture of one-texel stripes: red and blue columns, alternating.
    private func stripes() -> TexelBlocks {
        TexelBlocks(argb: (0..<4096).map { $0 % 2 == 0 ? 0xFFFF_0000 : 0xFF00_00FF }, width: 64, height: 64, isOpaque: true)!
    }

    @Test func halfSizeCopiesHoldTheMeanOfTheirFourTexels() throws {
        let blocks = stripes()
        #expect(blocks.levels.map(\.width) == [64, 32, 16], "the picture, then two halvings")
        #expect(blocks.byteCount == (64 * 64 + 32 * 32 + 16 * 16) * 4, "the copies are counted")
        let half = blocks.levels[1]
        #expect(half.texels[TexelBlocks.index(u: 5, v: 7, blocksPerRow: half.blocksPerRow)] == 0xFF80_0080, "red and blue mixed")
        // Clear texels lend no colour: a red texel beside three clear ones stays red, at a quarter of the alpha.
        let edge = TexelBlocks.halved([0xFFFF_0000, 0x0000_FF00, 0x0000_FF00, 0x0000_FF00], width: 2, height: 2, isOpaque: false)
        #expect(edge.0 == [0x40FF_0000])
        // An opaque picture's alpha bytes are not read: its mean is plain.
        let opaque = TexelBlocks.halved([0x00FF_0000, 0x0000_00FF, 0x00FF_0000, 0x0000_00FF], width: 2, height: 2, isOpaque: true)
        #expect(opaque.0 == [0xFF80_0080])
        #expect(TexelBlocks(argb: [1, 2, 3, 4], width: 2, height: 2, isOpaque: true)?.levels.count == 1, "too small to halve")
    }

    @Test func aShrunkPictureIsReadFromTheCopyOfItsSize() {
        // 64 texels a side drawn on 32 pixels: four texels a pixel, read from the half-size copy (purple).
        var shrunk = TrianglePicture(width: 32, height: 32)
        shrunk.map(stripes(), source: Rect(x: 0, y: 0, width: 64, height: 64), onto: mesh(cells: 2, origin: .zero, side: 32))
        #expect(shrunk.pixels.allSatisfy { $0 == 0xFF80_0080 }, "every pixel the mean of red and blue")
        // On 40 pixels, 2.6 texels a pixel: nearer the half-size copy's one than the picture's one.
        var between = TrianglePicture(width: 40, height: 40)
        between.map(stripes(), source: Rect(x: 0, y: 0, width: 64, height: 64), onto: mesh(cells: 2, origin: .zero, side: 40))
        #expect(between.pixels.allSatisfy { $0 == 0xFF80_0080 })
        // On 48 pixels, under two texels a pixel: the picture's own stripes.
        var near = TrianglePicture(width: 48, height: 48)
        near.map(stripes(), source: Rect(x: 0, y: 0, width: 64, height: 64), onto: mesh(cells: 2, origin: .zero, side: 48))
        #expect(Set(near.pixels) == [0xFFFF_0000, 0xFF00_00FF])
        // On 8 pixels, eight texels and more a pixel: the quarter-size copy, still the mean.
        var far = TrianglePicture(width: 8, height: 8)
        far.map(stripes(), source: Rect(x: 0, y: 0, width: 64, height: 64), onto: mesh(cells: 1, origin: .zero, side: 8))
        #expect(far.pixels.allSatisfy { $0 == 0xFF80_0080 })
        // Only part of the picture shown (its right half), shrunk: the copy's texels of that part.
        var part = TrianglePicture(width: 16, height: 16)
        part.map(stripes(), source: Rect(x: 32, y: 0, width: 32, height: 64), onto: mesh(cells: 1, origin: .zero, side: 16))
        #expect(part.pixels.allSatisfy { $0 == 0xFF80_0080 })
    }

    @Test func onlyTheSourceRectangleIsShownAndBrokenMeshesDrawNothing() {
        var picture = TrianglePicture(width: 10, height: 10)
        // The source is the picture's right column: green over translucent white.
        picture.map(quarters(), source: Rect(x: 1, y: 0, width: 1, height: 1),
                    onto: mesh(cells: 2, origin: Point(x: -3, y: -3), side: 16))
        #expect(picture.pixels.allSatisfy { $0 == 0xFF00_FF00 }, "green everywhere, clipped to the picture")
        var empty = TrianglePicture(width: 10, height: 10)
        empty.map(quarters(), source: Rect(x: 0, y: 0, width: 2, height: 2),
                  onto: TileMesh(cells: 2, points: [Point(x: 0, y: 0)]))
        empty.map(quarters(), source: Rect(x: 0, y: 0, width: .nan, height: 2),
                  onto: mesh(cells: 1, origin: .zero, side: 10))
        empty.map(quarters(), source: Rect(x: 5, y: 5, width: 2, height: 2), onto: mesh(cells: 1, origin: .zero, side: 10))
        #expect(TexelBlocks(argb: [1, 2, 3], width: 2, height: 2, isOpaque: true) == nil, "sizes that do not match")
        var nanMesh = mesh(cells: 1, origin: .zero, side: 10)
        nanMesh.points[0] = Point(x: .nan, y: 0)
        empty.map(quarters(), source: Rect(x: 0, y: 0, width: 2, height: 2), onto: nanMesh)
        #expect(empty.drawn == nil)
        // A source reaching absurdly far is clamped to the picture's texels (here its left column).
        var far = TrianglePicture(width: 10, height: 10)
        far.map(quarters(), source: Rect(x: -1e300, y: 0, width: 1e300, height: 2), onto: mesh(cells: 1, origin: .zero, side: 10))
        #expect(far.pixels.allSatisfy { $0 == 0xFFFF_0000 || $0 == 0xFF00_00FF })
    }

    @Test func aTallPictureDrawnInBandsHasNoSeamBetweenThem() {
        // Tall enough to be drawn in bands, one a core; triangles reaching across every band's border.
        var picture = TrianglePicture(width: 64, height: 300)
        let half = Color(rgba: 0, 0, 0, 128)
        let points = [Point(x: 3.3, y: 1.7), Point(x: 60.2, y: 5.1), Point(x: 58.9, y: 297.4), Point(x: 2.6, y: 290.8)]
        picture.fill(points: points, colors: Array(repeating: half, count: 4), indices: [0, 1, 2, 0, 2, 3])
        #expect(Set(picture.pixels.map { $0 >> 24 }) == [0, 128], "every pixel drawn at most once")
        for row in stride(from: 10, to: 285, by: 1) {
            #expect(picture.pixels[row * 64 + 30] >> 24 == 128, "row \(row) drawn")
        }
        #expect(picture.drawn?.rows == 2..<297, "rows whose centres lie between 1.7 and 297.4")
    }
}
