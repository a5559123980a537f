/// A `gradient` command's colours, one a row of pixels: each row takes the
/// colour at its centre, from `top` at the rectangle's top edge to
/// `bottom` at its bottom edge, channels rounded. Both renderers (SDL's
/// fills and the processor's picture) draw it from here, so they agree.
package struct RowGradient: Sendable {
    package let rect: Rect
    package let top: Color
    package let bottom: Color

    package init(_ rect: Rect, top: Color, bottom: Color) {
        self.rect = rect
        self.top = top
        self.bottom = bottom
    }

    /// The rows it covers on a target `height` rows tall; empty for a rectangle that is not finite or has no size.
    package func rows(within height: Int) -> Range<Int> {
        guard rect.width > 0, rect.height > 0, rect.minX.isFinite, rect.width.isFinite, rect.minY.isFinite, rect.height.isFinite else {
            return 0..<0
        }
        let first = max(Int(min(max(rect.minY.rounded(), -1e9), 1e9)), 0), end = min(Int(min(max(rect.maxY.rounded(), -1e9), 1e9)), height)
        return first < end ? first..<end : 0..<0
    }

    /// The colour of a row.
    package func color(atRow row: Int) -> Color {
        let t = min(max((Double(row) + 0.5 - rect.minY) / rect.height, 0), 1)
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded()) }
        return Color(rgba: mix(top.red, bottom.red), mix(top.green, bottom.green), mix(top.blue, bottom.blue),
                     mix(top.alpha, bottom.alpha))
    }
}
