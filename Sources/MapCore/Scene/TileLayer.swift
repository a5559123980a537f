/// Builds the tile part of a scene: each visible tile, or the part of a loaded
/// ancestor standing in for it, or a quiet placeholder.
///
///     let layer = TileLayer.build(camera: camera, levels: 0...5, tiles: loader)
///     layer.commands      // tiles and placeholders, in drawing order
///     layer.requests      // what to load next
public enum TileLayer {
    /// How many levels up a stand-in ancestor is looked for. Good offline
    /// viewers scale a parent up to 3 levels; 5 still looks like a map (each
    /// source pixel becomes 32) and covers a fast zoom-in from the world view.
    public static let fallbackDepth = 5

    /// The colour beyond the poles, and behind everything a renderer draws.
    public static let backgroundColor = Color(hex: 0xDCD9D3)

    /// The placeholder for a tile with nothing to show: a light fill with a
    /// faint grid, so it reads as "not here yet" rather than as sea or land.
    public static let placeholderFill = Color(hex: 0xECE9E3)
    /// The colour of the grid drawn where a tile has not come in yet.
    public static let placeholderLine = Color(hex: 0xDDD9D1)
    static let placeholderGridCells = 4.0

    /// Tiles are drawn down to this level, the camera's deepest zoom. Past
    /// the source's last level they are made from its deepest tiles (see
    /// `OverzoomSampler`), so no tile is ever drawn larger than about
    /// 1.4 times its size, and a frame at zoom 20 costs what one at the
    /// source's last level does.
    public static let deepestLevel = Int(Camera.zoomLimits.upperBound)

    /// `levels` are the levels the source holds.
    public static func build(camera: Camera, levels: ClosedRange<Int>,
                             tiles: TileStatusProviding) -> (commands: [DrawCommand], requests: [TileID]) {
        let cover = TileCover(camera: camera, levels: levels.lowerBound...max(levels.upperBound, deepestLevel))
        let full = Rect(x: 0, y: 0, width: WebMercator.tileSize, height: WebMercator.tileSize)
        var commands: [DrawCommand] = []
        commands.reserveCapacity(cover.placements.count + 1)
        if camera.worldSize < camera.viewportSize.height {
            // The whole world is shorter than the window: fill beyond the poles.
            commands.append(.rect(Rect(origin: .zero, size: camera.viewportSize), backgroundColor))
        }
        var standIns = Set<TileID>()
        let depth = min(fallbackDepth, cover.level - levels.lowerBound)
        for placement in cover.placements {
            let status = tiles.status(of: placement.tile)
            if status == .loaded {
                commands.append(.tile(TileDraw(tile: placement.tile, source: full, rect: placement.rect)))
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
            if status != .failed,
               let fallback = TileFallback.nearest(for: placement.tile, maxLevelsUp: depth,
                                                   isLoaded: { tiles.status(of: $0) == .loaded }) {
                commands.append(.tile(TileDraw(tile: fallback.ancestor, source: fallback.sourceRect,
                                               rect: placement.rect)))
            } else {
                appendPlaceholder(in: placement.rect, to: &commands)
            }
        }
        let middle = camera.viewportSize.center
        let visible = cover.placements
            .sorted { ($0.rect.center - middle).length < ($1.rect.center - middle).length }
            .map(\.tile)
        // Each tile once (copies of the world repeat them), nearest the middle first.
        var seen = Set<TileID>(), own: [TileID] = []
        for tile in visible where seen.insert(tile).inserted { own.append(tile) }
        let requests = tiles.asksForStandIns ? standIns.sorted() + own.filter { !standIns.contains($0) } : own
        return (commands, requests)
    }

    /// The view's own tiles and where they go, nearest the middle first, each
    /// once (whatever is loaded): what overlays are painted on.
    public static func cover(camera: Camera, levels: ClosedRange<Int>) -> [TileDraw] {
        let cover = TileCover(camera: camera, levels: levels.lowerBound...max(levels.upperBound, deepestLevel))
        let full = Rect(x: 0, y: 0, width: WebMercator.tileSize, height: WebMercator.tileSize)
        let middle = camera.viewportSize.center
        return cover.placements
            .sorted { ($0.rect.center - middle).length < ($1.rect.center - middle).length }
            .map { TileDraw(tile: $0.tile, source: full, rect: $0.rect) }
    }

    /// The labels of the tiles a frame draws: each visible tile's own, or
    /// those of the ancestor standing in for it.
    public static func labelCandidates(camera: Camera, levels: ClosedRange<Int>,
                                       tiles: TileStatusProviding) -> [LabelCandidate] {
        let cover = TileCover(camera: camera, levels: levels.lowerBound...max(levels.upperBound, deepestLevel))
        let depth = min(fallbackDepth, cover.level - levels.lowerBound)
        var used = Set<TileID>()
        var candidates: [LabelCandidate] = []
        for placement in cover.placements {
            var tile: TileID? = placement.tile
            if tiles.status(of: placement.tile) != .loaded {
                tile = TileFallback.nearest(for: placement.tile, maxLevelsUp: depth,
                                            isLoaded: { tiles.status(of: $0) == .loaded })?.ancestor
            }
            guard let tile, used.insert(tile).inserted else { continue }
            candidates += tiles.labels(of: tile)
        }
        return candidates
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
