/// An overlay and how to draw it, frozen: what tiles are drawn from on
/// worker threads (`OverlayTileLayout`), so a renderer changed later makes
/// a new paint, not a half-changed tile.
package struct OverlayPaint: Sendable, Equatable {
    /// The shapes, with `strokeStart`/`strokeEnd` already applied to lines.
    package let geometry: OverlayGeometry
    /// The line colour with `alpha` applied; nil draws no line.
    package let stroke: Color?
    /// The area colour with `alpha` applied; nil fills nothing.
    package let fill: Color?
    /// The line width in points.
    package let lineWidth: Double
    /// Corners, ends and the mitre limit.
    package let join: Stroke.Join, cap: Stroke.Cap, miterLimit: Double
    /// Dashes in points, and the phase they start at.
    package let dashes: [Double], dashPhase: Double
    /// Colours along each line's length (alpha applied); empty for one colour.
    package let gradient: [GradientStop]
    /// Drawn selected: a wide soft halo under its lines and outline.
    package private(set) var isHighlighted = false

    /// A colour at a fraction of a line's length.
    package struct GradientStop: Sendable, Equatable {
        /// The colour there.
        package let color: Color
        /// Where, 0 at the line's start to 1 at its end.
        package let location: Double
    }

    /// The paint of `renderer` for `geometry`.
    @MainActor package init(geometry: OverlayGeometry, renderer: OverlayRenderer) {
        let alpha = min(max(renderer.alpha, 0), 1)
        func dimmed(_ color: Color) -> Color {
            Color(rgba: color.red, color.green, color.blue, UInt8((Double(color.alpha) * alpha).rounded()))
        }
        let start = min(max(renderer.strokeStart, 0), 1), end = min(max(renderer.strokeEnd, 0), 1)
        if case .lines(let paths) = geometry, start > 0 || end < 1 {
            self.geometry = .lines(paths.map { $0.trimmed(from: start, to: end) }.filter { $0.points.count > 1 })
        } else {
            self.geometry = geometry
        }
        stroke = renderer.strokeColor.map(dimmed)
        fill = renderer.fillColor.map(dimmed)
        lineWidth = max(renderer.lineWidth, 0)
        join = renderer.lineJoin
        cap = renderer.lineCap
        miterLimit = renderer.miterLimit
        dashes = renderer.lineDashPattern.map { max($0, 0) }
        dashPhase = renderer.lineDashPhase
        gradient = renderer.gradient.map { GradientStop(color: dimmed($0.color), location: $0.location) }
    }

    /// The same paint, selected or not.
    package func highlighted(_ on: Bool) -> OverlayPaint {
        var paint = self
        paint.isHighlighted = on
        return paint
    }

    /// The halo under a selected overlay: its line colour (or its fill's) at a
    /// third of its opacity, 8 points wider, solid.
    var halo: OverlayPaint {
        OverlayPaint(halo: self)
    }

    private init(halo paint: OverlayPaint) {
        geometry = paint.geometry
        let base = paint.stroke ?? paint.gradient.first?.color ?? paint.fill ?? Color(rgba: 0, 122, 255)
        stroke = Color(rgba: base.red, base.green, base.blue, UInt8(min(255, Int(base.alpha) / 3 + 40)))
        fill = nil
        lineWidth = paint.lineWidth + 8
        join = .round
        cap = .round
        miterLimit = paint.miterLimit
        dashes = []
        dashPhase = 0
        gradient = []
    }

    /// The gradient's colour at `location` (0 to 1), blended between stops.
    package func color(at location: Double) -> Color? {
        guard let first = gradient.first else { return stroke }
        guard location > first.location else { return first.color }
        for (a, b) in zip(gradient, gradient.dropFirst()) where location <= b.location {
            let t = b.location > a.location ? (location - a.location) / (b.location - a.location) : 1
            return a.color.mixed(with: b.color, by: t)
        }
        return gradient.last?.color
    }
}
