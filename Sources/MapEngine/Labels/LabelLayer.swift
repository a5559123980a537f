import Foundation

/// The map's labels from frame to frame: the labels of the tiles in view
/// are placed together (`LabelPlacer`), and each label fades in when it is
/// first placed and out when it is no longer, over `fadeDuration`. Labels
/// keep their place in the world, so they move with the map exactly.
/// Labels that stood are kept where others of their rank would take their
/// place (see `LabelPlacer.place(ordered:shown:)`), so they do not flicker
/// as the map moves a little.
///
/// Labels are placed for the map's base plane (the view and a margin, see
/// `BasePlane`), and the placement stands while the plane does: labels
/// neither come nor go while the map pans within it. Without a plane, a
/// placement serves `placementInterval` while the map only pans, turns or
/// tilts, as MapLibre's does; meanwhile labels move with the map, those
/// along lines turning about their anchors, and the labels of tiles that
/// come in wait for the next placement. A zoom, a new tile's labels on a
/// map at rest or a picture (`instant`) places them at once.
///
///     labels.update(candidates, camera: camera, scale: 2, metrics: fonts, now: t)
///     labels.commands()   // text commands with role "label"
package struct LabelLayer {
    private struct Shown {
        var label: PlacedLabel
        var opacity: Double
        var placed: Bool
        /// Where the label's anchor was on screen when last placed, and its world point.
        var screenAnchor: Point
        var world: Point
        /// Placed and faded in: drawn with the labels at rest (on the base plane).
        var atRest: Bool { placed && opacity >= 1 }
    }

    /// The last placement: what it was made for and when.
    private struct Placement {
        var camera: Camera
        var scale: Double
        var tiles: [TileID]
        var labelsVersion: Int
        var time: Double
    }

    /// How long a label takes to fade in or out, in seconds.
    package static let fadeDuration = 0.2

    /// How long one placement serves while the map only pans, turns or
    /// tilts, in seconds: MapLibre places anew at most once a fade
    /// duration, 0.3 s by default.
    package static let placementInterval = 0.3

    /// The labels shown: placed ones in priority order, then those fading out.
    private var shown: [Shown] = []
    /// `shown`'s places in the order they are drawn (`inDrawingOrder`), kept as it changes, not sorted per frame.
    private var drawingOrder: [Int] = []
    private var lastUpdate: Double?
    private var measures = LabelMeasures()
    private var camera: Camera?
    /// The heading of the camera the shown labels were placed with.
    private var placedHeading = 0.0
    private var placement: Placement?
    /// What the last update placed for: the view, or the region about it.
    private var placing: Camera?

    /// The labels each of the store's map tiles offers, as the tiles came
    /// in (an entry, maybe empty, for every tile in); gone with their tile.
    private(set) var tileLabels: [TileID: [LabelCandidate]] = [:]
    /// Counts the changes to `tileLabels`.
    private var labelsVersion = 0
    /// The candidates of the last tiles placed, in priority order.
    private var sorted: (tiles: [TileID], labelsVersion: Int, candidates: [LabelCandidate]) = ([], 0, [])

    /// No labels yet.
    package init() {}

    /// Takes the labels of tiles that came in and lets go those of tiles
    /// that went: the tile store tells the layer as it pumps.
    package mutating func apply(_ changes: TileOfferChanges) {
        for tile in changes.departed { tileLabels[tile] = nil }
        for (tile, labels) in changes.arrived { tileLabels[tile] = labels }
        labelsVersion &+= 1
    }

    /// Places the labels of the tiles in view (each tile's own, or its
    /// nearest ancestor's that came in) and moves the fades on to `now`.
    /// With a `region` (the base plane's camera: the view and a margin),
    /// labels are placed for all of it, and the placement stands until the
    /// region moves, so labels neither come nor go while the map pans
    /// within it. Without one, a placement serves `placementInterval`
    /// while the map only pans.
    package mutating func update(camera: Camera, region: Camera? = nil, levels: ClosedRange<Int>, scale: Double,
                                 metrics: TextMeasuring, now: Double, instant: Bool = false) {
        let placing = region ?? camera
        let tiles = TileLayer.labelTiles(camera: placing, levels: levels, held: tileLabels)
        guard !tiles.isEmpty || placedCount > 0 || isFading else {
            placement = nil  // nothing shown and nothing to place: nothing is behind
            return
        }
        self.placing = placing
        // Unchanged, or moving (the labels of tiles that came in meanwhile wait for the next placement, as in MapLibre).
        if !instant, let placement, placement.scale == scale,
           (placement.camera == placing && placement.tiles == tiles && placement.labelsVersion == labelsVersion)
            || (region == nil && placement.camera != placing && placement.camera.differsOnlyInPlace(from: placing)
                && now >= placement.time && now - placement.time < LabelLayer.placementInterval) {
            self.camera = camera
            advanceFades(to: now, instant: false)
            return
        }
        if sorted.tiles != tiles || sorted.labelsVersion != labelsVersion {
            sorted = (tiles, labelsVersion, LabelPlacer.inPriorityOrder(tiles.flatMap { tileLabels[$0] ?? [] }))
        }
        // Labels that stood keep their place as the map moves; placed anew
        // for the same view (tiles came in), or for a picture, the labels
        // are what a placement from nothing gives, whatever came first.
        let moved = placement.map { $0.camera != placing && $0.scale == scale } ?? false
        place(sorted.candidates, camera: placing, scale: scale, metrics: metrics, now: now, instant: instant,
              keepingShown: moved && !instant)
        self.camera = camera
        placement = Placement(camera: placing, scale: scale, tiles: tiles, labelsVersion: labelsVersion, time: now)
    }

    /// Whether some label is still fading: the map wants another frame.
    package var isFading: Bool {
        shown.contains { ($0.placed && $0.opacity < 1) || (!$0.placed && $0.opacity > 0) }
    }

    /// Whether the map moved since the labels were last placed: the map
    /// wants another frame, which places them anew once the placement is
    /// `placementInterval` old.
    package var isBehind: Bool {
        guard let placement, let placing else { return false }
        return placement.camera != placing
    }

    /// How many labels are placed now.
    package var placedCount: Int { shown.count { $0.placed } }

    /// The labels placed now, in priority order.
    package var placedKeys: [LabelKey] { shown.filter(\.placed).map(\.label.key) }

    /// The style's icons, drawn for `icon-image`.
    package var sprite: SpriteSheet? {
        didSet { drawVersion &+= 1 }
    }

    /// Counts the changes to what `commands(atRest:in:)` draws (a placement,
    /// a fade's step, the sprite): equal counts, equal commands for a camera.
    package private(set) var drawVersion = 0

    /// Places `candidates` for this frame and moves every fade on to `now`.
    /// `instant` skips the fades (a first frame taken as a picture).
    package mutating func update(_ candidates: [LabelCandidate], camera: Camera, scale: Double, metrics: TextMeasuring,
                                now: Double, instant: Bool = false) {
        place(LabelPlacer.inPriorityOrder(candidates), camera: camera, scale: scale, metrics: metrics, now: now, instant: instant)
        placement = nil
        placing = nil
    }

    /// Places candidates given in priority order, then moves the fades on.
    private mutating func place(_ candidates: [LabelCandidate], camera: Camera, scale: Double, metrics: TextMeasuring,
                                now: Double, instant: Bool, keepingShown: Bool = false) {
        var placer = LabelPlacer(camera: camera, scale: scale, metrics: metrics, measures: measures, sprite: sprite)
        let stood = keepingShown ? Set(shown.lazy.filter(\.placed).map(\.label.key)) : []
        // A label with variable anchors tries the one it stood at first, so it does not change sides as the map moves.
        var anchors: [LabelKey: LabelLook.Anchor] = [:]
        for label in shown where label.placed {
            if let anchor = label.label.textAnchor { anchors[label.label.key] = anchor }
        }
        let placed = placer.place(ordered: candidates, shown: stood, anchors: anchors)
        measures = placer.measures
        self.camera = camera
        placedHeading = camera.heading
        var before: [LabelKey: Shown] = [:]
        before.reserveCapacity(shown.count)
        for entry in shown { before[entry.label.key] = entry }
        var next: [Shown] = []
        next.reserveCapacity(placed.count + shown.count)
        for label in placed {
            let world = Point(x: Double(label.key.x) / 1e5 / WebMercator.tileSize, y: Double(label.key.y) / 1e5 / WebMercator.tileSize)
            let opacity = before.removeValue(forKey: label.key)?.opacity ?? 0
            next.append(Shown(label: label, opacity: opacity, placed: true,
                              screenAnchor: camera.screenPoint(forWorld: world), world: world))
        }
        // The rest fade out, in the order they were shown.
        for var entry in shown where before[entry.label.key] != nil {
            entry.placed = false
            next.append(entry)
        }
        shown = next
        drawingOrder = LabelLayer.inDrawingOrder(shown)
        drawVersion &+= 1
        advanceFades(to: now, instant: instant)
    }

    /// Moves every fade on to `now`: placed labels in, the others out
    /// (forgotten once gone).
    private mutating func advanceFades(to now: Double, instant: Bool) {
        let step = instant ? 1 : min(max(now - (lastUpdate ?? now), 0) / LabelLayer.fadeDuration, 1)
        lastUpdate = now
        if step > 0, shown.contains(where: { $0.placed ? $0.opacity < 1 : true }) { drawVersion &+= 1 }
        for i in shown.indices {
            shown[i].opacity = shown[i].placed ? min(shown[i].opacity + step, 1) : shown[i].opacity - step
        }
        let count = shown.count
        shown.removeAll { !$0.placed && $0.opacity <= 0 }
        if shown.count != count { drawingOrder = LabelLayer.inDrawingOrder(shown) }
    }

    /// The labels as text commands: those at rest (placed and faded in) in
    /// priority order, then the others: fading in, then fading out (moved
    /// with the map since they were last placed).
    package func commands() -> [DrawCommand] {
        commands(atRest: true) + commands(atRest: false)
    }

    /// The places of labels in the order they are drawn, as MapLibre draws them: the
    /// style's lowest layer first (a layer above draws over one below);
    /// within a layer the one lower on screen over the one above it
    /// (`symbol-z-order: viewport-y`), or in sort key and feature order (`source`).
    private static func inDrawingOrder(_ labels: [Shown]) -> [Int] {
        labels.enumerated().sorted { a, b in
            let (p, q) = (a.element.label.priority, b.element.label.priority)
            if p.layerIndex != q.layerIndex { return p.layerIndex < q.layerIndex }
            if a.element.label.look.drawsByScreenY, a.element.screenAnchor.y != b.element.screenAnchor.y {
                return a.element.screenAnchor.y < b.element.screenAnchor.y
            }
            if p.sortKey != q.sortKey { return p.sortKey < q.sortKey }
            return (p.tileOrder, p.featureIndex, a.offset) < (q.tileOrder, q.featureIndex, b.offset)
        }.map(\.offset)
    }

    /// An SDF icon's colour and look, drawn `drawnWidth` pixels wide, as
    /// MapLibre's SDF shader draws it: the field changes by 1/8 a texel, its
    /// edge fades over about a display pixel, and its halo reaches
    /// `icon-halo-width` points beyond the shape (at most 6 texels, the
    /// field's reach), fading over its blur.
    static func sdfLook(_ look: LabelLook, icon: SpriteSheet.Icon, drawnWidth: Double) -> (Color, SDFIconLook) {
        let perTexel = 1.0 / 8
        // Texels of the sprite to a display pixel, and to a point of the label.
        let texelsPerPixel = drawnWidth > 0 ? icon.rect.width / drawnWidth : 1
        let texelsPerPoint = icon.pixelRatio / max(look.iconSize, 0.01)
        let gamma = 0.105 * texelsPerPixel
        let haloTexels = min(look.iconHaloWidth * texelsPerPoint, 6)
        let haloGamma = look.iconHaloBlur * texelsPerPoint * 1.19 * perTexel + gamma
        let halo = look.iconHaloWidth > 0 ? look.iconHaloColor : Color(rgba: 0, 0, 0, 0)
        return (look.iconColor, SDFIconLook(gamma: gamma, haloColor: halo, haloEdge: SDFIconLook.edge - haloTexels * perTexel,
                                            haloGamma: haloGamma))
    }

    /// The labels shown whose text or icon covers `point` (screen points, as
    /// the last update's camera sees them), topmost first: their style
    /// layer, tile and feature's place there.
    package func labels(at point: Point) -> [(layer: String, tile: TileID, featureIndex: Int)] {
        var found: [(layer: String, tile: TileID, featureIndex: Int)] = []
        for entry in shown.reversed() where entry.placed && entry.opacity > 0 {
            guard let origin = entry.label.origin else { continue }
            let anchor = camera.map { $0.screenPoint(forWorld: entry.world) } ?? entry.screenAnchor
            let shift = anchor - entry.screenAnchor
            let rects = entry.label.pieces.map(\.rect) + (entry.label.icon.map { [$0.rect] } ?? [])
            // A little room round small text, as a finger needs.
            guard rects.contains(where: { Self.moved($0, by: shift, snap: false).insetBy(-2).contains(point) }) else { continue }
            found.append((entry.label.key.layer, origin.tile, origin.featureIndex))
        }
        return found
    }

    /// The labels at rest, or the others, as text commands, placed as
    /// `view` sees them (the camera of the last update without one).
    /// Those at rest on a base plane lie on 1/1024ths of a pixel, so a
    /// placement that moved nothing leaves the plane as it was. With
    /// `showing`, a label none of whose pixels can fall in that rect (a
    /// label of the plane's margin fading) gives no commands.
    package func commands(atRest: Bool, in view: Camera? = nil, showing: Rect? = nil) -> [DrawCommand] {
        let camera = view ?? self.camera
        var commands: [DrawCommand] = []
        for entry in drawingOrder.lazy.map({ shown[$0] }) {
            guard entry.opacity > 0, entry.atRest == atRest else { continue }
            // Moved (and turned) with the map since it was placed.
            let anchor = camera.map { $0.screenPoint(forWorld: entry.world) } ?? entry.screenAnchor
            let shift = anchor - entry.screenAnchor
            if let showing, !Self.mayShow(entry.label, movedBy: shift, around: anchor - shift, in: showing) { continue }
            let turn = (camera?.heading ?? placedHeading) - placedHeading
            let snap = view != nil
            let look = entry.label.look
            let font = FontSpec(size: entry.label.fontSize, weight: look.weight, stack: look.fonts)
            let alpha = entry.opacity * entry.opacity * (3 - 2 * entry.opacity)
            if let icon = entry.label.icon {
                var draw = ImageDraw(name: icon.name, rect: Self.moved(icon.rect, by: shift, snap: snap),
                                     alpha: alpha * look.iconOpacity, role: "label-icon", catalog: .styleIcons)
                draw.rotation = icon.rotation
                if turn != 0, entry.label.turnsWithMap, entry.label.pieces.isEmpty {
                    // An icon along a line (a one-way arrow) turns with the map, as the line does.
                    (draw.rect, draw.rotation) = Self.turned(PlacedLabel.Piece(text: "", rect: icon.rect, rotation: icon.rotation),
                                                             by: turn, from: entry.screenAnchor, to: anchor)
                }
                if let sheetIcon = sprite?.icons[icon.name], sheetIcon.isSDF {
                    (draw.tint, draw.sdf) = Self.sdfLook(look, icon: sheetIcon, drawnWidth: draw.rect.width)
                    draw.alpha = alpha
                }
                commands.append(.image(draw))
            }
            for piece in entry.label.pieces {
                var rect = Self.moved(piece.rect, by: shift, snap: snap), rotation = piece.rotation
                if turn != 0, entry.label.turnsWithMap {
                    (rect, rotation) = Self.turned(piece, by: turn, from: entry.screenAnchor, to: anchor)
                }
                var draw = TextDraw(text: piece.text, font: font, color: look.color, rect: rect, alpha: alpha)
                draw.role = "label"
                if entry.label.pieces.count > 1 { draw.wholeLabel = entry.label.key.text }
                draw.rotation = rotation
                if look.haloWidth > 0, look.haloColor.alpha > 0 {
                    draw.halo = look.haloColor
                    draw.haloWidth = look.haloWidth * entry.label.fontSize / max(look.size, 1)
                }
                commands.append(.text(draw))
            }
        }
        return commands
    }

    /// Whether any pixel of `label` (moved by `shift`, and turned about its
    /// anchor `placedAnchor` any way, its halo and antialiasing included)
    /// can fall in `rect`.
    private static func mayShow(_ label: PlacedLabel, movedBy shift: Point, around placedAnchor: Point, in rect: Rect) -> Bool {
        var boxes = label.pieces.map(\.rect)
        if let icon = label.icon { boxes.append(icon.rect) }
        guard let box = Rect.union(boxes) else { return false }
        // The farthest corner from the anchor bounds every turn; a halo reaches a few pixels beyond.
        let corners = [Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY),
                       Point(x: box.minX, y: box.maxY), Point(x: box.maxX, y: box.maxY)]
        let reach = corners.map { ($0 - placedAnchor).length }.max() ?? 0
        let halo = label.look.haloWidth * label.fontSize / max(label.look.size, 1) + 2
        let centre = placedAnchor + shift, radius = reach + halo
        return Rect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius).intersects(rect)
    }

    /// A piece of a label that turns with the map, carried from its place
    /// about the anchor `from` to the anchor `to` on a map turned `degrees` more.
    private static func turned(_ piece: PlacedLabel.Piece, by degrees: Double, from: Point, to: Point) -> (Rect, Double) {
        let angle = -degrees * .pi / 180
        let d = piece.rect.center - from
        let centre = to + Point(x: d.x * cos(angle) - d.y * sin(angle), y: d.x * sin(angle) + d.y * cos(angle))
        return (Rect(x: centre.x - piece.rect.width / 2, y: centre.y - piece.rect.height / 2,
                     width: piece.rect.width, height: piece.rect.height), piece.rotation - degrees)
    }

    private static func moved(_ rect: Rect, by shift: Point, snap: Bool) -> Rect {
        let moved = rect.offsetBy(shift)
        guard snap else { return moved }
        func snapped(_ v: Double) -> Double { (v * 1024).rounded() / 1024 }
        return Rect(x: snapped(moved.minX), y: snapped(moved.minY), width: moved.width, height: moved.height)
    }
}
