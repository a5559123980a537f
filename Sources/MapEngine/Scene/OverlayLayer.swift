/// The overlays on a map (`MapController.addOverlay`), in the order added,
/// with their level, their renderer's paint and the one selected; a
/// version that changes with every change, so tiles painted for an older
/// set are dropped. It answers what a frame draws (`commands`), what the
/// tile painters paint (`tiles`), what a click hits and what a dump lists.
@MainActor
package final class OverlayLayer {
    struct Entry {
        let overlay: any Overlay
        let level: OverlayLevel
        let renderer: OverlayRenderer
        var paint: OverlayPaint
    }

    private var entries: [Entry] = []
    /// Bumped by every change; painted overlay tiles carry the version they show.
    package private(set) var version = 0
    /// The selected overlay, drawn highlighted.
    package private(set) var selected: (any Overlay)?
    /// Told of every change, to ask for a frame.
    package var changed: () -> Void = {}

    /// A layer with no overlays.
    package init() {}

    package var overlays: [any Overlay] { entries.map(\.overlay) }
    package var isEmpty: Bool { entries.isEmpty }

    package func add(_ overlay: any Overlay, level: OverlayLevel, renderer: OverlayRenderer) {
        entries.append(Entry(overlay: overlay, level: level, renderer: renderer, paint: renderer.paint()))
        bump()
    }

    package func remove(_ overlay: any Overlay) {
        let before = entries.count
        entries.removeAll { $0.overlay === overlay }
        if entries.count != before { bump() }
    }

    /// The renderer `overlay` is drawn with; nil when it is not on the map.
    package func renderer(for overlay: any Overlay) -> OverlayRenderer? {
        entries.first { $0.overlay === overlay }?.renderer
    }

    /// Takes renderers' changed properties: a new version when any paint differs.
    package func refreshPaints() {
        var differs = false
        for index in entries.indices {
            let paint = entries[index].renderer.paint()
            if paint != entries[index].paint { entries[index].paint = paint; differs = true }
        }
        if differs { bump() }
    }

    /// Selects `overlay` (nil: none); a change repaints.
    package func select(_ overlay: (any Overlay)?) {
        guard selected !== overlay else { return }
        selected = overlay
        bump()
    }

    private func bump() {
        version += 1
        changed()
    }

    /// What tiles of one level show at this `version`: its overlays' paints,
    /// bottom first, the selected one highlighted.
    package func paints(at level: OverlayLevel) -> [OverlayPaint] {
        entries.filter { $0.level == level }.map { $0.paint.highlighted($0.overlay === selected) }
    }


    /// The keys to the overlays' colours, in the order the overlays were added.
    package func legends() -> [OverlayLegend] { entries.compactMap(\.renderer.legend) }

    /// Each overlay's id (its title, else "overlay-N" by its place in the
    /// order added) and whether it is selected, for scene dumps.
    package func summaries() -> [(id: String, selected: Bool)] {
        entries.enumerated().map { index, entry in (entry.overlay.title ?? "overlay-\(index)", entry.overlay === selected) }
    }

    /// Commands drawing the overlay tiles of `level` over the view's tiles
    /// (a renderer draws those it has painted for this version); where this
    /// version's tile is not in yet, the earlier version's picture `tiles`
    /// keeps stands in, so a selection never blanks the overlays.
    package func commands(level: OverlayLevel, cover: [TileImageDraw], tiles: TileStatusProviding) -> [DrawCommand] {
        guard entries.contains(where: { $0.level == level }) else { return [] }
        let layer = TileKey.Layer.overlay(level, version: version)
        return cover.map { draw in
            var key = TileKey(tile: draw.tile, layer: layer)
            if tiles.status(of: key) != .loaded, let standIn = tiles.overlayStandIn(for: key) { key = standIn }
            return .tile(TileImageDraw(key: key, source: draw.source, rect: draw.rect, mesh: draw.mesh))
        }
    }

    /// The overlay tiles to paint for the view's `cover`, level by level, nearest the middle first.
    package func requests(cover: [TileImageDraw]) -> [TileKey] {
        OverlayLevel.allCases.flatMap { level -> [TileKey] in
            guard entries.contains(where: { $0.level == level }) else { return [] }
            return cover.map { TileKey(tile: $0.tile, layer: .overlay(level, version: version)) }
        }
    }

    /// The overlay under a screen point (pixels) within a mouse's reach
    /// (22 points) or a finger's (44): the nearest, above the labels before
    /// below them, the last added first at a tie.
    package func overlay(at point: Point, camera: Camera, scale: Double, finger: Bool) -> (any Overlay)? {
        let world = camera.worldPoint(at: point), reach = (finger ? 44 : 22) * scale / camera.worldSize
        var best: (overlay: any Overlay, distance: Double)?
        for level in OverlayLevel.allCases.reversed() {
            for entry in entries.reversed() where entry.level == level {
                guard let distance = OverlayHitTest.distance(from: world, to: entry.paint.geometry, within: reach) else { continue }
                if best == nil || distance < best!.distance { best = (entry.overlay, distance) }
            }
            if best != nil { break }
        }
        return best?.overlay
    }

    /// A blue line 3 points wide, or a blue outline around a lighter blue area.
    package static func standardRenderer(for overlay: any Overlay) -> OverlayRenderer {
        guard case .areas = overlay.geometry else { return PolylineRenderer(polyline: overlay) }
        let renderer = PolygonRenderer(polygon: overlay)
        renderer.strokeColor = Color(rgba: 0, 122, 255)
        renderer.fillColor = Color(rgba: 0, 122, 255, 56)
        renderer.lineWidth = 2
        return renderer
    }
}
