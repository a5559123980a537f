import Foundation

/// Places the labels of every tile in view at once: highest priority first,
/// each kept only where its boxes (with `text-padding`) touch no label placed
/// before it, so no two labels overlap and none is cut at a tile edge.
/// Point labels wrap at `text-max-width`; line labels follow their line glyph
/// by glyph, turned upright, and are dropped where the line bends too sharply.
///
///     let placed = LabelPlacer(camera: camera, scale: 2, metrics: fonts).place(candidates)
struct LabelPlacer {
    let camera: Camera
    let scale: Double
    let metrics: TextMeasuring
    /// Text measured in earlier frames, kept by the label layer.
    var measures: LabelMeasures
    /// The style's icons, for `icon-image`; without it icons are left out.
    let sprite: SpriteSheet?

    init(camera: Camera, scale: Double, metrics: TextMeasuring, measures: LabelMeasures = LabelMeasures(),
         sprite: SpriteSheet? = nil) {
        self.measures = measures
        self.sprite = sprite
        self.camera = camera
        self.scale = scale
        self.metrics = metrics
    }

    /// The style zoom of the camera (the spec's 512-point tiles, at this scale).
    var styleZoom: Double { VectorTileLayout.styleZoom(mapZoom: camera.zoom, scale: scale) }

    /// Places `candidates`, whatever their order.
    mutating func place(_ candidates: [LabelCandidate]) -> [PlacedLabel] {
        place(ordered: LabelPlacer.inPriorityOrder(candidates))
    }

    /// Candidates in the order they are placed: by priority, and in the
    /// order given where priorities are equal.
    static func inPriorityOrder(_ candidates: [LabelCandidate]) -> [LabelCandidate] {
        candidates.sorted { $0.priority < $1.priority }
    }

    /// Places candidates already in priority order (`inPriorityOrder`).
    ///
    /// Labels in `shown` (those placed last time) keep their place: among
    /// candidates of one layer and sort key, whose order the style leaves
    /// open, they are placed before the others, so a label that stood is
    /// not pushed out by a neighbour of the same rank as the map moves a
    /// little. A label of a higher rank still wins its room. A label that
    /// stood keeps its place while its text touches no other label's room:
    /// its `text-padding` is asked only of labels placed anew. A label with
    /// variable anchors tries the one it stood at (`anchors`) first.
    mutating func place(ordered candidates: [LabelCandidate], shown: Set<LabelKey> = [],
                        anchors stoodAt: [LabelKey: LabelLook.Anchor] = [:]) -> [PlacedLabel] {
        var grid = CollisionGrid()
        var placed: [PlacedLabel] = []
        var seen: Set<LabelKey> = []
        seen.reserveCapacity(candidates.count)
        let view = Rect(origin: .zero, size: camera.viewportSize)
        // Labels anchored this far outside cannot reach into the view: they are not measured at all.
        let margin = LabelPlacer.reach * scale
        let near = Rect(x: -margin, y: -margin, width: view.width + 2 * margin, height: view.height + 2 * margin)
        let zoom = max(styleZoom, 0)
        for candidate in LabelPlacer.shownFirst(candidates, shown: shown, key: key(of:)) {
            // A layer shown from a zoom between the tiles' levels (15.5) waits for the map to reach it.
            guard candidate.shownAt.contains(zoom) else { continue }
            let anchorPoint = candidate.placement.anchor
            guard near.contains(screenPoint(anchorPoint, in: candidate.tile)) else { continue }
            let world = worldPoint(anchorPoint, in: candidate.tile)
            let key = LabelPlacer.key(candidate, world: world)
            guard seen.insert(key).inserted else { continue }
            var alongLine = false
            if case .line = candidate.placement { alongLine = candidate.look.rotatesWithMap(alongLine: true) }
            let size = fontSize(candidate) * perspective(atWorld: world, pitchesWithMap: candidate.look.pitchesWithMap(alongLine: alongLine))
            guard size >= 1 else { continue }
            // A point label with variable anchors tries each in turn; the first that finds room stands.
            var anchors = alongLine ? [candidate.look.anchor] : candidate.look.anchorsToTry
            if anchors.count > 1, let stood = stoodAt[key], let index = anchors.firstIndex(of: stood) {
                anchors.insert(anchors.remove(at: index), at: 0)
            }
            var found: (text: (pieces: [PlacedLabel.Piece], boxes: [Rect]), icon: PlacedLabel.Icon?, anchor: LabelLook.Anchor)?
            // Vertical text (`text-writing-mode`) is tried in the order the style gives, for text that can stand in a column.
            let modes = alongLine ? [false] : candidate.look.writingModes(for: candidate.text)
            attempts: for vertical in modes {
            for textAnchor in anchors {
                let drawn = parts(of: candidate, textAnchor: textAnchor, alongLine: alongLine, size: size, vertical: vertical)
                var icon = drawn.icon
                let iconBoxes = icon.map { [$0.bounds] } ?? []
                guard var label = drawn.text, !label.pieces.isEmpty || icon != nil,
                      (label.boxes + iconBoxes).contains(where: { $0.intersects(view) }) else { continue }
                // `symbol-avoid-edges`: a label that would cross its tile's edge is left out.
                if let edges = candidate.edges, !within(edges, of: candidate.tile, label.boxes + iconBoxes) { continue }
                guard let (showsText, showsIcon) = room(for: candidate.look, text: label.boxes, icon: iconBoxes, in: &grid,
                                                        stood: shown.contains(key)) else { continue }
                if !showsText { label = ([], []) }
                if !showsIcon { icon = nil }
                found = (label, icon, textAnchor)
                break attempts
            }
            }
            guard let (label, icon, textAnchor) = found else { continue }
            var placedLabel = PlacedLabel(key: key, pieces: label.pieces, look: candidate.look, fontSize: size, icon: icon)
            placedLabel.turnsWithMap = alongLine || candidate.look.rotatesWithMap(alongLine: false)
            placedLabel.origin = LabelOrigin(tile: candidate.tile, featureIndex: candidate.priority.featureIndex)
            placedLabel.priority = candidate.priority
            if anchors.count > 1 { placedLabel.textAnchor = textAnchor }
            placed.append(placedLabel)
        }
        return placed
    }

    /// What a candidate draws with its text at `textAnchor`: its text's
    /// pieces and boxes (nil when it has none to show) and its icon.
    private mutating func parts(of candidate: LabelCandidate, textAnchor: LabelLook.Anchor, alongLine: Bool,
                                size: Double, vertical: Bool = false) -> (text: (pieces: [PlacedLabel.Piece], boxes: [Rect])?, icon: PlacedLabel.Icon?) {
        switch candidate.placement {
        case .line(let path, let distance) where alongLine && candidate.text.isEmpty:
            // An icon alone along a line (a one-way arrow): at its place on the line, turned with it,
            // where the line is long enough to hold it on both sides of its place. MapLibre measures the
            // icon there in the scale of the layer's text (its width before icon-size, times text-size / 24), and so does this.
            let onScreen = path.map { screenPoint($0, in: candidate.tile) }
            let at = distance * unitsToScreen(candidate.tile)
            let along = LineGeometry.point(along: onScreen, at: at)
            var icon = iconPlace(candidate.look, at: along.point)
            if let width = icon.map({ $0.rect.width / max(candidate.look.iconSize, 1e-6) * candidate.look.size / 24 }),
               at - width / 2 < 0 || at + width / 2 > LineGeometry.length(of: onScreen) { return (nil, nil) }
            icon?.rotation += along.angle * 180 / .pi
            return (([], []), icon)
        case .line(let path, let distance) where alongLine:
            return (lineLabel(candidate, path: path.map { screenPoint($0, in: candidate.tile) },
                              distance: distance * unitsToScreen(candidate.tile), size: size), nil)
        case .point, .line:
            // A point, or a line's label kept level on screen (`text-rotation-alignment: viewport`) at its anchor.
            let look = candidate.look
            let point = screenPoint(candidate.placement.anchor, in: candidate.tile)
            let anchor = point + shift(look.textTranslate, turning: look.textTranslateTurns)
            var icon = iconPlace(look, at: point + shift(look.iconTranslate, turning: look.iconTranslateTurns))
            if look.icon != nil, icon == nil, candidate.text.isEmpty { return (nil, nil) }
            var text: (pieces: [PlacedLabel.Piece], boxes: [Rect])? = candidate.text.isEmpty ? ([], [])
                : vertical ? verticalLabel(candidate, at: anchor, textAnchor: textAnchor, size: size)
                : pointLabel(candidate, at: anchor, textAnchor: textAnchor, size: size)
            if let frame = icon, let box = text?.boxes.first {
                icon = fitted(frame, to: box, lines: text?.pieces.count ?? 1, look: look, size: size)
            }
            // `text-rotate`, and the map's turn for text that turns with it.
            let turn = look.textRotate - (look.rotatesWithMap(alongLine: false) ? camera.heading : 0)
            if turn != 0, let level = text { text = turned(level, about: anchor, degrees: turn) }
            return (text, icon)
        }
    }

    /// Whether a label's text and icon find room, each by its own flags
    /// (`text-allow-overlap`, `icon-allow-overlap`): both, or one alone
    /// when the other is optional (`text-optional`, `icon-optional`), as
    /// MapLibre places them; nil when the label is not placed. What is
    /// placed takes its room unless it ignores placement. A label that
    /// stood needs only its own room; its padding is asked of newcomers.
    private func room(for look: LabelLook, text: [Rect], icon: [Rect], in grid: inout CollisionGrid,
                      stood: Bool) -> (text: Bool, icon: Bool)? {
        let padding = look.padding * scale
        func padded(_ boxes: [Rect]) -> [Rect] {
            boxes.map { Rect(x: $0.minX - padding, y: $0.minY - padding, width: $0.width + 2 * padding, height: $0.height + 2 * padding) }
        }
        let textFits = text.isEmpty || look.allowOverlap || grid.isFree(stood ? text : padded(text))
        let iconFits = icon.isEmpty || look.iconAllowOverlap || grid.isFree(stood ? icon : padded(icon))
        var shows = (text: !text.isEmpty, icon: !icon.isEmpty)
        if !textFits || !iconFits {
            if !textFits, iconFits, look.textOptional, shows.icon {
                shows.text = false
            } else if !iconFits, textFits, look.iconOptional, shows.text {
                shows.icon = false
            } else {
                return nil
            }
        }
        if shows.text, !look.ignorePlacement { grid.insert(padded(text)) }
        if shows.icon, !look.iconIgnorePlacement { grid.insert(padded(icon)) }
        return shows
    }

    /// A label's key: its layer, its text and where its anchor lies in the world.
    static func key(_ candidate: LabelCandidate, world: Point) -> LabelKey {
        LabelKey(layer: candidate.layer, text: candidate.text, x: Int64((world.x * 1e5).rounded()), y: Int64((world.y * 1e5).rounded()))
    }

    private func key(of candidate: LabelCandidate) -> LabelKey {
        LabelPlacer.key(candidate, world: worldPoint(candidate.placement.anchor, in: candidate.tile))
    }

    /// Candidates in priority order, with those `shown` first within each
    /// run of one layer and sort key (otherwise in the order given).
    static func shownFirst(_ candidates: [LabelCandidate], shown: Set<LabelKey>,
                           key: (LabelCandidate) -> LabelKey) -> [LabelCandidate] {
        guard !shown.isEmpty else { return candidates }
        var ordered: [LabelCandidate] = []
        ordered.reserveCapacity(candidates.count)
        var later: [LabelCandidate] = []
        var start = 0
        while start < candidates.count {
            let rank = candidates[start].priority
            var end = start
            later.removeAll(keepingCapacity: true)
            while end < candidates.count, candidates[end].priority.layerIndex == rank.layerIndex,
                  candidates[end].priority.sortKey == rank.sortKey {
                if shown.contains(key(candidates[end])) { ordered.append(candidates[end]) } else { later.append(candidates[end]) }
                end += 1
            }
            ordered += later
            start = end
        }
        return ordered
    }

    /// How far outside the view (in points) a label's anchor may be and the
    /// label still reach in: half the widest label anyone would read.
    static let reach = 400.0

    /// The size in pixels at the camera's zoom, between the sizes evaluated
    /// at the tile's style zoom and one deeper.
    func fontSize(_ candidate: LabelCandidate) -> Double {
        let t = min(max(styleZoom - candidate.styleZoom, 0), 1)
        return (candidate.look.size + (candidate.look.sizeNext - candidate.look.size) * t) * scale
    }

    /// How much a label is scaled on a tilted map at a unit world point:
    /// with the ground when it lies on the map, else half as much, as
    /// MapLibre scales labels that face the viewer.
    /// In steps of 1/16, so a label keeps its size (and its measures and
    /// its picture) while the map moves a little: fonts are made per size.
    private func perspective(atWorld world: Point, pitchesWithMap: Bool) -> Double {
        guard camera.pitch > 0 else { return 1 }
        let s = camera.perspectiveScale(atWorld: world * (1 / WebMercator.tileSize))
        return ((pitchesWithMap ? s : 0.5 + 0.5 * s) * 16).rounded() / 16
    }

    // MARK: Points

    private mutating func pointLabel(_ candidate: LabelCandidate, at anchor: Point, textAnchor: LabelLook.Anchor,
                                     size: Double) -> ([PlacedLabel.Piece], [Rect])? {
        let look = candidate.look
        let font = FontSpec(size: size, weight: look.weight, stack: look.fonts)
        let block = textBlock(candidate.text, font: font, maxWidth: look.maxWidth * size, letterSpacing: look.letterSpacing * size)
        let (lines, widths, glyphHeight) = (block.lines, block.widths, block.height)
        let lineHeight = look.lineHeight * size
        let width = widths.max() ?? 0
        let height = lineHeight * Double(lines.count - 1) + glyphHeight
        guard width > 0 else { return nil }
        let origin = look.origin(ofText: Size(width: width, height: height), at: anchor, standingAt: textAnchor, em: size)
        var pieces: [PlacedLabel.Piece] = []
        for (index, line) in lines.enumerated() {
            let lineWidth = widths[index]
            let justify = look.justify == .auto ? (textAnchor.rawValue.contains("left") ? .left : textAnchor.rawValue.contains("right") ? .right : .center) : look.justify
            let x: Double
            switch justify {
            case .left: x = origin.x
            case .right: x = origin.x + width - lineWidth
            default: x = origin.x + (width - lineWidth) / 2
            }
            pieces.append(PlacedLabel.Piece(text: line, rect: Rect(x: x, y: origin.y + Double(index) * lineHeight,
                                                                   width: lineWidth, height: glyphHeight), rotation: 0))
        }
        // The room a label takes is its lines at the style's line height, as MapLibre counts it, about the text's middle.
        let room = lineHeight * Double(lines.count)
        return (pieces, [Rect(x: origin.x, y: origin.y + (height - room) / 2, width: width, height: room)])
    }

    /// The text wrapped and measured, from the kept measures when it was before.
    private mutating func textBlock(_ text: String, font: FontSpec, maxWidth: Double, letterSpacing: Double) -> LabelMeasures.Block {
        let key = LabelMeasures.BlockKey(text: text, font: font, maxWidth: maxWidth, letterSpacing: letterSpacing)
        if let block = measures.blocks[key] { return block }
        let lines = metrics.wrapped(text, font: font, maxWidth: maxWidth)
        let widths = lines.map { metrics.size(of: $0, font: font).width + letterSpacing * Double(max($0.count - 1, 0)) }
        let block = LabelMeasures.Block(lines: lines, widths: widths, height: metrics.size(of: lines.first ?? "", font: font).height)
        measures.remember(block, for: key)
        return block
    }

    // MARK: Lines

    private mutating func lineLabel(_ candidate: LabelCandidate, path: [Point], distance: Double,
                                    size: Double) -> ([PlacedLabel.Piece], [Rect])? {
        let look = candidate.look
        let font = FontSpec(size: size, weight: look.weight, stack: look.fonts)
        let segments = lineSegments(candidate.text, font: font)
        let spacing = look.letterSpacing * size
        // Chinese, Japanese or Korean on a line nearer upright than level is set down it in a column (`LabelLook.setsInColumn`).
        let column = look.setsInColumn(candidate.text, along: LineGeometry.point(along: path, at: distance).angle)
        let upright = segments.map { column && $0.text.first.map(LabelLook.standsUpright) == true }
        let advances = segments.indices.map { (upright[$0] ? size : segments[$0].advance) + spacing }
        let total = advances.reduce(0, +) - spacing
        let length = LineGeometry.length(of: path)
        guard total > 0, total <= length else { return nil }
        var start = distance - total / 2
        guard start >= 0, start + total <= length else { return nil }
        // Upright: read left to right; a line running leftwards is read from its other end.
        var line = path
        let middle = LineGeometry.point(along: line, at: distance)
        if look.keepUpright, column ? sin(middle.angle) < 0 : cos(middle.angle) < 0 {
            line = path.reversed()
            start = length - distance - total / 2
        }
        let height = metrics.size(of: "Ag", font: font).height
        var pieces: [PlacedLabel.Piece] = []
        var boxes: [Rect] = []
        var previousAngle: Double?
        var along = start
        for (index, segment) in segments.enumerated() {
            let advance = advances[index]
            let centre = LineGeometry.point(along: line, at: along + (advance - spacing) / 2)
            if let previousAngle {
                var turn = abs(centre.angle - previousAngle)
                if turn > .pi { turn = 2 * .pi - turn }
                if turn * 180 / .pi > look.maxAngle { return nil }
            }
            previousAngle = centre.angle
            // An upright character keeps its own width and stands up across the line; other letters lie along it.
            let width = upright[index] ? segment.advance : advance - spacing
            if !segment.text.isEmpty {
                pieces.append(PlacedLabel.Piece(text: segment.text,
                                                rect: Rect(x: centre.point.x - width / 2, y: centre.point.y - height / 2,
                                                           width: width, height: height),
                                                rotation: centre.angle * 180 / .pi - (upright[index] ? 90 : 0)))
                // Its room: a square a line high (the style's line height), as MapLibre's circles along a line are.
                let room = look.lineHeight * size
                boxes.append(Rect(x: centre.point.x - room / 2, y: centre.point.y - room / 2, width: room, height: room))
            }
            along += advance
        }
        return (pieces, boxes)
    }

    /// The text's shaped segments in visual order, on one line, from the
    /// kept measures when cut before; a space keeps its advance and loses its
    /// text, so the frames after the first test no character to skip it.
    private mutating func lineSegments(_ text: String, font: FontSpec) -> [TextSegment] {
        let key = LabelMeasures.SegmentKey(text: text, font: font)
        if let known = measures.segments[key] { return known }
        let cut = metrics.segments(of: text.replacingOccurrences(of: "\n", with: " "), font: font).map {
            $0.text.allSatisfy(\.isWhitespace) ? TextSegment(text: "", advance: $0.advance) : $0
        }
        measures.remember(cut, for: key)
        return cut
    }

    // MARK: Coordinates

    /// Screen pixels per tile unit at the camera's zoom.
    private func unitsToScreen(_ tile: TileID) -> Double { pow(2, camera.zoom - Double(tile.z)) }

    private func worldPoint(_ point: Point, in tile: TileID) -> Point {
        // World units at zoom 0: 256 across.
        let k = 1 / pow(2, Double(tile.z))
        return Point(x: (Double(tile.x) * WebMercator.tileSize + point.x) * k, y: (Double(tile.y) * WebMercator.tileSize + point.y) * k)
    }

    private func screenPoint(_ point: Point, in tile: TileID) -> Point {
        let world = worldPoint(point, in: tile)
        return camera.screenPoint(forWorld: world * (1 / WebMercator.tileSize))
    }

    /// Whether every corner of `boxes` (on screen) lies within the square
    /// `edges` of `tile`'s units as the camera shows it (turned or tilted, a four-sided shape).
    private func within(_ edges: Rect, of tile: TileID, _ boxes: [Rect]) -> Bool {
        let corners = [Point(x: edges.minX, y: edges.minY), Point(x: edges.maxX, y: edges.minY),
                       Point(x: edges.maxX, y: edges.maxY), Point(x: edges.minX, y: edges.maxY)].map { screenPoint($0, in: tile) }
        func inside(_ p: Point) -> Bool {
            var sign = 0.0
            for (a, b) in zip(corners, corners.dropFirst() + [corners[0]]) {
                let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
                if cross * sign < 0 { return false }
                if cross != 0 { sign = cross }
            }
            return true
        }
        return boxes.allSatisfy { box in
            inside(Point(x: box.minX, y: box.minY)) && inside(Point(x: box.maxX, y: box.minY))
                && inside(Point(x: box.maxX, y: box.maxY)) && inside(Point(x: box.minX, y: box.maxY))
        }
    }
}
