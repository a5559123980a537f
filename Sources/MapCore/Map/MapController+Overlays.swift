/// Overlays: lines, areas and circles drawn over the map (after MapKit's
/// `addOverlay(_:level:)`). Each is drawn with the renderer the delegate's
/// `rendererFor` gives, or a standard blue one.
///
///     map.addOverlay(Polyline(coordinates: track))
///     map.addOverlay(Circle(center: home, radius: 500), level: .aboveLabels)
extension MapController {
    /// The overlays on the map, in the order added.
    public var overlays: [any Overlay] { overlayStore.overlays }

    /// Puts `overlay` on the map at `level`, above those there already.
    public func addOverlay(_ overlay: any Overlay, level: OverlayLevel = .aboveRoads) {
        addOverlay(overlay, level: level, renderer: delegate?.mapView(self, rendererFor: overlay) ?? Self.standardRenderer(for: overlay))
    }

    /// Puts `overlay` on the map at `level`, drawn by `renderer` (the
    /// delegate is not asked): for shapes whose file says how they look.
    public func addOverlay(_ overlay: any Overlay, level: OverlayLevel = .aboveRoads, renderer: OverlayRenderer) {
        overlayStore.add(overlay, level: level, renderer: renderer)
        setNeedsDisplay()
    }

    /// Takes `overlay` off the map; nothing happens when it is not on it.
    public func removeOverlay(_ overlay: any Overlay) {
        overlayStore.remove(overlay)
        setNeedsDisplay()
    }

    /// The renderer `overlay` is drawn with (change its properties, then
    /// call `setNeedsDisplay(for:)`); nil when it is not on the map.
    public func renderer(for overlay: any Overlay) -> OverlayRenderer? {
        overlayStore.renderer(for: overlay)
    }

    /// Redraws overlays whose renderers changed.
    public func overlayRenderersChanged() {
        overlayStore.refreshPaints()
        setNeedsDisplay()
    }

    /// Which overlays to draw on tiles now, and the version they make:
    /// tiles painted for another version are stale.
    public var overlayTiles: (version: Int, paints: [OverlayLevel: [OverlayPaint]]) {
        (overlayStore.version, Dictionary(uniqueKeysWithValues: OverlayLevel.allCases.map { ($0, overlayStore.paints(at: $0)) }))
    }

    /// A blue line 3 points wide, or a blue outline around a lighter blue area.
    static func standardRenderer(for overlay: any Overlay) -> OverlayRenderer {
        switch overlay.geometry {
        case .lines:
            return PolylineRenderer(polyline: overlay)
        case .areas:
            let renderer = PolygonRenderer(polygon: overlay)
            renderer.strokeColor = Color(red: 0, green: 122, blue: 255)
            renderer.fillColor = Color(red: 0, green: 122, blue: 255, alpha: 56)
            renderer.lineWidth = 2
            return renderer
        }
    }

    /// Commands drawing the overlay tiles of `level` over the view's tiles
    /// (a renderer draws those it has painted for `version`).
    func overlayCommands(level: OverlayLevel, cover: [TileDraw]) -> [DrawCommand] {
        guard !overlayStore.paints(at: level).isEmpty else { return [] }
        return cover.map {
            .tile(TileDraw(tile: $0.tile, source: $0.source, rect: $0.rect, layer: "overlay-\(level.rawValue)-\(overlayStore.version)"))
        }
    }
}
