import CCairo
import MapEngine

/// Paints a `TileDrawing` with Cairo: antialiased fills, strokes with caps,
/// joins and dashes, and circles, into 32-bit ARGB pixels. Each call makes
/// its own surface, so any number of threads may paint at once.
///
///     let tile = try CairoRasterizer.render(drawing)   // tile.argb, pixelSize² words
package enum CairoRasterizer {
    /// Why a drawing could not be painted.
    package struct Failure: Error, CustomStringConvertible {
        /// What went wrong, for a warning.
        package let description: String

        /// A failure saying what went wrong.
        package init(description: String) {
            self.description = description
        }
    }

    /// The drawing's pixels (ARGB words, not premultiplied) and whether all
    /// are opaque; patterns come from `sprite`, and are left out without it;
    /// raster tiles come from `rasters` (decoded by the core), and are left
    /// out when it has none.
    package static func render(_ drawing: TileDrawing, sprite: SpriteImages? = nil,
                              rasters: [RasterTileName: TilePixels] = [:]) throws(Failure) -> (argb: [UInt32], isOpaque: Bool) {
        let side = drawing.pixelSize
        guard side > 0, side <= 4096 else { throw Failure(description: "a tile of \(side) pixels a side cannot be drawn") }
        var pixels = [UInt32](repeating: 0, count: side * side)
        try paint(drawing.operations, over: &pixels, width: side, height: side, offset: drawing.offset, clip: drawing.clip,
                  sprite: sprite, rasters: rasters)
        let opaque = drawing.isOpaque
        if !opaque { unpremultiply(&pixels) }
        return (pixels, opaque)
    }

    /// Paints `operations` over `pixels`: premultiplied ARGB words, `width`
    /// × `height`, row by row (an annotation's picture is painted this way,
    /// its text put in between by the caller), everything moved by `offset`
    /// and kept inside `clip` (its edges on whole pixels, not blended).
    package static func paint(_ operations: [PaintOperation], over pixels: inout [UInt32], width: Int, height: Int,
                             offset: Point = .zero, clip: Rect? = nil, sprite: SpriteImages? = nil,
                             rasters: [RasterTileName: TilePixels] = [:]) throws(Failure) {
        guard width > 0, height > 0, pixels.count == width * height else {
            throw Failure(description: "\(pixels.count) pixels cannot be a \(width)×\(height) image")
        }
        let status: cairo_status_t = pixels.withUnsafeMutableBytes { buffer in
            let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
            guard stride == width * 4, let surface = cairo_image_surface_create_for_data(
                buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))
            else { return CAIRO_STATUS_INVALID_STRIDE }
            defer { cairo_surface_destroy(surface) }
            guard let cairo = cairo_create(surface) else { return CAIRO_STATUS_NO_MEMORY }
            defer { cairo_destroy(cairo) }
            cairo_translate(cairo, offset.x, offset.y)
            if let clip {
                cairo_set_antialias(cairo, CAIRO_ANTIALIAS_NONE)
                cairo_rectangle(cairo, clip.minX, clip.minY, clip.width, clip.height)
                cairo_clip(cairo)
                cairo_set_antialias(cairo, CAIRO_ANTIALIAS_DEFAULT)
            }
            paint(operations, on: cairo, side: Double(width), sprite: sprite, rasters: rasters)
            cairo_surface_flush(surface)
            return cairo_status(cairo)
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Failure(description: "Cairo failed: \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// Paints `operations` with `cairo`, on whatever surface it draws to (a
    /// tile's pixels, a page of a PDF): `side` is the picture's side in its
    /// pixels, where a raster tile's edge pixels reach past it.
    package static func paint(_ operations: [PaintOperation], on cairo: OpaquePointer, side: Double, sprite: SpriteImages?,
                              rasters: [RasterTileName: TilePixels]) {
        for operation in operations {
            if case .raster(let source, let tile, let rect, let opacity, let adjust, let nearest) = operation {
                if let image = rasters[RasterTileName(source: source, tile: tile)] {
                    paintRaster(image, in: rect, opacity: opacity, adjust: adjust, side: side, nearest: nearest, cairo)
                }
                continue
            }
            if case .hillshade(let source, let tile, let rect, let shade) = operation {
                paintHillshade(source, tile, rect, shade, rasters: rasters, side: side, cairo)
                continue
            }
            if case .image(let source, let corners, let opacity, let adjust) = operation {
                if let image = rasters[RasterTileName.wholeImage(of: source)] {
                    paintPicture(image, corners: corners, opacity: opacity, adjust: adjust, cairo)
                }
                continue
            }
            paint(operation, with: cairo, sprite: sprite)
        }
    }

    private static func paint(_ operation: PaintOperation, with cairo: OpaquePointer, sprite: SpriteImages?) {
        switch operation {
        case .background(let color):
            setColor(color, cairo)
            cairo_paint(cairo)
        case .fill(let rings, let color, let antialias):
            setColor(color, cairo)
            cairo_set_antialias(cairo, antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
            cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
            cairo_new_path(cairo)
            for ring in rings { trace(ring, cairo, close: true) }
            cairo_fill(cairo)
            cairo_set_antialias(cairo, CAIRO_ANTIALIAS_DEFAULT)
        case .pattern(let rings, let name, let opacity, let scale, let phase):
            guard let image = sprite?.images[name] else { return }
            fillPattern(rings, image, opacity: opacity, scale: scale, phase: phase, cairo)
        case .raster, .image, .hillshade:
            break  // painted by `render`, which has the tiles
        case .stroke(let lines, let stroke) where stroke.pattern != nil:
            if let image = sprite?.images[stroke.pattern!] { strokePattern(lines, stroke, image, cairo) }
        case .stroke(let lines, let stroke):
            setColor(stroke.color, cairo)
            cairo_set_line_width(cairo, stroke.width)
            cairo_set_line_cap(cairo, [.butt: CAIRO_LINE_CAP_BUTT, .round: CAIRO_LINE_CAP_ROUND, .square: CAIRO_LINE_CAP_SQUARE][stroke.cap]!)
            cairo_set_line_join(cairo, [.miter: CAIRO_LINE_JOIN_MITER, .round: CAIRO_LINE_JOIN_ROUND, .bevel: CAIRO_LINE_JOIN_BEVEL][stroke.join]!)
            cairo_set_miter_limit(cairo, max(stroke.miterLimit, 1))
            stroke.dashes.withUnsafeBufferPointer { dashes in
                cairo_set_dash(cairo, dashes.baseAddress, Int32(dashes.count), stroke.dashPhase)
            }
            cairo_new_path(cairo)
            for line in lines { trace(line, cairo, close: false) }
            cairo_stroke(cairo)
            cairo_set_dash(cairo, nil, 0, 0)
        case .circles(let centers, let circle):
            paintCircles(centers, circle, cairo)
        case .gradient(let lines, let stroke, let ramp):
            strokeGradient(lines, stroke, ramp, cairo)
        case .heatmap(let heat):
            paintHeatmap(heat, cairo)
        }
    }

    /// A DEM tile shaded, from its pixels and its neighbours' (for its
    /// edges), stretched over `rect` as a raster tile is.
    private static func paintHillshade(_ source: String, _ tile: TileID, _ rect: Rect, _ shade: Hillshade,
                                       rasters: [RasterTileName: TilePixels], side: Double, _ cairo: OpaquePointer) {
        guard let dem = rasters[RasterTileName(source: source, tile: tile)] else { return }
        var around: [TileID: TilePixels] = [:]
        for neighbour in Hillshade.neighbours(of: tile) { around[neighbour] = rasters[RasterTileName(source: source, tile: neighbour)] }
        guard let shaded = shade.shade(dem, tile: tile, neighbours: around) else { return }
        paintRaster(shaded, in: rect, opacity: 1, adjust: RasterColourAdjustment(), side: side, cairo)
    }

    /// A raster tile stretched over `rect`, bilinearly, at `opacity`. Where
    /// `rect` meets an edge of the picture (`side` pixels a side) its edge
    /// pixels reach a pixel past it, for a picture moved within its pixels.
    private static func paintRaster(_ image: TilePixels, in rect: Rect, opacity: Double, adjust: RasterColourAdjustment,
                                    side: Double, nearest: Bool = false, _ cairo: OpaquePointer) {
        guard image.width > 0, image.height > 0, rect.width > 0, rect.height > 0 else { return }
        withSurface(premultiplied(adjust.applied(to: image.argb)), width: image.width, height: image.height) { surface in
            cairo_save(cairo)
            let clip = (left: rect.minX <= 0 ? rect.minX - 1 : rect.minX, top: rect.minY <= 0 ? rect.minY - 1 : rect.minY,
                        right: rect.maxX >= side ? rect.maxX + 1 : rect.maxX, bottom: rect.maxY >= side ? rect.maxY + 1 : rect.maxY)
            cairo_rectangle(cairo, clip.left, clip.top, clip.right - clip.left, clip.bottom - clip.top)
            cairo_clip(cairo)
            cairo_translate(cairo, rect.minX, rect.minY)
            cairo_scale(cairo, rect.width / Double(image.width), rect.height / Double(image.height))
            cairo_set_source_surface(cairo, surface, 0, 0)
            // Pad, not repeat: the tile's edge pixels reach its edge instead of fading into nothing.
            cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
            if nearest { cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_NEAREST) }
            cairo_paint_with_alpha(cairo, opacity)
            cairo_restore(cairo)
        }
    }

    /// Fills rings with an image repeated, `scale / pixelRatio` screen pixels
    /// an image pixel, its copies lined up with the world's pixels.
    private static func fillPattern(_ rings: [[Point]], _ image: SpriteImages.Image, opacity: Double, scale: Double,
                                    phase: Point, _ cairo: OpaquePointer) {
        withSurface(image.pixels, width: image.width, height: image.height) { surface in
            guard let pattern = cairo_pattern_create_for_surface(surface) else { return }
            defer { cairo_pattern_destroy(pattern) }
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
            // The pattern matrix maps tile pixels to image pixels.
            let zoom = image.pixelRatio / max(scale, 0.01)
            let period = (x: Double(image.width) / zoom, y: Double(image.height) / zoom)
            let offset = (x: phase.x.truncatingRemainder(dividingBy: period.x), y: phase.y.truncatingRemainder(dividingBy: period.y))
            var matrix = cairo_matrix_t()
            cairo_matrix_init_scale(&matrix, zoom, zoom)
            cairo_matrix_translate(&matrix, offset.x, offset.y)
            cairo_pattern_set_matrix(pattern, &matrix)
            cairo_set_source(cairo, pattern)
            cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
            cairo_new_path(cairo)
            for ring in rings { trace(ring, cairo, close: true) }
            if opacity >= 1 {
                cairo_fill(cairo)
            } else {
                cairo_save(cairo)
                cairo_clip(cairo)
                cairo_paint_with_alpha(cairo, max(opacity, 0))
                cairo_restore(cairo)
            }
        }
    }

    /// Lends premultiplied ARGB pixels to Cairo as an image surface for the length of `body`.
    static func withSurface(_ pixels: [UInt32], width: Int, height: Int, _ body: (OpaquePointer) -> Void) {
        var pixels = pixels
        pixels.withUnsafeMutableBytes { buffer in
            guard let surface = cairo_image_surface_create_for_data(
                buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                Int32(width), Int32(height), Int32(width * 4)) else { return }
            defer { cairo_surface_destroy(surface) }
            body(surface)
        }
    }

    static func trace(_ points: [Point], _ cairo: OpaquePointer, close: Bool) {
        guard let first = points.first else { return }
        cairo_move_to(cairo, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(cairo, point.x, point.y) }
        if close { cairo_close_path(cairo) }
    }

    static func setColor(_ color: Color, _ cairo: OpaquePointer) {
        cairo_set_source_rgba(cairo, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255,
                              Double(color.alpha) / 255)
    }

    /// Straight-alpha pixels (as decoders give them) premultiplied, as Cairo keeps them.
    static func premultiplied(_ pixels: [UInt32]) -> [UInt32] {
        pixels.map { pixel in
            let alpha = pixel >> 24
            guard alpha != 255 else { return pixel }
            func channel(_ shift: UInt32) -> UInt32 { (((pixel >> shift) & 0xFF) * alpha / 255) << shift }
            return alpha << 24 | channel(16) | channel(8) | channel(0)
        }
    }

    /// Cairo keeps colours premultiplied by alpha; textures want them straight.
    package static func unpremultiply(_ pixels: inout [UInt32]) {
        for index in pixels.indices {
            let pixel = pixels[index]
            let alpha = pixel >> 24
            guard alpha != 0, alpha != 255 else { continue }
            func channel(_ shift: UInt32) -> UInt32 { min(255, ((pixel >> shift) & 0xFF) * 255 / alpha) << shift }
            pixels[index] = alpha << 24 | channel(16) | channel(8) | channel(0)
        }
    }
}
