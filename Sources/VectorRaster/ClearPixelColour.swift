/// Gives the clear pixels of a straight-alpha ARGB picture the colour of
/// the pixels beside them. A renderer that blends neighbouring pixels when
/// it turns or scales a picture (SDL's software renderer turning a letter
/// along a line, a GPU sampling between texels) then fades an edge out in
/// the edge's own colour, not through the black clear pixels hold: turned
/// text drew a grey outline round each letter's halo.
package enum ClearPixelColour {
    /// Each clear pixel (alpha 0) beside pixels that are not takes their
    /// colour, weighted by their alpha; its alpha stays 0, so the picture
    /// drawn unturned is the same.
    package static func bleed(_ pixels: inout [UInt32], width: Int, height: Int) {
        guard width > 0, height > 0, pixels.count == width * height else { return }
        let source = pixels
        for y in 0..<height {
            for x in 0..<width where source[y * width + x] >> 24 == 0 {
                var red = 0, green = 0, blue = 0, weight = 0
                for dy in -1...1 where y + dy >= 0 && y + dy < height {
                    for dx in -1...1 where x + dx >= 0 && x + dx < width {
                        let pixel = source[(y + dy) * width + x + dx]
                        let alpha = Int(pixel >> 24)
                        guard alpha > 0 else { continue }
                        red += Int(pixel >> 16 & 0xFF) * alpha
                        green += Int(pixel >> 8 & 0xFF) * alpha
                        blue += Int(pixel & 0xFF) * alpha
                        weight += alpha
                    }
                }
                guard weight > 0 else { continue }
                pixels[y * width + x] = UInt32(red / weight) << 16 | UInt32(green / weight) << 8 | UInt32(blue / weight)
            }
        }
    }
}
