import CCairo
import CPango
import MapEngine

extension TextEngine {
    /// Shows a scene's line of text with `cairo` as text, not pixels: on a
    /// PDF page its glyphs keep their characters, so a reader can select and
    /// search them. It lands where `SceneRenderer` puts the same text's
    /// picture: its logical box on the draw's rect, or, for a piece of a
    /// label along a line, its middle and "Ag"'s baseline on the rect's
    /// centre, turned about it. The halo is the glyphs' outline stroked first.
    package func show(_ draw: TextDraw, on cairo: OpaquePointer) {
        guard !draw.text.isEmpty, draw.alpha > 0, draw.scale > 0 else { return }
        let box = size(of: draw.text, font: draw.font)
        let pathOffset = baseline(of: draw.text, font: draw.font) - baseline(of: "Ag", font: draw.font)
            + size(of: "Ag", font: draw.font).height / 2
        guard !set(draw.text, font: draw.font).isEmpty else { return }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        if draw.rotation == 0 {
            cairo_translate(cairo, draw.rect.minX.rounded(), draw.rect.minY.rounded())
            cairo_scale(cairo, draw.scale, draw.scale)
        } else {
            cairo_translate(cairo, draw.rect.midX, draw.rect.midY)
            cairo_rotate(cairo, draw.rotation * .pi / 180)
            cairo_scale(cairo, draw.scale, draw.scale)
            cairo_translate(cairo, -box.width / 2, -pathOffset)
        }
        let corner = (x: Double(-logical.x), y: Double(-logical.y))
        if let halo = draw.halo, draw.haloWidth > 0, halo.alpha > 0 {
            cairo_move_to(cairo, corner.x, corner.y)
            pango_cairo_layout_path(cairo, layout)
            TextEngine.setColor(halo, alpha: draw.alpha, cairo)
            cairo_set_line_width(cairo, 2 * draw.haloWidth)
            cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
            cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
            cairo_stroke(cairo)
        }
        cairo_move_to(cairo, corner.x, corner.y)
        TextEngine.setColor(draw.color, alpha: draw.alpha, cairo)
        pango_cairo_show_layout(cairo, layout)
    }

    private static func setColor(_ color: Color, alpha: Double, _ cairo: OpaquePointer) {
        cairo_set_source_rgba(cairo, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255,
                              Double(color.alpha) / 255 * max(0, min(1, alpha)))
    }
}
