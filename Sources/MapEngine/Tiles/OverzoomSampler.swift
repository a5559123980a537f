/// Makes a tile deeper than any the source holds out of the part of its
/// deepest ancestor that covers it, enlarged with bilinear filtering to a
/// tile of the ancestor's own pixel size.
///
/// Drawing the ancestor itself, enlarged 2^d times, would ask the renderer
/// for a destination tens of thousands of pixels wide at zoom 12 and more
/// (and a source rectangle smaller than a pixel at zoom 20). Made this way,
/// a frame at zoom 20 draws tiles of ordinary size, costs what a frame at
/// the source's last level costs, and looks the same in every renderer.
///
///     let pixels = OverzoomSampler.enlarge(ancestorPixels, width: 256, height: 256,
///                                          from: TileID(z: 5, x: 16, y: 11), to: TileID(z: 12, x: 2074, y: 1409))
package enum OverzoomSampler {
    /// `pixels` are ARGB words, row by row, of the ancestor tile; the
    /// result has the same size. `tile` must lie below `ancestor`.
    package static func enlarge(_ pixels: [UInt32], width: Int, height: Int,
                               from ancestor: TileID, to tile: TileID) -> [UInt32] {
        precondition(pixels.count == width * height && tile.z > ancestor.z, "not a tile below its ancestor")
        let part = tile.part(of: ancestor)
        let columns = taps(count: width, start: part.x, part: part.side)
        let rows = taps(count: height, start: part.y, part: part.side)
        var out = [UInt32](repeating: 0, count: width * height)
        out.withUnsafeMutableBufferPointer { out in
            pixels.withUnsafeBufferPointer { source in
                for (j, row) in rows.enumerated() {
                    let upper = row.first * width, lower = row.second * width
                    for (i, column) in columns.enumerated() {
                        let a = source[upper + column.first], b = source[upper + column.second]
                        let c = source[lower + column.first], d = source[lower + column.second]
                        out[j * width + i] = blend(a, b, c, d, fx: column.weight, fy: row.weight)
                    }
                }
            }
        }
        return out
    }

    /// For each output pixel along one side: the two source pixels around
    /// its centre and how far it lies towards the second.
    private struct Tap { let first: Int; let second: Int; let weight: Double }

    private static func taps(count: Int, start: Double, part: Double) -> [Tap] {
        (0..<count).map { i in
            let centre = (start + (Double(i) + 0.5) / Double(count) * part) * Double(count) - 0.5
            let clamped = min(max(centre, 0), Double(count - 1))
            let first = Int(clamped.rounded(.down))
            return Tap(first: first, second: min(first + 1, count - 1), weight: clamped - Double(first))
        }
    }

    /// Bilinear mix of four ARGB pixels, in premultiplied alpha so that
    /// transparent neighbours do not darken an edge.
    private static func blend(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, fx: Double, fy: Double) -> UInt32 {
        if a == b && a == c && a == d { return a }
        let wa = (1 - fx) * (1 - fy), wb = fx * (1 - fy), wc = (1 - fx) * fy, wd = fx * fy
        func alpha(_ p: UInt32) -> Double { Double(p >> 24) }
        func channel(_ p: UInt32, _ shift: UInt32) -> Double { Double((p >> shift) & 0xFF) * alpha(p) / 255 }
        let outAlpha = alpha(a) * wa + alpha(b) * wb + alpha(c) * wc + alpha(d) * wd
        guard outAlpha > 0 else { return 0 }
        var result = UInt32(min(255, outAlpha.rounded())) << 24
        for shift: UInt32 in [16, 8, 0] {
            let premultiplied = channel(a, shift) * wa + channel(b, shift) * wb + channel(c, shift) * wc
                + channel(d, shift) * wd
            result |= UInt32(min(255, max(0, (premultiplied * 255 / outAlpha).rounded()))) << shift
        }
        return result
    }
}
