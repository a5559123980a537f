/// A picture's pixels laid out for warping (`TrianglePicture.map`): in
/// blocks of 8 x 8, block after block, rather than row after row. A tilted,
/// turned map walks each tile along slanted lines; row by row, every step
/// would land in another row's memory, while in blocks eight steps share a
/// few cache lines. Made once, when a tile comes in.
///
/// Beside the picture it keeps smaller copies of it (mip levels), each half
/// the one before, every texel the mean of the four it stands for. Far
/// rows of a tilted map show several texels to a screen pixel: read from
/// the copy whose texels are about a pixel each, they read a quarter or a
/// sixteenth of the memory, and show the mean of what the pixel covers
/// rather than one texel of it (as a GPU's mipmaps do).
package struct TexelBlocks: Sendable {
    /// One size of the picture.
    struct Level: Sendable {
        let width: Int
        let height: Int
        let blocksPerRow: Int
        let texels: [UInt32]
    }

    package var width: Int { levels[0].width }
    package var height: Int { levels[0].height }
    /// Every pixel opaque, whatever its alpha byte says (as a renderer takes such a picture).
    package let isOpaque: Bool
    /// The picture, then each half-size copy; at least the picture.
    let levels: [Level]
    var blocksPerRow: Int { levels[0].blocksPerRow }
    var texels: [UInt32] { levels[0].texels }

    /// The most half-size copies kept: enough for the farthest rows MapLibre's pitch limit shows.
    static let mostCopies = 2

    /// The blocks of `argb` (`width` times `height` words, rows top to
    /// bottom), with half-size copies down to 8 pixels a side; nil when the
    /// sizes do not match it.
    package init?(argb: [UInt32], width: Int, height: Int, isOpaque: Bool) {
        guard width > 0, height > 0, argb.count == width * height else { return nil }
        self.isOpaque = isOpaque
        var levels = [TexelBlocks.blocks(argb, width: width, height: height)]
        var (rows, w, h) = (argb, width, height)
        while levels.count <= TexelBlocks.mostCopies, w >= 16, h >= 16 {
            (rows, w, h) = TexelBlocks.halved(rows, width: w, height: h, isOpaque: isOpaque)
            levels.append(TexelBlocks.blocks(rows, width: w, height: h))
        }
        self.levels = levels
    }

    private static func blocks(_ argb: [UInt32], width: Int, height: Int) -> Level {
        let perRow = (width + 7) / 8
        var texels = [UInt32](repeating: 0, count: perRow * ((height + 7) / 8) * 64)
        texels.withUnsafeMutableBufferPointer { blocks in
            argb.withUnsafeBufferPointer { rows in
                for v in 0..<height {
                    for u in 0..<width { blocks[TexelBlocks.index(u: u, v: v, blocksPerRow: perRow)] = rows[v * width + u] }
                }
            }
        }
        return Level(width: width, height: height, blocksPerRow: perRow, texels: texels)
    }

    /// Rows of `argb` at half the size (an odd last row or column left out):
    /// each texel's alpha the mean of its four, its colour their mean
    /// weighted by alpha, so clear texels lend no colour to an edge. The
    /// alpha bytes of an opaque picture are not read: its means are plain.
    static func halved(_ argb: [UInt32], width: Int, height: Int, isOpaque: Bool) -> ([UInt32], Int, Int) {
        let (w, h) = (width / 2, height / 2)
        var out = [UInt32](repeating: 0, count: w * h)
        argb.withUnsafeBufferPointer { rows in
            for y in 0..<h {
                for x in 0..<w {
                    let top = 2 * y * width + 2 * x, bottom = top + width
                    var four = (rows[top], rows[top + 1], rows[bottom], rows[bottom + 1])
                    if isOpaque { four = (four.0 | 0xFF00_0000, four.1 | 0xFF00_0000, four.2 | 0xFF00_0000, four.3 | 0xFF00_0000) }
                    out[y * w + x] = mean(four.0, four.1, four.2, four.3)
                }
            }
        }
        return (out, w, h)
    }

    @inline(__always)
    private static func mean(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
        let alphas = (a >> 24, b >> 24, c >> 24, d >> 24)
        let weight = alphas.0 + alphas.1 + alphas.2 + alphas.3
        guard weight > 0 else { return 0 }
        func channel(_ shift: UInt32) -> UInt32 {
            let sum = ((a >> shift) & 255) * alphas.0 + ((b >> shift) & 255) * alphas.1
                + ((c >> shift) & 255) * alphas.2 + ((d >> shift) & 255) * alphas.3
            return (sum + weight / 2) / weight
        }
        return ((weight + 2) / 4) << 24 | channel(16) << 16 | channel(8) << 8 | channel(0)
    }

    /// Where pixel (u, v) lies among the texels.
    @inline(__always)
    static func index(u: Int, v: Int, blocksPerRow: Int) -> Int {
        ((v >> 3) * blocksPerRow + (u >> 3)) << 6 | (v & 7) << 3 | (u & 7)
    }

    /// The bytes it holds, its copies too.
    package var byteCount: Int { levels.reduce(0) { $0 + $1.texels.count * 4 } }

    /// The bytes the blocks of a `width` x `height` picture would hold, its copies too, without making them.
    package static func byteCount(width: Int, height: Int) -> Int {
        guard width > 0, height > 0 else { return 0 }
        var (w, h, total, copies) = (width, height, 0, 0)
        while true {
            total += (w + 7) / 8 * ((h + 7) / 8) * 64 * 4
            guard copies < mostCopies, w >= 16, h >= 16 else { return total }
            (w, h, copies) = (w / 2, h / 2, copies + 1)
        }
    }
}
