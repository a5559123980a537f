/// Builds the tile part of a scene: each visible tile, or the part of a loaded
/// ancestor standing in for it, or a quiet placeholder.
///
///     let layer = TileLayer.build(camera: camera, levels: 0...5, tiles: loader)
///     layer.commands      // tiles and placeholders, in drawing order
///     layer.requests      // what to load next
package enum TileLayer {
    /// How many levels up a stand-in ancestor is looked for (`TileID.fallbackDepth`).
    package static var fallbackDepth: Int { TileID.fallbackDepth }

    /// The colour beyond the poles, and behind everything a renderer draws.
    package static let backgroundColor = Color(hex: 0xDCD9D3)

    /// The placeholder for a tile with nothing to show: a light fill with a
    /// faint grid, so it reads as "not here yet" rather than as sea or land.
    package static let placeholderFill = Color(hex: 0xECE9E3)
    /// The colour of the grid drawn where a tile has not come in yet.
    package static let placeholderLine = Color(hex: 0xDDD9D1)
    static let placeholderGridCells = 4.0

    /// Tiles are drawn down to this level, the camera's deepest zoom. Past
    /// the source's last level they are made from its deepest tiles (see
    /// `OverzoomSampler`), so no tile is ever drawn larger than about
    /// 1.4 times its size, and a frame at zoom 20 costs what one at the
    /// source's last level does.
    package static let deepestLevel = Int(Camera.zoomLimits.upperBound)

    /// `levels` are the levels the source holds. `atRest`: the camera is
    /// still, so a painted source's tiles are asked for at their size on
    /// screen with their corners where they lie, and drawn so once they are
    /// in. On a whole zoom such a picture is asked for instead of the plain
    /// tile, not after it: a first frame paints each tile once; and while
    /// the map then pans by whole pixels, the pictures painted at rest stay
    /// in the plain tiles' place.
    /// With a `fade`, a tile that came in lately is drawn over what stood in
    /// for it, as opaque as the fade has gone.
    package static func build(camera: Camera, levels: ClosedRange<Int>, tiles: TileStatusProviding,
                             atRest: Bool = false, fade: TileFade? = nil) -> (commands: [DrawCommand], requests: [TileKey]) {
        let cover = TileCover(camera: camera, levels: levels.lowerBound...max(levels.upperBound, deepestLevel))
        var commands: [DrawCommand] = []
        commands.reserveCapacity(cover.placements.count + 1)
        if camera.worldSize < camera.viewportSize.height || !camera.isFlatNorthUp {
            // The whole world is shorter than the window, or turned: fill beyond the poles and the tiles not in.
            commands.append(.rect(Rect(origin: .zero, size: camera.viewportSize), backgroundColor))
        }
        var standIns = Set<TileID>()
        var sharp: [TileKey] = []
        // Tiles whose picture at rest takes the plain tile's place (it offers the same labels): the plain is not asked for.
        var replaced: [TileID: TileKey] = [:]
        var unasked = Set<TileID>()
        let depth = min(fallbackDepth, cover.level - levels.lowerBound)
        let sharpens = atRest && tiles.paintsAtAnySize
        for placement in cover.placements {
            let key = TileKey(tile: placement.tile)
            let status = tiles.status(of: key)
            if sharpens, placement.mesh == nil, var resting = restingDraw(of: placement.tile, in: placement.exact ?? placement.rect) {
                if resting.key.isOwnSizeBase {
                    replaced[placement.tile] = resting.key
                } else {
                    sharp.append(resting.key)
                    // Deeper than the level the labels come from, the plain tile would serve no label: not asked for.
                    if tiles.offersLabels && placement.tile.z > labelLevel(camera: camera, levels: levels) { unasked.insert(placement.tile) }
                }
                if tiles.status(of: resting.key) == .loaded {
                    // Fading in over the plain tile when that was in, or else over what stood in for it.
                    if let fade { resting.alpha = fade.opacity(since: tiles.readySince(resting.key)) }
                    if resting.alpha < 1 {
                        if status == .loaded {
                            commands.append(.tile(TileImageDraw(key: key, source: placement.source, rect: placement.rect)))
                        } else {
                            appendStandIn(for: placement, depth: depth, tiles: tiles, to: &commands)
                        }
                    }
                    commands.append(.tile(resting))
                    continue
                }
            }
            if !sharpens, tiles.paintsAtAnySize, placement.mesh == nil,
               let resting = restingDraw(of: placement.tile, in: placement.exact ?? placement.rect), resting.key.isOwnSizeBase,
               tiles.status(of: resting.key) == .loaded {
                // Panned by whole pixels since the map rested: the picture painted then still lies where the tile does.
                // It stays, asked for in the plain tile's place, and so do the labels it offered.
                replaced[placement.tile] = resting.key
                commands.append(.tile(resting))
                continue
            }
            if status == .loaded {
                var draw = TileImageDraw(key: key, source: placement.source, rect: placement.rect, mesh: placement.mesh)
                // A flat tile fades in over its stand-in (a tilted one's mesh is drawn whole).
                if let fade, placement.mesh == nil {
                    draw.alpha = fade.opacity(since: tiles.readySince(key))
                    if draw.alpha < 1 { appendStandIn(for: placement, depth: depth, tiles: tiles, to: &commands) }
                }
                commands.append(.tile(draw))
                continue
            }
            if placement.mesh == nil, let kept = tiles.ownSizePicture(of: placement.tile), tiles.status(of: kept) == .loaded {
                // The picture painted while the map rested, its corner put back where the tile's lies now.
                let shift = kept.phase.offset
                commands.append(.tile(TileImageDraw(key: kept, source: placement.source,
                                                    rect: (placement.exact ?? placement.rect).offsetBy(Point(x: -shift.x, y: -shift.y)))))
                continue
            }
            var ancestor = placement.tile.parent
            for _ in 0..<depth {
                guard let tile = ancestor else { break }
                standIns.insert(tile)
                ancestor = tile.parent
            }
            // A tile whose file is broken shows the placeholder, so a damaged
            // tile set is visible rather than quietly papered over.
            if status == .failed {
                if placement.mesh == nil { appendPlaceholder(in: placement.rect, to: &commands) }
            } else {
                appendStandIn(for: placement, depth: depth, tiles: tiles, to: &commands)
            }
        }
        let middle = camera.viewportSize.center
        let visible = cover.placements
            .sorted { ($0.rect.center - middle).length < ($1.rect.center - middle).length }
            .map(\.tile)
        // Each tile once (copies of the world repeat them), nearest the middle first.
        var seen = Set<TileID>(), own: [TileID] = []
        for tile in visible where seen.insert(tile).inserted { own.append(tile) }
        let tilesWanted = tiles.asksForStandIns ? standIns.sorted() + own.filter { !standIns.contains($0) } : own
        var seenSharp = Set<TileKey>()
        var wanted = tilesWanted.compactMap { tile in unasked.contains(tile) ? nil : replaced[tile] ?? TileKey(tile: tile) }
            + sharp.filter { seenSharp.insert($0).inserted }
        if tiles.offersLabels {
            // Labels come from the level below when the zoom was rounded up (see `labelLevel`).
            let level = labelLevel(camera: camera, levels: levels)
            for tile in own where tile.z > level && seen.insert(tile.ancestor(at: level)).inserted {
                wanted.append(TileKey(tile: tile.ancestor(at: level)))
            }
        }
        return (commands, wanted)
    }

    /// A whole tile's rectangle, in pixels of a `WebMercator.tileSize` tile.
    static let wholeTile = Rect(x: 0, y: 0, width: WebMercator.tileSize, height: WebMercator.tileSize)

    /// The part `part` (in a whole tile's pixels) of `rect`, another tile's
    /// pixels the tile stands for.
    static func part(_ part: Rect, of rect: Rect) -> Rect {
        guard part != wholeTile else { return rect }
        let k = rect.width / WebMercator.tileSize
        return Rect(x: rect.minX + part.minX * k, y: rect.minY + part.minY * k, width: part.width * k, height: part.height * k)
    }

    /// A whole tile drawn into `rect`, painted again while the map rests:
    /// at its size on screen when the map rests between whole zooms, and
    /// with its corner where it lies, up to half a pixel from the nearest
    /// whole pixel its picture is laid on, so that its edges fall where the
    /// world's do (a picture moved by a fraction of a pixel would be drawn
    /// up to half a pixel off). The picture holds the pixels whose centres
    /// lie in the tile, as a GPU draws a tile's quad. Nil when the plain
    /// tile is already exact, or for a tile not square or outside 64 to
    /// 1,024 pixels a side.
    static func restingDraw(of tile: TileID, in rect: Rect) -> TileImageDraw? {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else { return nil }
        let side = Int(rect.width.rounded())
        guard side >= 64, side <= 1024, abs(rect.height - rect.width) <= 1 else { return nil }
        let (left, right, top, bottom) = (snapped(rect.minX), snapped(rect.maxX), snapped(rect.minY), snapped(rect.maxY))
        let phase = TilePhase(x: left.phase, y: top.phase)
        guard side != Int(WebMercator.tileSize) || phase != TilePhase() else { return nil }
        var key = TileKey(tile: tile, pixels: side)
        key.phase = phase
        // Neighbours share their edges' whole pixels: the pictures meet without a gap or an overlap.
        return TileImageDraw(key: key, source: wholeTile,
                             rect: Rect(x: left.whole, y: top.whole, width: right.whole - left.whole, height: bottom.whole - top.whole))
    }

    /// A position on screen as the nearest pixel edge and the 64ths of a
    /// pixel it lies past it (-32 to 32).
    private static func snapped(_ position: Double) -> (whole: Double, phase: Int) {
        let steps = Double(TilePhase.steps)
        let fine = (position * steps).rounded()
        let whole = (fine / steps).rounded()
        return (whole, Int(fine - whole * steps))
    }

    /// What stands in for a tile not loaded, or fading in: the part of its
    /// nearest loaded ancestor, or else the placeholder.
    private static func appendStandIn(for placement: TilePlacement, depth: Int, tiles: TileStatusProviding,
                                      to commands: inout [DrawCommand]) {
        if let standIn = loadedAncestor(of: placement.tile, levelsUp: depth, tiles: tiles) {
            commands.append(.tile(TileImageDraw(key: TileKey(tile: standIn),
                                                source: part(placement.source, of: placement.tile.rect(in: standIn, pixels: WebMercator.tileSize)),
                                                rect: placement.rect, mesh: placement.mesh)))
        } else if placement.mesh == nil {
            appendPlaceholder(in: placement.rect, to: &commands)
        }
    }

    /// The nearest loaded ancestor standing in for a tile not loaded, at most `levelsUp` levels up.
    static func loadedAncestor(of tile: TileID, levelsUp: Int, tiles: TileStatusProviding) -> TileID? {
        tile.nearestAncestor(levelsUp: levelsUp) { tiles.status(of: TileKey(tile: $0)) == .loaded }
    }

    /// The view's own tiles and where they go, nearest the middle first, each
    /// once (whatever is loaded): what overlays are painted on.
    package static func cover(camera: Camera, levels: ClosedRange<Int>) -> [TileImageDraw] {
        // Overlays are seen through: their tiles meet edge to edge, never blended twice.
        let cover = TileCover(camera: camera, levels: levels.lowerBound...max(levels.upperBound, deepestLevel), overlapping: false)
        let middle = camera.viewportSize.center
        return cover.placements
            .sorted { ($0.rect.center - middle).length < ($1.rect.center - middle).length }
            .map { TileImageDraw(key: TileKey(tile: $0.tile), source: $0.source, rect: $0.rect, mesh: $0.mesh) }
    }

    /// The level whose tiles' labels (and buildings) a view shows: the
    /// camera's zoom rounded down, within the levels. The tiles drawn are
    /// of the zoom rounded, for sharpness while the map moves; but at rest
    /// they are painted from the data of the style zoom rounded down, as
    /// MapLibre draws everything. Labels come from that data too, whether
    /// the map moves or rests, so a label stands on what it names (a
    /// cluster's count on its circle) and the names are MapLibre's. Never
    /// level 0 where level 1 is drawn: its style zoom, −1, lies below any
    /// MapLibre has, and below every layer's `minzoom`.
    static func labelLevel(camera: Camera, levels: ClosedRange<Int>) -> Int {
        let zoom = camera.zoom.isFinite ? max(camera.zoom.rounded(.down), min(camera.zoom.rounded(), 1)) : 0
        return Int(min(max(zoom, Double(levels.lowerBound)), Double(max(levels.upperBound, deepestLevel))))
    }

    /// The tiles whose labels a frame places, from those the label layer
    /// holds: each visible tile's ancestor at the `labelLevel` (or the tile,
    /// when it is of that level or above) once its labels came in; or else
    /// the visible tile, or the nearest ancestor whose labels came in,
    /// standing in for it; each tile once.
    static func labelTiles<Held>(camera: Camera, levels: ClosedRange<Int>, held: [TileID: Held]) -> [TileID] {
        guard !held.isEmpty else { return [] }
        let cover = TileCover(camera: camera, levels: levels.lowerBound...max(levels.upperBound, deepestLevel))
        let level = labelLevel(camera: camera, levels: levels)
        let depth = min(fallbackDepth, min(cover.level, level) - levels.lowerBound)
        var used = Set<TileID>()
        var tiles: [TileID] = []
        for placement in cover.placements {
            let own = placement.tile.z > level ? placement.tile.ancestor(at: level) : placement.tile
            // Until the level's tile comes in, the drawn tile's own labels stand in, then an ancestor's.
            let tile = held[own] != nil ? own : held[placement.tile] != nil ? placement.tile
                : own.nearestAncestor(levelsUp: depth) { held[$0] != nil }
            guard let tile, used.insert(tile).inserted else { continue }
            tiles.append(tile)
        }
        return tiles
    }

    private static func appendPlaceholder(in rect: Rect, to commands: inout [DrawCommand]) {
        commands.append(.rect(rect, placeholderFill))
        let step = rect.width / placeholderGridCells
        for i in 1..<Int(placeholderGridCells) {
            let x = (rect.minX + Double(i) * step).rounded()
            let y = (rect.minY + Double(i) * rect.height / placeholderGridCells).rounded()
            commands.append(.line(from: Point(x: x, y: rect.minY), to: Point(x: x, y: rect.maxY - 1),
                                  color: placeholderLine, width: 1))
            commands.append(.line(from: Point(x: rect.minX, y: y), to: Point(x: rect.maxX - 1, y: y),
                                  color: placeholderLine, width: 1))
        }
    }
}
