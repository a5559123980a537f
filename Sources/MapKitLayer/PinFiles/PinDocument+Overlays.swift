import MapEngine

/// The lines and areas a pins file draws: a GeoJSON file's shapes as
/// simplestyle says, a GPX file's routes and tracks as `TrackOverlay`s.
@MainActor
extension PinDocument {
    /// Each overlay with its renderer, routes under tracks; tracks that
    /// have data for `coloring` are coloured by it.
    ///
    ///     for (overlay, renderer) in document.overlays(coloring: .speed) {
    ///         map.addOverlay(overlay, renderer: renderer)
    ///     }
    public func overlays(coloring: TrackColoring? = nil) -> [(overlay: any Overlay, renderer: OverlayRenderer)] {
        var result: [(overlay: any Overlay, renderer: OverlayRenderer)] = []
        for shape in shapes {
            for overlay in shape.overlays() { result.append((overlay, shape.renderer(for: overlay))) }
        }
        guard let gpx else { return result }
        let routes = gpx.routes.filter { $0.points.count > 1 }.map(TrackOverlay.init(route:))
        let tracks = gpx.tracks.filter { $0.segments.contains { $0.count > 1 } }.map(TrackOverlay.init(track:))
        for overlay in routes + tracks {
            let renderer = TrackRenderer(track: overlay)
            if let coloring, overlay.colorings.contains(coloring) { renderer.coloring = coloring }
            result.append((overlay, renderer))
        }
        return result
    }
}
