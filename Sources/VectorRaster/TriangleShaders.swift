// How `TrianglePicture` colours a triangle's pixels: a colour shaded from
// corner to corner, or a picture's texels warped across it.

/// What a triangle's pixel becomes, from the values spread across it.
protocol Shader {
    /// Whether a triangle whose corners carry the same values is one colour (filled without shading each pixel).
    static var isUniformWhereCornersAgree: Bool { get }
    /// Whether every pixel it makes is opaque, so what lies below need not be read.
    var coversWhatIsBelow: Bool { get }
    /// The pixel for `values`, laid over the one `below`.
    func shade(_ values: SIMD4<Float>, over below: UInt32) -> UInt32
    /// The one word a triangle of these `values` throughout writes over
    /// whatever lies below, or nil when each pixel must be laid over its own.
    func replacing(_ values: SIMD4<Float>) -> UInt32?
}

extension Shader {
    func replacing(_ values: SIMD4<Float>) -> UInt32? { nil }
}

/// Colours (alpha, red, green, blue) shaded from corner to corner.
struct ColourShader: Shader {
    static var isUniformWhereCornersAgree: Bool { true }
    var coversWhatIsBelow: Bool { false }

    func shade(_ values: SIMD4<Float>, over below: UInt32) -> UInt32 {
        values[0] >= 254.5 ? ColourShader.word(values) : ColourShader.over(values, below)
    }

    func replacing(_ values: SIMD4<Float>) -> UInt32? { values[0] >= 255 ? ColourShader.word(values) : nil }

    /// A colour's channels (alpha, red, green, blue, 0 to 255) as one word.
    @inline(__always)
    static func word(_ channels: SIMD4<Float>) -> UInt32 {
        // Lane by lane: the generic clamp of SIMD4 is not inlined, and costs more than the rest of a pixel.
        // A value that is not a number (a sliver's shading can overflow) becomes 0.
        @inline(__always) func byte(_ value: Float) -> UInt32 { value > 0 ? (value < 255 ? UInt32(value + 0.5) : 255) : 0 }
        return byte(channels.x) << 24 | byte(channels.y) << 16 | byte(channels.z) << 8 | byte(channels.w)
    }

    /// A translucent colour laid over a pixel (straight alpha both).
    static func over(_ channels: SIMD4<Float>, _ below: UInt32) -> UInt32 {
        let alpha = min(max(channels[0], 0), 255) / 255
        let under = SIMD4<Float>(Float(below >> 24), Float((below >> 16) & 255), Float((below >> 8) & 255), Float(below & 255))
        let underAlpha = under[0] / 255
        let outAlpha = alpha + underAlpha * (1 - alpha)
        guard outAlpha > 0 else { return 0 }
        var mixed = (channels * alpha + under * (underAlpha * (1 - alpha))) / outAlpha
        mixed[0] = outAlpha * 255
        return word(mixed)
    }
}

/// Opaque colours shaded from corner to corner, each pixel written with
/// one alpha: a layer faded as a whole (its faces hiding one another) in
/// the same pass that draws it, instead of a second pass over its pixels.
struct SheetShader: Shader {
    /// The alpha byte of every pixel.
    let alpha: UInt32

    static var isUniformWhereCornersAgree: Bool { true }
    var coversWhatIsBelow: Bool { true }

    func shade(_ values: SIMD4<Float>, over below: UInt32) -> UInt32 {
        alpha << 24 | ColourShader.word(values) & 0x00FF_FFFF
    }

    func replacing(_ values: SIMD4<Float>) -> UInt32? { shade(values, over: 0) }
}

/// A picture's nearest pixel at (u, v), kept within the rectangle of it the mesh shows.
struct PictureShader: Shader {
    let texels: UnsafeBufferPointer<UInt32>
    let blocksPerRow: Int
    let columns: ClosedRange<Int>
    let rows: ClosedRange<Int>
    /// Every pixel opaque, whatever its alpha byte says (as a renderer takes such a picture).
    let isOpaque: Bool

    static var isUniformWhereCornersAgree: Bool { false }
    var coversWhatIsBelow: Bool { isOpaque }

    /// `value` as a whole index within `range` (NaN to its start).
    private static func index(_ value: Float, in range: ClosedRange<Int>) -> Int {
        value >= Float(range.upperBound) ? range.upperBound : value > Float(range.lowerBound) ? Int(value) : range.lowerBound
    }

    func shade(_ values: SIMD4<Float>, over below: UInt32) -> UInt32 {
        let texel = texels[TexelBlocks.index(u: PictureShader.index(values[0], in: columns), v: PictureShader.index(values[1], in: rows),
                                             blocksPerRow: blocksPerRow)]
        if isOpaque { return texel | 0xFF00_0000 }
        let alpha = texel >> 24
        if alpha == 255 { return texel }
        if alpha == 0 { return below }
        let a = Float(alpha)
        return ColourShader.over(SIMD4(a, Float((texel >> 16) & 255), Float((texel >> 8) & 255), Float(texel & 255)), below)
    }
}
