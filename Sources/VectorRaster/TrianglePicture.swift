import MapEngine

/// A picture of coloured triangles drawn on the processor, row by row: the
/// faces of a layer of 3D buildings, many thousands a frame. A renderer's
/// own triangle path (SDL's software one) spends a microsecond setting up
/// each triangle; here a triangle costs a few dozen nanoseconds and its
/// pixels about one each.
///
/// Pixels are `ARGB` words, straight alpha, as SDL's `ARGB8888` reads them;
/// where nothing was drawn they are clear. A pixel is drawn when its centre
/// lies inside a triangle, or on a left or top edge, so two triangles that
/// share an edge cover each pixel along it exactly once: no gaps and no
/// seams, wherever the edge lies. Colours shade smoothly from corner to
/// corner. Later triangles are drawn over earlier ones (the painter's way),
/// opaque ones replace, translucent ones blend.
package struct TrianglePicture {
    package let width: Int
    package let height: Int
    /// `width` times `height` words, rows top to bottom.
    package private(set) var pixels: [UInt32]
    /// The rows and columns drawn since the last `clear()` (each half-open), or nil when none.
    package private(set) var drawn: (columns: Range<Int>, rows: Range<Int>)?
    /// Whether every pixel is opaque: the picture was covered (`cover(with:)`)
    /// since the last `clear()`, and whatever is drawn over an opaque pixel
    /// leaves it opaque. A renderer may then copy it without blending.
    package private(set) var isOpaque = false

    /// A clear picture; sides below 1 are taken as 1.
    package init(width: Int, height: Int) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        pixels = [UInt32](repeating: 0, count: self.width * self.height)
    }

    /// Covers the whole picture with an opaque colour (the map's background,
    /// under its tiles), so that it is opaque throughout; a translucent colour is taken as opaque.
    package mutating func cover(with color: Color) {
        let word = 0xFF00_0000 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
        pixels.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { buffer[index] = word }
        }
        drawn = (0..<width, 0..<height)
        isOpaque = true
    }

    /// Clears what was drawn.
    package mutating func clear() {
        isOpaque = false
        guard let drawn else { return }
        let width = width
        pixels.withUnsafeMutableBufferPointer { buffer in
            for row in drawn.rows {
                let start = row * width
                for index in (start + drawn.columns.lowerBound)..<(start + drawn.columns.upperBound) { buffer[index] = 0 }
            }
        }
        self.drawn = nil
    }

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

    /// Lays what `layer` drew (a picture of this size) over this picture at
    /// `opacity`, as one sheet: its faces hide one another, and the sheet
    /// lets `1 − opacity` of what is below show through. Then clears
    /// `layer`. The rows are shared out among the cores.
    package mutating func lay(_ layer: inout TrianglePicture, opacity: Double) {
        guard let region = layer.drawn, layer.width == width, layer.height == height else { return layer.clear() }
        let whole = UInt32((min(max(opacity, 0), 1) * 256).rounded())
        let width = width
        layer.pixels.withUnsafeMutableBufferPointer { top in
            pixels.withUnsafeMutableBufferPointer { bottom in
                let above = SplitWork.Output(base: top.baseAddress!), below = SplitWork.Output(base: bottom.baseAddress!)
                SplitWork.run(region.rows.count, minimumPerRun: TrianglePicture.rowsPerBand) { rows in
                    let (above, below) = (above.base, below.base)
                    for row in rows {
                        let start = (region.rows.lowerBound + row) * width
                        for index in (start + region.columns.lowerBound)..<(start + region.columns.upperBound) {
                            let word = above[index]
                            guard word >> 24 != 0 else { continue }
                            // The layer's opacity taken into the face's alpha, then laid over.
                            let alpha = ((word >> 24) * whole + 128) >> 8
                            below[index] = TrianglePicture.over(alpha << 24 | (word & 0x00FF_FFFF), below[index])
                        }
                    }
                }
            }
        }
        widen(columns: region.columns, rows: region.rows)
        layer.clear()
    }

    /// Lays a gradient over the picture, each row its colour blended over
    /// what is there (a tilted map's haze over its tiles and buildings).
    package mutating func shade(_ gradient: RowGradient) {
        let rows = gradient.rows(within: height)
        let first = max(Int(min(max(gradient.rect.minX.rounded(), -1e9), 1e9)), 0)
        let end = min(Int(min(max(gradient.rect.maxX.rounded(), -1e9), 1e9)), width)
        guard !rows.isEmpty, first < end else { return }
        let width = width
        pixels.withUnsafeMutableBufferPointer { buffer in
            let out = SplitWork.Output(base: buffer.baseAddress!)
            SplitWork.run(rows.count, minimumPerRun: TrianglePicture.rowsPerBand) { band in
                for row in band.lazy.map({ $0 + rows.lowerBound }) {
                    let color = gradient.color(atRow: row)
                    guard color.alpha > 0 else { continue }
                    let word = UInt32(color.alpha) << 24 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
                    for index in (row * width + first)..<(row * width + end) { out.base[index] = TrianglePicture.over(word, out.base[index]) }
                }
            }
        }
        widen(columns: first..<end, rows: rows)
    }

    /// A straight-alpha colour laid over a pixel: in whole numbers over an
    /// opaque one (alpha in 256ths, rounded; red and blue side by side in
    /// one word, no lane overflowing 16 bits, then green), else exactly.
    @inline(__always)
    static func over(_ word: UInt32, _ under: UInt32) -> UInt32 {
        guard under >> 24 == 255 else {
            return ColourShader.over(SIMD4<Float>(Float(word >> 24), Float((word >> 16) & 255), Float((word >> 8) & 255),
                                                  Float(word & 255)), under)
        }
        let a = ((word >> 24) * 256 + 127) / 255, keep = 256 - a
        let redBlue = (((word & 0xFF00FF) * a + (under & 0xFF00FF) * keep + 0x80_0080) >> 8) & 0xFF00FF
        let green = (((word & 0xFF00) * a + (under & 0xFF00) * keep + 0x8000) >> 8) & 0xFF00
        return 0xFF00_0000 | redBlue | green
    }

    /// Draws `indices`, three to a triangle, into `points` (pixels) with
    /// their `colors`. Triangles with a corner that is not a finite point, or
    /// an index out of range, are left out.
    package mutating func fill(points: [Point], colors: [Color], indices: [Int32]) {
        fill(points: points, colors: colors, indices: indices, shader: ColourShader())
    }

    /// Draws opaque triangles as `fill` does, then fades what they drew to
    /// `opacity` as `fade(to:)` does, in one pass: each pixel a face covers
    /// is written once with the faded alpha (at opacity 1, any colours, as
    /// `fill`). False (nothing drawn) when a colour is translucent under an
    /// opacity below 1, or the picture already holds something: then `fill`
    /// and `fade(to:)` it is.
    package mutating func fill(points: [Point], colors: [Color], indices: [Int32], fadedTo opacity: Double) -> Bool {
        guard drawn == nil else { return false }
        // Nothing to fade: drawn as `fill` draws, without reading the colours first.
        guard opacity < 1 else {
            fill(points: points, colors: colors, indices: indices)
            return true
        }
        guard colors.allSatisfy({ $0.alpha == 255 }) else { return false }
        // The alpha `fade(to:)` leaves on an opaque pixel.
        let alpha = (255 * UInt32(min(max(opacity, 0), 1) * 256)) >> 8
        fill(points: points, colors: colors, indices: indices, shader: SheetShader(alpha: alpha))
        return true
    }

    private mutating func fill<S: Shader & Sendable>(points: [Point], colors: [Color], indices: [Int32], shader: S) {
        guard points.count == colors.count else { return }
        draw { canvas, bounds in
            TrianglePicture.eachTriangle(indices, of: points, reaching: canvas) { i, j, k in
                let a = Corner(points[i], colors[i]), b = Corner(points[j], colors[j]), c = Corner(points[k], colors[k])
                guard a.isFinite, b.isFinite, c.isFinite else { return }
                canvas.fill(a, b, c, shader: shader, bounds: &bounds)
            }
        }
    }

    /// Calls `body` with the corners of each triangle of `indices` (three
    /// to one) whose indices lie in `points` and which may reach the
    /// canvas's rows: most triangles lie in another core's band, and leave
    /// before any colour is read.
    @inline(__always)
    static func eachTriangle(_ indices: [Int32], of points: [Point], reaching canvas: Canvas, _ body: (Int, Int, Int) -> Void) {
        var t = 0
        while t + 2 < indices.count {
            defer { t += 3 }
            let i = Int(indices[t]), j = Int(indices[t + 1]), k = Int(indices[t + 2])
            guard points.indices.contains(i), points.indices.contains(j), points.indices.contains(k) else { continue }
            let (yi, yj, yk) = (points[i].y, points[j].y, points[k].y)
            guard canvas.mayReach(top: min(yi, yj, yk), bottom: max(yi, yj, yk)) else { continue }
            body(i, j, k)
        }
    }

    /// The fewest rows a band drawn on a core of its own takes: a picture
    /// under twice this many is drawn in one.
    static let rowsPerBand = 64

    /// Runs `body` on the pixels as canvases, one a band of rows, the bands
    /// at once (`SplitWork`: each writes only its own rows, its canvas
    /// clipping every triangle to them), then widens `drawn` by what they
    /// touched.
    mutating func draw(_ body: @Sendable (inout Canvas, inout Bounds) -> Void) {
        let width = width, height = height
        // What each band touched, in the slot of its first row.
        var found = [Bounds](repeating: Bounds(), count: height)
        pixels.withUnsafeMutableBufferPointer { buffer in
            found.withUnsafeMutableBufferPointer { found in
                let pixels = SplitWork.Output(base: buffer.baseAddress!), slots = SplitWork.Output(base: found.baseAddress!)
                SplitWork.run(height, minimumPerRun: TrianglePicture.rowsPerBand) { rows in
                    var canvas = Canvas(pixels: pixels.base, width: width, height: height, rows: rows)
                    var bounds = Bounds()
                    body(&canvas, &bounds)
                    slots[rows.lowerBound] = bounds
                }
            }
        }
        for bounds in found {
            if let rows = bounds.rows, let columns = bounds.columns { widen(columns: columns, rows: rows) }
        }
    }

    /// Takes these columns and rows into what was drawn.
    private mutating func widen(columns: Range<Int>, rows: Range<Int>) {
        if let drawn {
            self.drawn = (min(drawn.columns.lowerBound, columns.lowerBound)..<max(drawn.columns.upperBound, columns.upperBound),
                          min(drawn.rows.lowerBound, rows.lowerBound)..<max(drawn.rows.upperBound, rows.upperBound))
        } else {
            drawn = (columns, rows)
        }
    }

    /// A triangle's corner: where it is, and what is spread across the
    /// triangle from it: a colour's channels (alpha, red, green, blue, 0 to
    /// 255), or where in a picture it lies (u, v).
    struct Corner {
        let x: Double, y: Double
        let channels: SIMD4<Float>

        init(_ point: Point, _ color: Color) {
            x = point.x
            y = point.y
            channels = SIMD4(Float(color.alpha), Float(color.red), Float(color.green), Float(color.blue))
        }

        init(_ point: Point, channels: SIMD4<Float>) {
            x = point.x
            y = point.y
            self.channels = channels
        }

        init(_ point: Point, u: Double, v: Double) {
            x = point.x
            y = point.y
            channels = SIMD4(Float(u), Float(v), 0, 0)
        }

        var isFinite: Bool { x.isFinite && y.isFinite }

        /// Top to bottom, then left to right: the same two corners always come in the same order.
        func isBefore(_ other: Corner) -> Bool { y < other.y || (y == other.y && x < other.x) }
    }

    /// The pixels a fill touched.
    struct Bounds {
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min

        /// A triangle's rows and the columns it may reach (within the picture's `width`).
        mutating func add(rows: Range<Int>, from: Int, to: Int, width: Int) {
            let from = max(from, 0), to = min(to, width)
            guard from < to else { return }
            minX = min(minX, from)
            maxX = max(maxX, to)
            minY = min(minY, rows.lowerBound)
            maxY = max(maxY, rows.upperBound)
        }

        var rows: Range<Int>? { minY < maxY ? minY..<maxY : nil }
        var columns: Range<Int>? { minX < maxX ? minX..<maxX : nil }
    }

    struct Canvas {
        /// The whole picture's pixels; this canvas writes only its `rows`.
        let pixels: UnsafeMutablePointer<UInt32>
        let width: Int, height: Int
        /// The rows this canvas draws (its band of the picture).
        let rows: Range<Int>

        /// An edge as a line x = x0 + (y − y0)·slope, from its corners in
        /// their one order, so an edge two triangles share gives both the
        /// same x on every row.
        private struct Edge {
            let x0: Double, y0: Double, slope: Double

            init(_ p: Corner, _ q: Corner) {
                let (top, bottom) = p.isBefore(q) ? (p, q) : (q, p)
                x0 = top.x
                y0 = top.y
                slope = bottom.y > top.y ? (bottom.x - top.x) / (bottom.y - top.y) : 0
            }

            func x(at y: Double) -> Double { x0 + (y - y0) * slope }
        }

        /// Whether a triangle from `top` to `bottom` may light a pixel centre
        /// of this canvas's rows (false only when it surely lights none; NaN may).
        func mayReach(top: Double, bottom: Double) -> Bool {
            !(bottom < Double(rows.lowerBound) || top > Double(rows.upperBound))
        }

        mutating func fill<S: Shader>(_ a: Corner, _ b: Corner, _ c: Corner, shader: S, bounds: inout Bounds) {
            // Corners top to bottom.
            var (p0, p1, p2) = (a, b, c)
            if p1.isBefore(p0) { swap(&p0, &p1) }
            if p2.isBefore(p1) { swap(&p1, &p2) }
            if p1.isBefore(p0) { swap(&p0, &p1) }
            // Rows whose centres lie in [top, bottom), and the columns it may reach: most far faces reach none.
            let firstRow = max(Canvas.firstAtOrAfter(p0.y), rows.lowerBound)
            let endRow = min(Canvas.firstAtOrAfter(p2.y), rows.upperBound)
            guard firstRow < endRow else { return }
            let firstColumn = max(Canvas.firstAtOrAfter(min(p0.x, p1.x, p2.x)), 0)
            let endColumn = min(Canvas.firstAtOrAfter(max(p0.x, p1.x, p2.x)), width)
            guard firstColumn < endColumn else { return }
            let area = (p1.x - p0.x) * (p2.y - p0.y) - (p2.x - p0.x) * (p1.y - p0.y)
            guard area != 0, area.isFinite else { return }
            let uniform = S.isUniformWhereCornersAgree && a.channels == b.channels && b.channels == c.channels
            // The colour as a plane over the picture: channels = base + dx·x + dy·y.
            var dx = SIMD4<Float>(repeating: 0), dy = SIMD4<Float>(repeating: 0)
            if !uniform {
                let e1x = p1.x - p0.x, e1y = p1.y - p0.y, e2x = p2.x - p0.x, e2y = p2.y - p0.y
                let d1 = p1.channels - p0.channels, d2 = p2.channels - p0.channels
                let inverse = Float(1 / area)
                dx = (d1 * Float(e2y) - d2 * Float(e1y)) * inverse
                dy = (d2 * Float(e1x) - d1 * Float(e2x)) * inverse
            }
            let long = Edge(p0, p2), upper = Edge(p0, p1), lower = Edge(p1, p2)
            bounds.add(rows: firstRow..<endRow, from: firstColumn, to: endColumn, width: width)
            for row in firstRow..<endRow {
                let y = Double(row) + 0.5
                let long = long.x(at: y)
                let short = y < p1.y ? upper.x(at: y) : lower.x(at: y)
                let left = min(long, short), right = max(long, short)
                // Columns whose centres lie in [left, right).
                let from = max(Canvas.firstAtOrAfter(left), 0)
                let to = min(Canvas.firstAtOrAfter(right), width)
                guard from < to else { continue }
                let start = row * width
                if uniform {
                    let channels = a.channels
                    if let word = shader.replacing(channels) {
                        for index in (start + from)..<(start + to) { pixels[index] = word }
                    } else {
                        for index in (start + from)..<(start + to) { pixels[index] = ColourShader.over(channels, pixels[index]) }
                    }
                    continue
                }
                var channels = p0.channels + dx * Float(Double(from) + 0.5 - p0.x) + dy * Float(y - p0.y)
                if shader.coversWhatIsBelow {
                    for index in (start + from)..<(start + to) {
                        pixels[index] = shader.shade(channels, over: 0)
                        channels += dx
                    }
                } else {
                    for index in (start + from)..<(start + to) {
                        pixels[index] = shader.shade(channels, over: pixels[index])
                        channels += dx
                    }
                }
            }
        }

        /// The first pixel whose centre lies at or after `edge`, kept within a
        /// billion either way (far beyond any picture).
        @inline(__always)
        private static func firstAtOrAfter(_ edge: Double) -> Int {
            // ceil(edge − 0.5) by truncation (a call to ceil costs more than the pixels of a far face).
            let value = min(max(edge - 0.5, -1e9), 1e9)
            let truncated = Int(value)
            return Double(truncated) < value ? truncated + 1 : truncated
        }
    }
}
