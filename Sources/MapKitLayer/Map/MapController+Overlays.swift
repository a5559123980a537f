import MapEngine

/// Overlays: lines, areas and circles over the map (after MapKit's
/// `addOverlay(_:level:)`), kept by `overlayLayer`. Beyond MapKit, a click
/// near a line (a finger's tap) or inside an area selects it: a halo, and a
/// callout where it was touched; `Escape` or a click elsewhere deselects.
///
///     map.addOverlay(Polyline(coordinates: track))
///     map.addOverlay(Circle(center: home, radius: 500), level: .aboveLabels)
extension MapController {
    /// The overlays on the map, in the order added.
    public var overlays: [any Overlay] { overlayLayer.overlays }

    /// Puts `overlay` on the map at `level`, above those there already, drawn
    /// by the delegate's `rendererFor`, or a standard blue line or area.
    public func addOverlay(_ overlay: any Overlay, level: OverlayLevel = .aboveRoads) {
        overlayLayer.add(overlay, level: level,
                         renderer: delegate?.mapView(self, rendererFor: overlay) ?? OverlayLayer.standardRenderer(for: overlay))
    }

    /// Puts `overlay` on the map drawn by `renderer`: for shapes whose file says how they look.
    public func addOverlay(_ overlay: any Overlay, level: OverlayLevel = .aboveRoads, renderer: OverlayRenderer) {
        overlayLayer.add(overlay, level: level, renderer: renderer)
    }

    /// Takes `overlay` off the map (and its selection); nothing happens when it is not on it.
    public func removeOverlay(_ overlay: any Overlay) {
        if overlay === selectedOverlay { deselectOverlay() }
        overlayLayer.remove(overlay)
    }

    /// The renderer `overlay` is drawn with; after changing its properties, call `overlayRenderersChanged()`.
    public func renderer(for overlay: any Overlay) -> OverlayRenderer? { overlayLayer.renderer(for: overlay) }

    /// Redraws the overlays whose renderers changed.
    public func overlayRenderersChanged() { overlayLayer.refreshPaints() }

    /// The selected overlay, if any.
    public var selectedOverlay: (any Overlay)? { overlayLayer.selected }

    /// Selects `overlay`, its callout over `point` (screen pixels) or its own
    /// coordinate; any other selection ends first.
    public func selectOverlay(_ overlay: any Overlay, near point: Point? = nil) { selection.select(overlay, near: point) }

    /// Ends the overlay's selection, closing its callout.
    public func deselectOverlay() { selection.clearOverlay() }
}
