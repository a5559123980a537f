import Foundation

/// Lays overlays out on one map tile, as MapKit's renderers draw theirs:
/// each shape simplified to half a pixel at the tile's zoom, on every copy
/// of the world that reaches the tile, clipped to it (plus a margin for line
/// widths and joins), in the tile's pixels, ready for the same rasteriser
/// vector tiles use. Pure and Sendable-in, Sendable-out: tiles are laid out
/// off the main thread.
///
///     let drawing = OverlayTileLayout.drawing(for: tile, overlays: paints, scale: 2)
package enum OverlayTileLayout {
    /// Pixels beyond the tile's edge that shapes are kept to, besides half a line's width.
    static let margin = 4.0

    /// The drawing of `overlays` (bottom first) on `tile`, 256 pixels a side
    /// as every map tile is (on a 2x screen the map's tiles are a level
    /// deeper), widths and dashes in points times `scale`; no operations
    /// when none reaches it.
    package static func drawing(for tile: TileID, overlays: [OverlayPaint], scale: Double) -> TileDrawing {
        let tilePixels = WebMercator.tileSize
        var drawing = TileDrawing(pixelSize: Int(tilePixels.rounded()))
        let levels = Double(1 << tile.z)
        let worldPixels = tilePixels * levels
        for paint in overlays {
            // An app may set any width: past what can be drawn it is drawn at the widest, and NaN not at all.
            guard !paint.lineWidth.isNaN else { continue }
            let width = min(max(paint.lineWidth, 0), SimpleStyle.widestStroke)
            let reach = ((width + (paint.isHighlighted ? 8 : 0)) * scale / 2 + margin) / worldPixels
            let bounds = paint.geometry.bounds
            guard bounds.minX.isFinite, bounds.maxX.isFinite, bounds.minY.isFinite, bounds.maxY.isFinite else { continue }
            let tileMinX = Double(tile.x) / levels, tileMaxX = Double(tile.x + 1) / levels
            let tileMinY = Double(tile.y) / levels, tileMaxY = Double(tile.y + 1) / levels
            guard bounds.maxY + reach >= tileMinY, bounds.minY - reach <= tileMaxY else { continue }
            let firstCopy = Int((tileMinX - reach - bounds.maxX).rounded(.up))
            let lastCopy = Int((tileMaxX + reach - bounds.minX).rounded(.down))
            guard firstCopy <= lastCopy else { continue }
            let clip = Rect(x: -reach * worldPixels, y: -reach * worldPixels,
                            width: tilePixels + 2 * reach * worldPixels, height: tilePixels + 2 * reach * worldPixels)
            let tolerance = 0.5 / worldPixels
            for copy in firstCopy...lastCopy {
                let shift = Double(copy)
                let toPixels = { (p: Point) in
                    Point(x: ((p.x + shift) * levels - Double(tile.x)) * tilePixels, y: (p.y * levels - Double(tile.y)) * tilePixels)
                }
                if paint.isHighlighted {
                    lay(paint.halo, tolerance: tolerance, toPixels: toPixels, clip: clip, scale: scale, into: &drawing)
                }
                lay(paint, tolerance: tolerance, toPixels: toPixels, clip: clip, scale: scale, into: &drawing)
            }
        }
        return drawing
    }

    private static func lay(_ paint: OverlayPaint, tolerance: Double, toPixels: (Point) -> Point, clip: Rect,
                            scale: Double, into drawing: inout TileDrawing) {
        switch paint.geometry {
        case .areas(let areas):
            var rings: [[Point]] = [], outlines: [LineRun] = []
            // A ring whose box lies outside the clip adds nothing to this tile: a polygon of a million
            // holes costs each tile the holes it shows, not all of them.
            // A hole smaller than a pixel is left out of the fill too, as geojson-vt drops rings under its
            // tolerance for MapLibre.
            func meets(_ path: OverlayPath, leastArea: Double = 0) -> Bool {
                let a = toPixels(Point(x: path.bounds.minX, y: path.bounds.minY))
                let b = toPixels(Point(x: path.bounds.maxX, y: path.bounds.maxY))
                return abs(b.x - a.x) * abs(b.y - a.y) >= leastArea
                    && min(a.x, b.x) <= clip.maxX && max(a.x, b.x) >= clip.minX && min(a.y, b.y) <= clip.maxY && max(a.y, b.y) >= clip.minY
            }
            for area in areas where meets(area.outer) {
                let outer = area.outer.points(tolerance: tolerance).map(toPixels)
                let clockwise = signedArea(outer) > 0
                let holes = area.holes.filter { meets($0, leastArea: 0.25) }.map { $0.points(tolerance: tolerance).map(toPixels) }
                for (index, ring) in ([outer] + holes).enumerated() {
                    // Holes wind against their outer ring, so the nonzero rule leaves them empty.
                    let oriented = index > 0 && (signedArea(ring) > 0) == clockwise ? Array(ring.reversed()) : ring
                    let clipped = GeometryClipping.clipRing(oriented, to: clip)
                    if clipped.count >= 3 { rings.append(clipped) }
                    if paint.stroke != nil, let first = ring.first {
                        outlines += runs(ring + [first], along: nil, clip: clip)
                    }
                }
            }
            if let fill = paint.fill, fill.alpha > 0, !rings.isEmpty {
                drawing.operations.append(.fill(rings: rings, color: fill, antialias: true))
            }
            stroke(outlines, paint: paint, scale: scale, into: &drawing)
        case .lines(let paths):
            var lines: [LineRun] = []
            for path in paths {
                let kept = path.indices(tolerance: tolerance)
                lines += runs(kept.map { toPixels(path.points[$0]) }, along: kept.map { path.along[$0] }, clip: clip)
            }
            stroke(lines, paint: paint, scale: scale, into: &drawing)
        }
    }

    /// A piece of a line inside the clip, with how far along the whole line
    /// (in pixels) it starts, for dashes, and each point's fraction of the
    /// line's length, for gradients.
    struct LineRun {
        var points: [Point]
        var start: Double
        var along: [Double]
    }

    /// The pieces of `line` inside `clip` (Liang–Barsky on each segment).
    static func runs(_ line: [Point], along: [Double]?, clip: Rect) -> [LineRun] {
        var result: [LineRun] = [], current: LineRun?, travelled = 0.0
        for i in line.indices.dropFirst() {
            let a = line[i - 1], b = line[i]
            let length = (b - a).length
            defer { travelled += length }
            guard let (t0, t1) = clipSegment(a, b, to: clip) else {
                if let run = current { result.append(run); current = nil }
                continue
            }
            let fa = along.map { $0[i - 1] } ?? 0, fb = along.map { $0[i] } ?? 0
            let p0 = Point(x: a.x + (b.x - a.x) * t0, y: a.y + (b.y - a.y) * t0)
            let p1 = Point(x: a.x + (b.x - a.x) * t1, y: a.y + (b.y - a.y) * t1)
            if current == nil || t0 > 0 {
                if let run = current { result.append(run) }
                current = LineRun(points: [p0], start: travelled + length * t0, along: [fa + (fb - fa) * t0])
            }
            current!.points.append(p1)
            current!.along.append(fa + (fb - fa) * t1)
            if t1 < 1 { result.append(current!); current = nil }
        }
        if let run = current { result.append(run) }
        return result.filter { $0.points.count > 1 }
    }

    /// The part of the segment from `a` to `b` inside `rect`, as fractions of it; nil when none.
    static func clipSegment(_ a: Point, _ b: Point, to rect: Rect) -> (Double, Double)? {
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x - rect.minX), (dx, rect.maxX - a.x), (-dy, a.y - rect.minY), (dy, rect.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let r = q / p
                if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
                if t0 > t1 { return nil }
            }
        }
        return (t0, t1)
    }

    /// Strokes `runs`: one operation for a plain solid line, one per run
    /// when dashes must carry on from where the run starts along the line,
    /// and one per stretch of nearly one colour for a gradient.
    private static func stroke(_ runs: [LineRun], paint: OverlayPaint, scale: Double, into drawing: inout TileDrawing) {
        guard let color = paint.stroke ?? paint.gradient.first?.color, paint.lineWidth > 0, !runs.isEmpty else { return }
        let width = min(paint.lineWidth, SimpleStyle.widestStroke) * scale
        func style(_ color: Color, phase: Double) -> Stroke {
            var stroke = Stroke(color: color, width: width, cap: paint.cap, join: paint.join, miterLimit: paint.miterLimit,
                                dashes: paint.dashes.map { $0 * scale })
            stroke.dashPhase = phase
            return stroke
        }
        if !paint.gradient.isEmpty {
            // Bands of 1/256 of the line's length, each in its colour; segments are cut where bands meet.
            let bands = 256.0
            for run in runs {
                var band: [Point] = [run.points[0]]
                var bandIndex = min((run.along[0] * bands).rounded(.down), bands - 1)
                func flush() {
                    if band.count > 1, let colour = paint.color(at: (bandIndex + 0.5) / bands) {
                        drawing.operations.append(.stroke(lines: [band], stroke: style(colour, phase: 0)))
                    }
                }
                for i in run.points.indices.dropFirst() {
                    let a = run.points[i - 1], b = run.points[i], fa = run.along[i - 1], fb = run.along[i]
                    // Each band boundary the segment crosses ends one band and starts the next there.
                    var next = (bandIndex + 1) / bands
                    while fb > next && fb > fa && bandIndex < bands - 1 {
                        let t = (next - fa) / (fb - fa)
                        let cut = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                        band.append(cut)
                        flush()
                        band = [cut]
                        bandIndex += 1
                        next = (bandIndex + 1) / bands
                    }
                    band.append(b)
                }
                flush()
            }
        } else if paint.dashes.contains(where: { $0 > 0 }) {
            for run in runs {
                drawing.operations.append(.stroke(lines: [run.points], stroke: style(color, phase: paint.dashPhase * scale + run.start)))
            }
        } else {
            drawing.operations.append(.stroke(lines: runs.map(\.points), stroke: style(color, phase: 0)))
        }
    }

    /// Twice the ring's signed area (positive: clockwise with y down).
    static func signedArea(_ ring: [Point]) -> Double {
        guard ring.count >= 3 else { return 0 }
        var sum = 0.0
        var j = ring.count - 1
        for i in ring.indices {
            sum += (ring[j].x * ring[i].y - ring[i].x * ring[j].y)
            j = i
        }
        return sum
    }
}
