/// A picture's pixels laid out for warping (`TrianglePicture.map`): in
/// blocks of 8 x 8, block after block, rather than row after row. A tilted,
/// turned map walks each tile along slanted lines; row by row, every step
/// would land in another row's memory, while in blocks eight steps share a
/// few cache lines. Made once, when a tile comes in.
package struct TexelBlocks: Sendable {
    package let width: Int
    package let height: Int
    /// Every pixel opaque, whatever its alpha byte says (as a renderer takes such a picture).
    package let isOpaque: Bool
    let blocksPerRow: Int
    let texels: [UInt32]

    /// The blocks of `argb` (`width` times `height` words, rows top to
    /// bottom); nil when the sizes do not match it.
    package init?(argb: [UInt32], width: Int, height: Int, isOpaque: Bool) {
        guard width > 0, height > 0, argb.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.isOpaque = isOpaque
        let perRow = (width + 7) / 8
        blocksPerRow = perRow
        var texels = [UInt32](repeating: 0, count: perRow * ((height + 7) / 8) * 64)
        texels.withUnsafeMutableBufferPointer { blocks in
            argb.withUnsafeBufferPointer { rows in
                for v in 0..<height {
                    for u in 0..<width { blocks[TexelBlocks.index(u: u, v: v, blocksPerRow: perRow)] = rows[v * width + u] }
                }
            }
        }
        self.texels = texels
    }

    /// Where pixel (u, v) lies among the texels.
    @inline(__always)
    static func index(u: Int, v: Int, blocksPerRow: Int) -> Int {
        ((v >> 3) * blocksPerRow + (u >> 3)) << 6 | (v & 7) << 3 | (u & 7)
    }

    /// The bytes it holds.
    package var byteCount: Int { texels.count * 4 }
}
