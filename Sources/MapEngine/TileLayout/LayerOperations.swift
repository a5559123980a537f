import Foundation

/// Gathers one style layer's features of one tile into paint operations
/// (features with the same paint share one operation, so a rasteriser
/// fills a thousand buildings in one go) and label candidates.
struct LayerOperations {
    let layer: StyleLayer
    let layerIndex: Int
    let tile: TileID
    let zoom: Double
    let scale: Double
    let bounds: Rect
    /// `bounds` in the data tile's coordinates.
    let dataBounds: Rect
    let size: Double
    let transform: (Point) -> Point
    /// The data tile's square in tile units: as in MapLibre, labels along a line stay within it.
    var labelBox = Rect(x: -256, y: -256, width: 768, height: 768)
    /// How many times the data tile is enlarged (1 unless the data's deepest level is passed).
    var overscaling = 1.0
    /// Whether the layer's labels keep within their data tile (`symbol-avoid-edges`).
    var avoidsEdges = false
    /// Where the data tile comes in the order labels are placed tile by tile (`LabelPriority.tileOrder(of:)`).
    var dataTileOrder: UInt64 = 0
    /// The sprite's icons' widths in points, by name, for labels along lines.
    var iconWidths: [String: Double] = [:]
    /// Lines to label, kept until the layer's features are all seen (`finishLineLabels`).
    var pendingLines: [PendingLine] = []
    // What is gathered, by paint; internal for the extensions that gather lines and heatmaps.
    private var fills: [FillKey: [[Point]]] = [:]
    var strokes: [Stroke: [[Point]]] = [:]
    private var circles: [CircleStyle: [Point]] = [:]
    private var patterns: [PatternKey: [[Point]]] = [:]
    var gradients: [Stroke: [MeasuredLine]] = [:]
    /// The ramp of the layer's `line-gradient` or `heatmap-color`, worked out once per tile.
    var ramp: [Color]?
    /// The heatmap's points, with their weights and radii.
    var heat = HeatmapPoints(points: [], weights: [], radii: [], intensity: 1, ramp: [], opacity: 1)
    /// A heatmap's weight and radius when neither reads the feature.
    var fixedHeat: (weight: Double, radius: Double)?
    /// The order paints were first seen, so the output is the same every run.
    var order: [Paint] = []
    private(set) var labels: [LabelCandidate] = []
    /// Adds a label candidate of this tile.
    mutating func offerLabel(_ candidate: LabelCandidate) {
        var candidate = candidate
        candidate.priority.tileOrder = dataTileOrder
        candidate.shownAt = layer.minZoom..<max(layer.maxZoom, layer.minZoom)
        if avoidsEdges { candidate.edges = labelBox }
        labels.append(candidate)
    }
    private(set) var extrusions: [Extrusion] = []
    /// What was wrong with the layer's features or values here, each said once (`TileDrawing.problems`).
    private(set) var problems: [String] = []

    struct FillKey: Hashable {
        let color: Color
        let antialias: Bool
        /// Which polygon of a see-through colour: each is filled on its own, so where two overlap
        /// the colour lies twice, as MapLibre blends them (0 for opaque ones, which share one fill).
        var part = 0
    }
    /// How many see-through polygons were given fills of their own.
    private var seeThroughParts = 0
    struct PatternKey: Hashable { let image: String; let opacity: Double }
    /// A fill's paint when no property of it reads the feature: worked out once per tile, not per feature.
    private var fixedFill: (key: FillKey, outline: Stroke?)??
    /// Likewise a symbol layer's look (without its icon).
    private var fixedLook: LabelLook??
    /// Likewise a line's stroke and offsets.
    var fixedLine: (stroke: Stroke, offsets: [Double], reach: Double)??
    enum Paint: Hashable { case fill(FillKey), pattern(PatternKey), stroke(Stroke), gradient(Stroke), circle(CircleStyle), heatmap }

    init(layer: StyleLayer, layerIndex: Int, tile: TileID, zoom: Double, scale: Double, bounds: Rect, dataBounds: Rect,
         size: Double, transform: @escaping (Point) -> Point) {
        self.dataBounds = dataBounds
        self.layer = layer
        self.layerIndex = layerIndex
        self.tile = tile
        self.zoom = zoom
        self.scale = scale
        self.bounds = bounds
        self.size = size
        self.transform = transform
    }

    /// Points closer than this (in pixels) are merged: no rasteriser draws the difference.
    static let tolerance = 0.3

    mutating func add(_ feature: VectorFeature, index: Int, context: StyleContext) {
        switch layer.kind {
        case .fill: addFill(feature, context)
        case .line: addLine(feature, context)
        case .circle: addCircles(feature, context)
        case .symbol: addLabels(feature, index: index, context)
        case .fillExtrusion: addExtrusion(feature, context)
        case .heatmap: addHeat(feature, context)
        case .background, .raster, .hillshade: break
        }
    }

    func operations() -> [PaintOperation] {
        order.compactMap { paint in
            switch paint {
            case .fill(let key): return .fill(rings: fills[key] ?? [], color: key.color, antialias: key.antialias)
            case .pattern(let key):
                return .pattern(rings: patterns[key] ?? [], image: key.image, opacity: key.opacity,
                                scale: scale * VectorTileLayout.growth(atStyleZoom: zoom),
                                phase: Point(x: Double(tile.x) * size, y: Double(tile.y) * size))
            case .stroke(let stroke): return .stroke(lines: strokes[stroke] ?? [], stroke: stroke)
            case .gradient(let stroke): return .gradient(lines: gradients[stroke] ?? [], stroke: stroke, ramp: ramp ?? [])
            case .heatmap: return heat.points.isEmpty ? nil : .heatmap(heat)
            case .circle(let style): return .circles(centers: circles[style] ?? [], circle: style)
            }
        }
    }

    // MARK: Areas

    private mutating func addFill(_ feature: VectorFeature, _ context: StyleContext) {
        guard feature.type == .polygon else { return }
        if fixedFill == nil {
            let names = ["fill-color", "fill-opacity", "fill-antialias", "fill-outline-color"]
            fixedFill = names.contains(where: layer.isDataDriven) ? .some(nil) : .some(fillPaint(context))
        }
        let (key, outline) = fixedFill! ?? fillPaint(context)
        // A pattern replaces the colour and its outline.
        let pattern = layer.sets("fill-pattern") ? layer.string("fill-pattern", context) : ""
        // A clear fill may still have an outline that shows.
        let outlined = (outline?.color.alpha ?? 0) > 0
        guard key.color.alpha > 0 || outlined || !pattern.isEmpty, let polygons = polygons(of: feature) else { return }
        var rings: [[Point]] = []
        var seeThrough: [[[Point]]] = []
        for polygon in polygons where LayerOperations.box(of: polygon[0]).intersects(dataBounds) {
            let before = rings.count
            for ring in polygon {
                let clipped = GeometryClipping.clipRing(ring.map(transform), to: bounds)
                let thinned = GeometryClipping.thin(clipped, tolerance: LayerOperations.tolerance)
                if thinned.count >= 4 { rings.append(thinned) }
            }
            if key.color.alpha < 255, rings.count > before { seeThrough.append(Array(rings[before...])) }
        }
        guard !rings.isEmpty else { return }
        if !pattern.isEmpty {
            let patternKey = PatternKey(image: pattern, opacity: layer.number("fill-opacity", context))
            if patterns[patternKey] == nil { order.append(.pattern(patternKey)) }
            patterns[patternKey, default: []] += rings
            return
        }
        if key.color.alpha == 255 {
            if fills[key] == nil { order.append(.fill(key)) }
            fills[key, default: []] += rings
        } else if key.color.alpha > 0 {
            for polygon in seeThrough {
                seeThroughParts += 1
                var own = key
                own.part = seeThroughParts
                order.append(.fill(own))
                fills[own] = polygon
            }
        }
        if let outline, outlined { append(rings, as: outline) }
    }

    private func fillPaint(_ context: StyleContext) -> (key: FillKey, outline: Stroke?) {
        let opacity = layer.number("fill-opacity", context)
        let key = FillKey(color: layer.color("fill-color", context).color(opacity: opacity),
                          antialias: layer.bool("fill-antialias", context))
        let outline = key.antialias ? layer.optionalColor("fill-outline-color", context)
            .map { Stroke(color: $0.color(opacity: opacity), width: 1 * scale) } : nil
        return (key, outline)
    }

    // MARK: Raised areas

    /// A polygon raised from its base to its height: cut to the tile (the
    /// neighbours raise the rest), its roof cut into triangles once here.
    private mutating func addExtrusion(_ feature: VectorFeature, _ context: StyleContext) {
        guard feature.type == .polygon, let polygons = polygons(of: feature) else { return }
        let height = layer.number("fill-extrusion-height", context), base = layer.number("fill-extrusion-base", context)
        let color = layer.color("fill-extrusion-color", context).color(opacity: 1)
        // A pattern replaces the colour; a feature whose pattern names no image is not raised, as in MapLibre.
        let pattern = layer.sets("fill-extrusion-pattern") ? layer.string("fill-extrusion-pattern", context) : nil
        guard height.isFinite, base.isFinite, height > base || height > 0, pattern.map({ !$0.isEmpty }) ?? (color.alpha > 0) else { return }
        var zoomOnly = context
        zoomOnly.subject = nil
        let opacity = min(max(layer.number("fill-extrusion-opacity", zoomOnly), 0), 1)
        let shift = layer.numbers("fill-extrusion-translate", context) ?? [0, 0]
        let translate = shift.count == 2 && shift.allSatisfy({ $0.isFinite && abs($0) < 1e4 })
            ? Point(x: shift[0] * scale, y: shift[1] * scale) : .zero
        let tileSquare = Rect(x: 0, y: 0, width: size, height: size)
        for polygon in polygons where LayerOperations.box(of: polygon[0]).intersects(dataBounds) {
            var rings: [[Point]] = []
            for ring in polygon {
                var cut = GeometryClipping.thin(GeometryClipping.clipRing(ring.map(transform), to: tileSquare),
                                                tolerance: LayerOperations.tolerance)
                if cut.count > 1, cut.first == cut.last { cut.removeLast() }
                if cut.count >= 3 { rings.append(cut) } else if rings.isEmpty { break }
            }
            guard !rings.isEmpty else { continue }
            extrusions.append(Extrusion(rings: rings, roof: Triangulation.triangles(rings: rings), height: min(max(height, 0), 10_000),
                                        base: min(max(base, 0), 10_000), color: color, layer: layerIndex, opacity: opacity,
                                        translate: translate, verticalGradient: layer.bool("fill-extrusion-vertical-gradient", context),
                                        pattern: pattern))
        }
    }

    /// The bounding box of some points.
    static func box(of points: [Point]) -> Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        // Zero-width boxes (a straight vertical road) still meet what they touch.
        return Rect(x: minX, y: minY, width: max(maxX - minX, 1e-9), height: max(maxY - minY, 1e-9))
    }

    // MARK: Circles

    private mutating func addCircles(_ feature: VectorFeature, _ context: StyleContext) {
        // A circle at every point: of a point feature, or each vertex of a line or an area's rings, as MapLibre draws them.
        guard feature.type != .unknown, let parts = parts(of: feature) else { return }
        let opacity = layer.number("circle-opacity", context)
        let style = CircleStyle(
            radius: layer.number("circle-radius", context) * scale,
            color: layer.color("circle-color", context).color(opacity: opacity),
            blur: layer.number("circle-blur", context),
            strokeWidth: layer.number("circle-stroke-width", context) * scale,
            strokeColor: layer.color("circle-stroke-color", context).color(opacity: layer.number("circle-stroke-opacity", context)))
        let centers = parts.joined().map(transform).filter { bounds.contains($0) }
        guard !centers.isEmpty else { return }
        if circles[style] == nil { order.append(.circle(style)) }
        circles[style, default: []] += centers
    }

    // MARK: Labels

    private mutating func addLabels(_ feature: VectorFeature, index: Int, _ context: StyleContext) {
        // Label positions are in tile units: the tile's pixels, 256 a side.
        let toUnits = transform
        let tileUnits = Rect(x: 0, y: 0, width: WebMercator.tileSize, height: WebMercator.tileSize)
        guard let parts = parts(of: feature) else { return }
        // Most points of a data tile lie in another of the tiles it draws: skip them before reading their text.
        if feature.type == .point, !parts.contains(where: { $0.first.map { tileUnits.contains(toUnits($0)) } ?? false }) { return }
        var (text, wasCut) = layer.text("text-field", context)
        if wasCut {
            problem("layer \"\(layer.id)\": \"text-field\": the expression makes more text than a label can hold (\(EvaluationBudget.longestText) bytes); it is cut")
        }
        switch layer.string("text-transform", context) {
        case "uppercase": text = text.uppercased()
        case "lowercase": text = text.lowercased()
        default: break
        }
        text = LayerOperations.distinctLines(LayerOperations.trimmed(text))
        if text.utf8.count > LayerOperations.longestLabel, text.count > LayerOperations.longestLabel {
            text = String(text.prefix(LayerOperations.longestLabel))
            problem("layer \"\(layer.id)\": \"text-field\": a label of more than \(LayerOperations.longestLabel) characters is cut there")
        }
        let icon = layer.string("icon-image", context)
        guard !text.isEmpty || !icon.isEmpty else { return }
        if fixedLook == nil {
            fixedLook = LabelStyleReader.properties.contains(where: layer.isDataDriven) ? .some(nil)
                : .some(LabelStyleReader.look(layer, context, icon: nil))
        }
        var look = fixedLook! ?? LabelStyleReader.look(layer, context, icon: nil)
        look.icon = icon.isEmpty ? nil : icon
        let priority = LabelPriority(sortKey: layer.sets("symbol-sort-key") ? layer.number("symbol-sort-key", context) : 0,
                                     layerIndex: layerIndex, featureIndex: index)
        let placement = layer.string("symbol-placement", context)
        func offer(_ placement: LabelCandidate.Placement) {
            offerLabel(LabelCandidate(text: text, tile: tile, styleZoom: zoom, placement: placement, layer: layer.id,
                                         look: look, priority: priority))
        }
        if placement == "line" || placement == "line-center" {
            // Points have no line to follow: a line placement labels none (as in MapLibre).
            guard feature.type != .point else { return }
            pendLineLabel(text: text, look: look, priority: priority, centred: placement == "line-center", parts: parts)
            return
        }
        switch feature.type {
        case .point:
            for point in parts.compactMap(\.first).map(toUnits) where tileUnits.contains(point) { offer(.point(point)) }
        case .polygon:
            guard let polygons = polygons(of: feature) else { return }
            for polygon in polygons {
                let center = LabelStyleReader.center(of: polygon[0].map(toUnits))
                if tileUnits.contains(center) { offer(.point(center)) }
            }
        case .lineString:
            for part in parts where part.count >= 2 {
                let line = part.map(toUnits)
                let middle = LineGeometry.point(along: line, at: LineGeometry.length(of: line) / 2).point
                if tileUnits.contains(middle) { offer(.point(middle)) }
            }
        case .unknown: break
        }
    }

    /// The most characters a label draws: more would not fit on any screen.
    static let longestLabel = 500

    /// A feature's geometry, or nil with the decoder's reason noted once as a problem.
    mutating func parts(of feature: VectorFeature) -> [[Point]]? {
        do {
            return try feature.geometry()
        } catch {
            problem("\(error.reason); such features are left out")
            return nil
        }
    }

    /// A polygon feature's polygons, or nil with the decoder's reason noted
    /// once; rings too small to be one are left out, also noted.
    private mutating func polygons(of feature: VectorFeature) -> [[[Point]]]? {
        do {
            var dropped = 0
            let polygons = try feature.polygons(dropped: &dropped)
            if dropped > 0 {
                problem("a polygon of layer \"\(feature.layer)\" has a ring of fewer than 3 points; such rings are left out")
            }
            return polygons
        } catch {
            problem("\(error.reason); such features are left out")
            return nil
        }
    }

    /// Notes a problem once.
    mutating func problem(_ text: String) {
        if !problems.contains(text) { problems.append(text) }
    }

    /// Text without the spaces and line breaks around it ("Name\n" when a
    /// style joins a name and an absent second name), cheaply: labels are many.
    /// A label's lines without blank ones and without a line saying again
    /// what one above said: "東京\n東京" (a name asked for in Japanese over
    /// the local one) is one line.
    static func distinctLines(_ text: String) -> String {
        guard text.contains("\n") else { return text }
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).map({ trimmed(String($0)) })
            where !line.isEmpty && !lines.contains(line) {
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    static func trimmed(_ text: String) -> String {
        guard let first = text.first, let last = text.last, first.isWhitespace || last.isWhitespace else { return text }
        guard let start = text.firstIndex(where: { !$0.isWhitespace }), let end = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(text[start...end])
    }
}
