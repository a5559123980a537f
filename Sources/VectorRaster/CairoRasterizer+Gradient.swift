import CCairo
import MapEngine

extension CairoRasterizer {
    /// Strokes lines coloured along their length (`line-gradient`): each
    /// segment filled with a linear gradient through the ramp's colours
    /// between the progress at its ends, its corners and ends the colour
    /// there. The lines are drawn into a group that each part replaces
    /// rather than blends into, so see-through colours do not darken where parts meet.
    static func strokeGradient(_ lines: [MeasuredLine], _ stroke: Stroke, _ ramp: [Color], _ cairo: OpaquePointer) {
        guard ramp.count >= 2, stroke.width > 0, stroke.width.isFinite else { return }
        let half = stroke.width / 2
        cairo_push_group(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        for line in lines where line.points.count >= 2 {
            let points = line.points
            var along = [0.0]
            for index in 1..<points.count { along.append(along[index - 1] + (points[index] - points[index - 1]).length) }
            guard let total = along.last, total > 0, total.isFinite else { continue }
            func progress(_ index: Int) -> Double { line.start + (line.end - line.start) * along[index] / total }
            for index in 1..<points.count {
                let (a, b) = (points[index - 1], points[index])
                let length = along[index] - along[index - 1]
                guard length > 0 else { continue }
                let across = Point(x: -(b.y - a.y) / length * half, y: (b.x - a.x) / length * half)
                setGradient(from: a, to: b, progress(index - 1), progress(index), ramp, cairo)
                cairo_new_path(cairo)
                trace([a + across, b + across, b - across, a - across], cairo, close: true)
                cairo_fill(cairo)
                if index < points.count - 1 {
                    joinCorner(at: b, before: a, after: points[index + 1], half: half, stroke.join, color: rampColor(ramp, progress(index)), cairo)
                }
            }
            if stroke.cap != .butt {
                cap(points[0], away: points[1], half: half, stroke.cap, color: rampColor(ramp, line.start), cairo)
                cap(points[points.count - 1], away: points[points.count - 2], half: half, stroke.cap, color: rampColor(ramp, line.end), cairo)
            }
        }
        cairo_pop_group_to_source(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
        cairo_paint(cairo)
    }

    /// A linear gradient from `a` to `b` through the ramp's colours from progress `start` to `end`.
    private static func setGradient(from a: Point, to b: Point, _ start: Double, _ end: Double, _ ramp: [Color], _ cairo: OpaquePointer) {
        guard abs(end - start) > 1e-9, let pattern = cairo_pattern_create_linear(a.x, a.y, b.x, b.y) else {
            setColor(rampColor(ramp, start), cairo)
            return
        }
        defer { cairo_pattern_destroy(pattern) }
        func stop(_ offset: Double, _ color: Color) {
            cairo_pattern_add_color_stop_rgba(pattern, offset, Double(color.red) / 255, Double(color.green) / 255,
                                              Double(color.blue) / 255, Double(color.alpha) / 255)
        }
        stop(0, rampColor(ramp, start))
        // Every colour of the ramp the segment passes, where it passes it.
        let steps = Double(ramp.count - 1)
        let (low, high) = (min(start, end), max(start, end))
        var step = (low * steps).rounded(.down) + 1
        while step / steps < high, step <= steps {
            stop((step / steps - start) / (end - start), ramp[Int(step)])
            step += 1
        }
        stop(1, rampColor(ramp, end))
        cairo_set_source(cairo, pattern)
    }

    /// The ramp's colour at `progress` (0 to 1), between its two nearest colours.
    static func rampColor(_ ramp: [Color], _ progress: Double) -> Color {
        let position = min(max(progress.isFinite ? progress : 0, 0), 1) * Double(ramp.count - 1)
        let low = Int(position.rounded(.down)), high = min(low + 1, ramp.count - 1)
        let t = position - Double(low)
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded()) }
        let (a, b) = (ramp[low], ramp[high])
        return Color(rgba: mix(a.red, b.red), mix(a.green, b.green), mix(a.blue, b.blue), mix(a.alpha, b.alpha))
    }

    /// Fills the wedge a turn leaves between two segments' ends: a disc
    /// for a round join, else the bevel (a mitre's tip is left off).
    private static func joinCorner(at corner: Point, before: Point, after: Point, half: Double, _ join: Stroke.Join,
                                   color: Color, _ cairo: OpaquePointer) {
        setColor(color, cairo)
        cairo_new_path(cairo)
        if join == .round {
            cairo_arc(cairo, corner.x, corner.y, half, 0, 2 * Double.pi)
        } else {
            let (u, v) = ((corner - before), (after - corner))
            guard u.length > 0, v.length > 0 else { return }
            let n1 = Point(x: -u.y / u.length * half, y: u.x / u.length * half)
            let n2 = Point(x: -v.y / v.length * half, y: v.x / v.length * half)
            trace([corner, corner + n1, corner + n2], cairo, close: true)
            trace([corner, corner - n1, corner - n2], cairo, close: true)
        }
        cairo_fill(cairo)
    }

    /// A round or square end past `end`, on the side away from `away`.
    private static func cap(_ end: Point, away: Point, half: Double, _ cap: Stroke.Cap, color: Color, _ cairo: OpaquePointer) {
        setColor(color, cairo)
        cairo_new_path(cairo)
        if cap == .round {
            cairo_arc(cairo, end.x, end.y, half, 0, 2 * Double.pi)
        } else {
            let d = end - away
            guard d.length > 0 else { return }
            let out = Point(x: d.x / d.length * half, y: d.y / d.length * half), across = Point(x: -out.y, y: out.x)
            trace([end + across, end + across + out, end - across + out, end - across], cairo, close: true)
        }
        cairo_fill(cairo)
    }
}
