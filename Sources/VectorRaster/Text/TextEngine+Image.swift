import CCairo
import CPango
import MapEngine

/// Text drawn into pixels, with the place of its logical box: the box the
/// core measured (`TextMeasuring.size`) starts `origin` pixels into the
/// image (negative where the box's empty leading is cut off). The image
/// holds the ink and the halo around it, wherever they reach (accents above
/// capitals, Tibetan stacks below the line).
package struct TextImage: Sendable, Equatable {
    /// The pixels: ARGB, straight alpha.
    package let pixels: TilePixels
    /// The logical box's top-left corner, in the image's pixels.
    package let origin: Point
}

extension TextEngine {
    /// `text` in `font` and `color`, on a halo `haloWidth` pixels wide
    /// around each glyph when `halo` is given (MapLibre's
    /// `text-halo-width`); nil for empty text or text no font can draw.
    package func image(of text: String, font: FontSpec, color: Color, halo: Color? = nil, haloWidth: Double = 0) -> TextImage? {
        guard !text.isEmpty, !set(text, font: font).isEmpty else { return nil }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        // Only where there is ink, and the halo around it: the logical box's
        // empty leading above and below would cost every frame's copy.
        let reach = halo != nil && haloWidth > 0 ? Int32(haloWidth.rounded(.up)) + 1 : 1
        let inked = ink.width > 0 && ink.height > 0 ? ink : logical
        let left = inked.x - reach, top = inked.y - reach
        let right = inked.x + inked.width + reach, bottom = inked.y + inked.height + reach
        let width = Int(right - left), height = Int(bottom - top)
        guard width > 0, height > 0, width <= TilePixels.largestSide, height <= TilePixels.largestSide else { return nil }
        var pixels = [UInt32](repeating: 0, count: width * height)
        let drawn: Bool = pixels.withUnsafeMutableBytes { buffer in
            guard let surface = cairo_image_surface_create_for_data(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                                    CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4))
            else { return false }
            defer { cairo_surface_destroy(surface) }
            guard let cairo = cairo_create(surface) else { return false }
            defer { cairo_destroy(cairo) }
            cairo_translate(cairo, Double(-left), Double(-top))
            if let halo, haloWidth > 0 {
                cairo_move_to(cairo, 0, 0)
                pango_cairo_layout_path(cairo, layout)
                cairo_set_source_rgba(cairo, Double(halo.red) / 255, Double(halo.green) / 255, Double(halo.blue) / 255, Double(halo.alpha) / 255)
                cairo_set_line_width(cairo, 2 * haloWidth)
                cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
                cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
                cairo_stroke(cairo)
            }
            cairo_move_to(cairo, 0, 0)
            cairo_set_source_rgba(cairo, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255, Double(color.alpha) / 255)
            pango_cairo_show_layout(cairo, layout)
            cairo_surface_flush(surface)
            return cairo_status(cairo) == CAIRO_STATUS_SUCCESS
        }
        guard drawn else { return nil }
        CairoRasterizer.unpremultiply(&pixels)
        // Turned along a line, the text fades out at its rim in the rim's colour.
        ClearPixelColour.bleed(&pixels, width: width, height: height)
        guard let image = TilePixels(width: width, height: height, argb: pixels, isOpaque: false) else { return nil }
        return TextImage(pixels: image, origin: Point(x: Double(logical.x - left), y: Double(logical.y - top)))
    }
}
