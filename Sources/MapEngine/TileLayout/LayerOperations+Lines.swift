/// A line layer's features gathered into strokes: plain, patterned, or
/// coloured along their length (`line-gradient`).
extension LayerOperations {
    mutating func addLine(_ feature: VectorFeature, _ context: StyleContext) {
        guard feature.type != .point else { return }
        if fixedLine == nil {
            let names = ["line-color", "line-opacity", "line-width", "line-gap-width", "line-offset", "line-dasharray",
                         "line-cap", "line-join", "line-miter-limit", "line-blur", "line-pattern"]
            fixedLine = names.contains(where: layer.isDataDriven) ? .some(nil) : .some(linePaint(context))
        }
        var (stroke, offsets, reach) = fixedLine! ?? linePaint(context)
        let gradient = gradientRamp(context)
        if gradient != nil {
            // The gradient's colours and the line's opacity replace its colour, dashes and pattern, as in MapLibre.
            stroke.color = Color(rgba: 0, 0, 0, 255)
            stroke.dashes = []
            stroke.pattern = nil
        }
        guard stroke.color.alpha > 0, stroke.width > 0, let parts = parts(of: feature) else { return }
        let near = Rect(x: dataBounds.minX - reach, y: dataBounds.minY - reach,
                        width: dataBounds.width + 2 * reach, height: dataBounds.height + 2 * reach)
        // A wide line whose middle runs just beyond the tile still paints its edge into it.
        let pixelReach = reach * bounds.width / dataBounds.width
        let clip = Rect(x: bounds.minX - pixelReach, y: bounds.minY - pixelReach,
                        width: bounds.width + 2 * pixelReach, height: bounds.height + 2 * pixelReach)
        var lines: [[Point]] = []
        var measured: [MeasuredLine] = []
        let span = gradient == nil ? nil : lineSpan(of: feature)
        for part in parts where part.count >= 2 && LayerOperations.box(of: part).intersects(near) {
            let pixels = GeometryClipping.thin(part.map(transform), tolerance: LayerOperations.tolerance)
            for shift in offsets {
                let moved = shift == 0 ? pixels : LineOffset.offset(pixels, by: shift * scale)
                guard let span else {
                    if stroke.dashes.isEmpty && stroke.pattern == nil {
                        lines += GeometryClipping.clipLine(moved, to: clip)
                    } else {
                        appendDashed(moved, clippedTo: clip, as: stroke)
                    }
                    continue
                }
                // Where each piece lies along the whole line: the tile's piece's span, shared in proportion to length.
                let length = LineGeometry.length(of: moved)
                guard length > 0 else { continue }
                for piece in GeometryClipping.clipLineMeasured(moved, to: clip) {
                    measured.append(MeasuredLine(points: piece.points, start: span.start + (span.end - span.start) * piece.start / length,
                                                 end: span.start + (span.end - span.start) * piece.end / length))
                }
            }
        }
        if gradient != nil {
            guard !measured.isEmpty else { return }
            if gradients[stroke] == nil { order.append(.gradient(stroke)) }
            gradients[stroke, default: []] += measured
            return
        }
        append(lines, as: stroke)
    }

    /// Where along its whole line a feature's piece lies (0 to 1): as a
    /// GeoJSON source with `lineMetrics` cuts it, else all of it at 0 (the
    /// ramp's first colour), with a problem noted once.
    private mutating func lineSpan(of feature: VectorFeature) -> (start: Double, end: Double) {
        guard case .number(let start)? = feature[GeoJSONTiler.clipStart],
              case .number(let end)? = feature[GeoJSONTiler.clipEnd], start.isFinite, end.isFinite else {
            problem("layer \"\(layer.id)\": \"line-gradient\" needs a GeoJSON source with \"lineMetrics\": true; its lines are drawn in the gradient's first colour")
            return (0, 0)
        }
        return (min(max(start, 0), 1), min(max(end, 0), 1))
    }

    /// The layer's `line-gradient` as 256 colours from progress 0 to 1,
    /// with the line's opacity; nil when it has none.
    private mutating func gradientRamp(_ context: StyleContext) -> [Color]? {
        guard layer.sets("line-gradient") else { return nil }
        if let ramp { return ramp }
        var zoomOnly = context
        zoomOnly.subject = nil
        let opacity = min(max(layer.number("line-opacity", zoomOnly), 0), 1)
        let made = layer.ramp("line-gradient", along: .lineProgress, zoomOnly).map { $0.color(opacity: opacity) }
        ramp = made
        return made
    }

    /// A line's stroke, its offsets (two with a gap width) and how far, in
    /// data units, they may move it.
    func linePaint(_ context: StyleContext) -> (Stroke, [Double], Double) {
        let color = layer.color("line-color", context).color(opacity: layer.number("line-opacity", context))
        let width = layer.number("line-width", context)
        let gap = layer.number("line-gap-width", context)
        let offset = layer.number("line-offset", context)
        // Dashes are in widths of the line at the zoom rounded down, grown with the map beyond it, as MapLibre
        // measures them (against its tiles' zoom): at 16.5 a dash is 2^0.5 times as long as at 16, not as the width grows.
        var whole = context
        whole.zoom = context.zoom.rounded(.down)
        let dashUnit = layer.number("line-width", whole) * VectorTileLayout.growth(atStyleZoom: context.zoom) * scale
        let dashes = (layer.numbers("line-dasharray", context) ?? []).map { max($0, 0) * dashUnit }
        var stroke = Stroke(
            color: color, width: width * scale,
            cap: Stroke.Cap(rawValue: layer.string("line-cap", context)) ?? .butt,
            join: Stroke.Join(rawValue: layer.string("line-join", context)) ?? .miter,
            miterLimit: layer.number("line-miter-limit", context),
            dashes: dashes.count >= 2 && dashes.contains { $0 > 0 } ? dashes : [],
            blur: layer.number("line-blur", context) * scale)
        // A pattern replaces the colour; the line's opacity stays.
        if layer.sets("line-pattern"), case let name = layer.string("line-pattern", context), !name.isEmpty {
            stroke.pattern = name
            stroke.patternScale = scale
            stroke.color = Color(rgba: 0, 0, 0, UInt8((min(max(layer.number("line-opacity", context), 0), 1) * 255).rounded()))
        }
        // A gap width draws two lines, one each side of the gap.
        let offsets = gap > 0 ? [offset - (gap + width) / 2, offset + (gap + width) / 2] : [offset]
        let reach = (abs(offset) + gap + width) * scale * dataBounds.width / bounds.width
        return (stroke, offsets, reach)
    }

    /// A dashed or patterned line's pieces in `clip`, each starting its
    /// dashes or images where they stand there, counted from the line's start
    /// in its data tile as MapLibre counts it: the tiles of one data tile
    /// then carry them across their edges, where MapLibre draws them. (An
    /// image's length is the rasteriser's to know: its pieces keep the whole distance.)
    private mutating func appendDashed(_ line: [Point], clippedTo clip: Rect, as stroke: Stroke) {
        let sum = stroke.dashes.reduce(0, +)
        let period = stroke.pattern != nil ? 0 : stroke.dashes.count % 2 == 1 ? 2 * sum : sum
        for piece in GeometryClipping.clipLineMeasured(line, to: clip) {
            var dashed = stroke
            dashed.dashPhase = !piece.start.isFinite ? 0 : period > 0 ? piece.start.truncatingRemainder(dividingBy: period) : piece.start
            append([piece.points], as: dashed)
        }
    }

    mutating func append(_ lines: [[Point]], as stroke: Stroke) {
        guard !lines.isEmpty else { return }
        if strokes[stroke] == nil { order.append(.stroke(stroke)) }
        strokes[stroke, default: []] += lines
    }
}
