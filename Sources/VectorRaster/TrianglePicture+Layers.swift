import MapCore

/// Whole layers over a triangle picture: a fade of everything drawn,
/// another picture laid over at an opacity, a gradient across rows.
extension TrianglePicture {
    /// Lays `opacity` (0 to 1) over everything drawn since the last
    /// `clear()`: a layer faded as a whole, its faces still hiding one
    /// another. Copied without a fade of its own, the picture is then
    /// blended as a renderer's fastest path blends.
    package mutating func fade(to opacity: Double) {
        guard let drawn, opacity < 1 else { return }
        let scale = UInt32(min(max(opacity, 0), 1) * 256)
        let width = width
        pixels.withUnsafeMutableBufferPointer { buffer in
            for row in drawn.rows {
                let start = row * width
                for index in (start + drawn.columns.lowerBound)..<(start + drawn.columns.upperBound) {
                    let word = buffer[index]
                    buffer[index] = (((word >> 24) * scale) >> 8) << 24 | (word & 0x00FF_FFFF)
                }
            }
        }
    }

    /// Lays what `layer` (a picture of the same size) drew over this one at
    /// `opacity`: a layer composited whole, its own pixels hiding one another.
    package mutating func lay(_ layer: TrianglePicture, opacity: Double) {
        guard layer.width == width, layer.height == height, let region = layer.drawn, opacity > 0 else { return }
        let fade = Float(min(opacity, 1))
        let width = width
        pixels.withUnsafeMutableBufferPointer { below in
            layer.pixels.withUnsafeBufferPointer { above in
                for row in region.rows {
                    let start = row * width
                    for index in (start + region.columns.lowerBound)..<(start + region.columns.upperBound) {
                        let word = above[index]
                        guard word >> 24 != 0 else { continue }
                        let channels = SIMD4<Float>(Float(word >> 24) * fade, Float((word >> 16) & 255), Float((word >> 8) & 255),
                                                    Float(word & 255))
                        below[index] = channels[0] >= 254.5 ? ColourShader.word(channels) : ColourShader.over(channels, below[index])
                    }
                }
            }
        }
        widen(columns: region.columns, rows: region.rows)
    }

    /// Lays a vertical gradient from `top` to `bottom` over the rows of `rect` (across the picture's width).
    package mutating func layGradient(_ rect: Rect, top: Color, bottom: Color) {
        guard rect.height > 0, rect.minY.isFinite, rect.maxY.isFinite else { return }
        let first = max(Int(min(max(rect.minY.rounded(), 0), Double(height))), 0)
        let end = min(Int(min(max(rect.maxY.rounded(), 0), Double(height))), height)
        guard first < end else { return }
        let width = width
        let from = SIMD4<Float>(Float(top.alpha), Float(top.red), Float(top.green), Float(top.blue))
        let to = SIMD4<Float>(Float(bottom.alpha), Float(bottom.red), Float(bottom.green), Float(bottom.blue))
        pixels.withUnsafeMutableBufferPointer { buffer in
            for row in first..<end {
                let t = Float(min(max((Double(row) + 0.5 - rect.minY) / rect.height, 0), 1))
                let channels = from + (to - from) * t
                guard channels[0] >= 0.5 else { continue }
                let start = row * width
                for index in start..<(start + width) { buffer[index] = ColourShader.over(channels, buffer[index]) }
            }
        }
        widen(columns: 0..<width, rows: first..<end)
    }
}
