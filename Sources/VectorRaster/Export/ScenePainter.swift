import CCairo
import MapEngine

/// Paints a scene with Cairo as shapes and text, for a page of a PDF or an
/// SVG: a vector tile's drawing and the overlays' as paths, labels,
/// callouts and the credit line as text with its characters. What has no
/// shapes to give (an image source's tiles, pins and icons, 3D buildings, a
/// soft shadow) is painted from pixels in its place, in the scene's order.
///
///     let painter = ScenePainter(sources: sources)
///     painter.paint(scene, on: cairo)
package struct ScenePainter {
    /// Where the pictures and text come from.
    package struct Sources {
        /// A tile's drawing, made anew (nil for a tile that has none: an
        /// image source's; such a tile, and any on a tilted map's mesh, is
        /// painted as a picture).
        package var drawing: (TileKey) -> PaintableDrawing?
        /// Commands this painter does not draw as shapes, painted by the
        /// window's renderer into a transparent picture of the given size
        /// (the view's, or the base plane's), straight alpha; nil when they cannot be.
        package var picture: (ArraySlice<DrawCommand>, Size) -> TilePixels?
        /// The text engine the scene was measured with.
        package var text: TextEngine

        package init(drawing: @escaping (TileKey) -> PaintableDrawing?,
                     picture: @escaping (ArraySlice<DrawCommand>, Size) -> TilePixels?, text: TextEngine) {
            self.drawing = drawing
            self.picture = picture
            self.text = text
        }
    }

    let sources: Sources

    package init(sources: Sources) {
        self.sources = sources
    }

    /// Paints the scene over `cairo`'s target, the view's top-left corner at
    /// its origin: the map's background first, then every command in order.
    /// The texts drawn on the page are returned (for an SVG's text layer).
    @discardableResult
    package func paint(_ scene: Scene, on cairo: OpaquePointer) -> [TextDraw] {
        let size = scene.camera.viewportSize
        cairo_save(cairo)
        cairo_rectangle(cairo, 0, 0, size.width, size.height)
        cairo_clip(cairo)
        CairoRasterizer.setColor(TileLayer.backgroundColor, cairo)
        cairo_paint(cairo)
        var texts: [TextDraw] = []
        var commands = scene.commands[...]
        if let base = scene.base {
            cairo_save(cairo)
            cairo_translate(cairo, base.origin.x, base.origin.y)
            paint(base.commands[...], on: cairo, size: base.size, texts: &texts, shift: base.origin,
                  drawings: drawings(for: base.commands[...]))
            cairo_restore(cairo)
            commands = commands.dropFirst(base.count)
        }
        paint(commands, on: cairo, size: size, texts: &texts, shift: .zero, drawings: drawings(for: commands))
        cairo_restore(cairo)
        // The base plane's margin holds labels off the page.
        let page = Rect(origin: .zero, size: size)
        return texts.filter { $0.rect.maxX > page.minX && $0.rect.minX < page.maxX && $0.rect.maxY > page.minY && $0.rect.minY < page.maxY }
    }

    /// The drawings of the tiles the commands draw flat or only turned, by key.
    private func drawings(for commands: ArraySlice<DrawCommand>) -> [TileKey: PaintableDrawing] {
        var found: [TileKey: PaintableDrawing] = [:]
        for command in commands {
            guard case .tile(let draw) = command, draw.mesh.map({ $0.cells == 1 && $0.points.count == 4 }) ?? true,
                  found[draw.key] == nil, let drawing = sources.drawing(draw.key) else { continue }
            found[draw.key] = drawing
        }
        return found
    }

    /// Whether a command is painted from pixels rather than as shapes.
    static func isPicture(_ command: DrawCommand, drawings: [TileKey: PaintableDrawing]) -> Bool {
        switch command {
        case .image, .sprites, .triangles: true
        case .shape(let shape): shape.feather > 2  // a soft shadow: Cairo's shapes have no blur
        case .tile(let draw): drawings[draw.key] == nil
        default: false
        }
    }

    /// The commands on a target of `size` (the view, or the base plane's
    /// picture moved by `shift` in the view), runs of pictures painted as one.
    private func paint(_ commands: ArraySlice<DrawCommand>, on cairo: OpaquePointer, size: Size, texts: inout [TextDraw],
                       shift: Point, drawings: [TileKey: PaintableDrawing]) {
        var index = commands.startIndex
        while index < commands.endIndex {
            if ScenePainter.isPicture(commands[index], drawings: drawings) {
                var end = index
                while end < commands.endIndex, ScenePainter.isPicture(commands[end], drawings: drawings) { end += 1 }
                if let pixels = sources.picture(commands[index..<end], size) {
                    paintPixels(pixels, into: Rect(origin: .zero, size: size), alpha: 1, on: cairo)
                }
                index = end
                continue
            }
            switch commands[index] {
            case .tile(let draw): if let drawing = drawings[draw.key] { paintTile(draw, drawing, on: cairo) }
            case .rect(let rect, let color):
                CairoRasterizer.setColor(color, cairo)
                cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
                cairo_fill(cairo)
            case .gradient(let rect, let top, let bottom): paintGradient(rect, top: top, bottom: bottom, on: cairo)
            case .line(let from, let to, let color, let width):
                CairoRasterizer.setColor(color, cairo)
                cairo_set_line_width(cairo, max(width, 1))
                cairo_set_line_cap(cairo, CAIRO_LINE_CAP_BUTT)
                cairo_move_to(cairo, from.x, from.y)
                cairo_line_to(cairo, to.x, to.y)
                cairo_stroke(cairo)
            case .shape(let shape):
                guard shape.color.alpha > 0 else { break }
                CairoRasterizer.setColor(shape.color, cairo)
                cairo_new_path(cairo)
                CairoRasterizer.trace(shape.outline, cairo, close: true)
                cairo_fill(cairo)
            case .text(let draw):
                sources.text.show(draw, on: cairo)
                var moved = draw
                moved.rect.origin = moved.rect.origin + shift
                texts.append(moved)
            case .image, .sprites, .triangles: break  // painted as pictures above
            }
            index += 1
        }
    }

    /// A tile's drawing as shapes, moved from the tile's pixels onto its
    /// rect (or its turned mesh) and clipped there.
    private func paintTile(_ draw: TileImageDraw, _ paintable: PaintableDrawing, on cairo: OpaquePointer) {
        let drawing = paintable.drawing
        let k = Double(drawing.pixelSize) / WebMercator.tileSize
        let source = Rect(x: draw.source.minX * k, y: draw.source.minY * k, width: draw.source.width * k,
                          height: draw.source.height * k)
        guard source.width > 0, source.height > 0 else { return }
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        if let mesh = draw.mesh, mesh.points.count == 4 {
            let (a, b, c) = (mesh.points[0], mesh.points[1], mesh.points[2])
            cairo_new_path(cairo)
            CairoRasterizer.trace([a, b, mesh.points[3], c], cairo, close: true)
            cairo_clip(cairo)
            var matrix = cairo_matrix_t(xx: (b.x - a.x) / source.width, yx: (b.y - a.y) / source.width,
                                        xy: (c.x - a.x) / source.height, yy: (c.y - a.y) / source.height, x0: a.x, y0: a.y)
            cairo_transform(cairo, &matrix)
        } else {
            cairo_rectangle(cairo, draw.rect.minX, draw.rect.minY, draw.rect.width, draw.rect.height)
            cairo_clip(cairo)
            cairo_translate(cairo, draw.rect.minX, draw.rect.minY)
            cairo_scale(cairo, draw.rect.width / source.width, draw.rect.height / source.height)
        }
        cairo_translate(cairo, -source.minX + drawing.offset.x, -source.minY + drawing.offset.y)
        if let clip = drawing.clip {
            cairo_rectangle(cairo, clip.minX, clip.minY, clip.width, clip.height)
            cairo_clip(cairo)
        }
        let fades = draw.alpha < 1
        if fades { cairo_push_group(cairo) }
        CairoRasterizer.paint(drawing.operations, on: cairo, side: Double(drawing.pixelSize), sprite: (paintable.rasterizer as? CairoTileRasterizer)?.sprite,
                              rasters: paintable.rasters)
        if fades {
            cairo_pop_group_to_source(cairo)
            cairo_paint_with_alpha(cairo, max(0, draw.alpha))
        }
    }

    /// Pixels stretched over `rect`.
    private func paintPixels(_ pixels: TilePixels, into rect: Rect, alpha: Double, on cairo: OpaquePointer) {
        CairoRasterizer.withSurface(CairoRasterizer.premultiplied(pixels.argb), width: pixels.width, height: pixels.height) { surface in
            cairo_save(cairo)
            cairo_translate(cairo, rect.minX, rect.minY)
            cairo_scale(cairo, rect.width / Double(pixels.width), rect.height / Double(pixels.height))
            cairo_set_source_surface(cairo, surface, 0, 0)
            cairo_paint_with_alpha(cairo, max(0, min(1, alpha)))
            cairo_restore(cairo)
        }
    }

    private func paintGradient(_ rect: Rect, top: Color, bottom: Color, on cairo: OpaquePointer) {
        guard let pattern = cairo_pattern_create_linear(0, rect.minY, 0, rect.maxY) else { return }
        defer { cairo_pattern_destroy(pattern) }
        for (offset, color) in [(0.0, top), (1.0, bottom)] {
            cairo_pattern_add_color_stop_rgba(pattern, offset, Double(color.red) / 255, Double(color.green) / 255,
                                              Double(color.blue) / 255, Double(color.alpha) / 255)
        }
        cairo_set_source(cairo, pattern)
        cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(cairo)
    }
}
